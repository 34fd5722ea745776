import { ROLE } from '@app/shared/roles';
import type { ChatHistoryResponse, MessageView } from '@app/shared/schemas/chat';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies } from '../test/boundary.ts';
import {
  backoffDelay,
  type Credentials,
  createRealtime,
  REALTIME_TIMING,
  type RealtimeClient,
  type RealtimeEvent,
  type RealtimeOptions,
  realtimeAllowedOn,
  type SocketLike,
  tokenExpiry,
  useRealtimeConnection,
} from './realtime.ts';
import { clearSession, saveSession } from './session.ts';

/** A WebSocket double: records what the client sends; the test opens, pushes and closes it. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedByClient = false;
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  /** Answers every ping with a pong, as functions/src/ws/default.ts does. */
  autoPong = false;
  send(data: string) {
    this.sent.push(data);
    if (this.autoPong && JSON.parse(data).type === 'ping') {
      void Promise.resolve().then(() => this.push({ type: 'pong' }));
    }
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }
  // The server side:
  accept() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  push(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
  get pings() {
    return this.sent.filter((s) => JSON.parse(s).type === 'ping').length;
  }
}

const ROOM = 'creator1_fan1';
const ulid = (n: number) => `01J${String(n).padStart(23, '0')}`;
const message = (n: number, room = ROOM): MessageView => ({
  id: ulid(n),
  chatroom_id: room,
  sender_id: 'creator1',
  kind: 'text',
  text: `m${n}`,
  file: null,
  stamp_id: null,
  cost: 0,
  deleted: null,
  created_at: new Date(Date.UTC(2026, 4, 1, 0, n)).toISOString(),
});

/** An HS256-looking token whose payload says it expires at `expSeconds`. */
const jwt = (expSeconds: number) =>
  `h.${btoa(JSON.stringify({ sub: 'fan1', exp: expSeconds })).replace(/=+$/, '')}.s`;

function setup(over: Partial<RealtimeOptions> = {}) {
  let creds: Credentials | null = { token: jwt(Date.now() / 1000 + 3600), profileId: 'fan1' };
  const history = vi.fn<RealtimeOptions['history']>(async () => ({ messages: [], next_cursor: null }));
  const renewToken = vi.fn<RealtimeOptions['renewToken']>(async () => true);
  const statuses: boolean[] = [];
  const client = createRealtime({
    url: () => 'ws://localhost:3000/ws',
    credentials: () => creds,
    renewToken,
    history,
    socket: (url) => new FakeSocket(url),
    random: () => 1,
    onStatus: (c) => statuses.push(c),
    ...over,
  });
  const events: RealtimeEvent[] = [];
  client.subscribe((e) => events.push(e));
  return {
    client,
    events,
    history,
    renewToken,
    statuses,
    setCreds: (c: Credentials | null) => {
      creds = c;
    },
    messages: () =>
      events.filter((e) => e.type === 'message').map((e) => (e as { message: MessageView }).message.id),
  };
}

/** Lets the client's awaited promises (renewal, catch-up pages) run. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

const last = () => FakeSocket.all.at(-1) as FakeSocket;

describe('realtime client', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says which profile it watches on every socket it opens, and hands out purchase log pushes', async () => {
    const { client, events } = setup();
    client.watch('creator1');
    client.setActive(true);
    await settle();
    const first = last();
    expect(first.sent).toEqual([]);
    first.accept();
    expect(first.sent.map((x) => JSON.parse(x))).toEqual([{ type: 'watch', creator_id: 'creator1' }]);
    const entry = {
      id: ulid(1),
      item: { id: 'item1', name: '写真集', thumbnail: null },
      buyer: null,
      purchased_at: '2026-05-01T00:00:00Z',
    };
    first.push({ type: 'purchase_log', creator_id: 'creator1', entry });
    expect(events).toContainEqual({ type: 'purchase_log', creator_id: 'creator1', entry });
    // The same profile again sends nothing; another, or none, is said at once.
    client.watch('creator1');
    client.watch(null);
    expect(first.sent.map((x) => JSON.parse(x))).toEqual([
      { type: 'watch', creator_id: 'creator1' },
      { type: 'watch', creator_id: null },
    ]);
    client.watch('creator2');
    first.drop();
    await vi.advanceTimersByTimeAsync(REALTIME_TIMING.backoffMaxMs);
    await settle();
    last().accept();
    expect(last()).not.toBe(first);
    expect(last().sent.map((x) => JSON.parse(x))).toContainEqual({ type: 'watch', creator_id: 'creator2' });
    client.reset();
  });

  it('connects with the access token and profile id in the query string, only when active', async () => {
    const { client, statuses } = setup();
    await settle();
    expect(FakeSocket.all).toHaveLength(0);
    client.setActive(true);
    await settle();
    expect(FakeSocket.all).toHaveLength(1);
    const url = new URL(last().url);
    expect(url.origin + url.pathname).toBe('ws://localhost:3000/ws');
    expect(url.searchParams.get('profile_id')).toBe('fan1');
    expect(tokenExpiry(url.searchParams.get('token') ?? '')).toBeGreaterThan(Date.now());
    last().accept();
    expect(client.connected()).toBe(true);
    expect(statuses).toEqual([true]);
    client.setActive(false);
    expect(last().closedByClient).toBe(true);
    expect(statuses).toEqual([true, false]);
  });

  it('does not connect without credentials or without a WebSocket URL', async () => {
    const a = setup({ renewToken: async () => false });
    a.setCreds(null);
    a.client.setActive(true);
    await settle();
    expect(FakeSocket.all).toHaveLength(0);

    const b = setup({ url: () => '' });
    b.client.setActive(true);
    await settle();
    expect(FakeSocket.all).toHaveLength(0);
  });

  it('renews an expired access token before connecting', async () => {
    const { client, renewToken, setCreds } = setup();
    setCreds({ token: jwt(Date.now() / 1000 - 10), profileId: 'fan1' });
    renewToken.mockImplementation(async () => {
      setCreds({ token: jwt(Date.now() / 1000 + 3600), profileId: 'fan1' });
      return true;
    });
    client.setActive(true);
    await settle();
    expect(renewToken).toHaveBeenCalledTimes(1);
    const token = new URL(last().url).searchParams.get('token') ?? '';
    expect(tokenExpiry(token)).toBeGreaterThan(Date.now());
  });

  it('hands pushes to subscribers, once per message', async () => {
    const { client, messages, events } = setup();
    client.setActive(true);
    await settle();
    last().accept();
    last().push({ type: 'message', message: message(1) });
    last().push({ type: 'message', message: message(1) });
    last().push({ type: 'unread', chatroom_id: ROOM, unread: 2, unread_total: 5 });
    last().push({ type: 'pong' });
    last().push({ type: 'something_else' });
    expect(messages()).toEqual([ulid(1)]);
    expect(events.filter((e) => e.type === 'unread')).toHaveLength(1);
    const unsubscribeAll = client.subscribe(() => {
      throw new Error('a failing listener does not stop the others');
    });
    last().push({ type: 'message', message: message(2) });
    expect(messages()).toEqual([ulid(1), ulid(2)]);
    unsubscribeAll();
  });

  it('pings under the 10-minute idle limit and reconnects when a ping goes unanswered', async () => {
    const { client } = setup();
    client.setActive(true);
    await settle();
    const first = last();
    first.accept();
    expect(REALTIME_TIMING.heartbeatMs).toBeLessThan(10 * 60_000);
    vi.advanceTimersByTime(REALTIME_TIMING.heartbeatMs);
    expect(first.pings).toBe(1);
    first.push({ type: 'pong' });
    vi.advanceTimersByTime(REALTIME_TIMING.heartbeatMs);
    expect(first.pings).toBe(2);
    // No pong this time: the socket is given up and a new one opened after the backoff.
    vi.advanceTimersByTime(REALTIME_TIMING.pongTimeoutMs);
    expect(first.closedByClient).toBe(true);
    expect(client.connected()).toBe(false);
    vi.advanceTimersByTime(backoffDelay(0, () => 1));
    await settle();
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('reconnects with growing backoff while the server is away, and resets it after a success', async () => {
    const { client } = setup();
    client.setActive(true);
    await settle();
    last().accept();
    last().drop();
    const delays = [0, 1, 2, 3].map((n) => backoffDelay(n, () => 1));
    expect(delays).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(20, () => 1)).toBe(REALTIME_TIMING.backoffMaxMs);
    expect(backoffDelay(0, () => 0)).toBe(500);
    for (const [i, delay] of delays.entries()) {
      vi.advanceTimersByTime(delay - 1);
      await settle();
      expect(FakeSocket.all).toHaveLength(i + 1);
      vi.advanceTimersByTime(1);
      await settle();
      expect(FakeSocket.all).toHaveLength(i + 2);
      last().drop(); // refused before opening
    }
    // A socket that never opened may mean an expired token: renewed before the next try.
    vi.advanceTimersByTime(REALTIME_TIMING.backoffMaxMs);
    await settle();
    last().accept();
    expect(client.connected()).toBe(true);
    last().drop();
    vi.advanceTimersByTime(1000);
    await settle();
    expect(FakeSocket.all).toHaveLength(7);
  });

  it('opens a new socket before the 2-hour limit and closes the old one once the new one is open', async () => {
    const { client, messages, history, statuses } = setup();
    client.setActive(true);
    await settle();
    const first = last();
    first.accept();
    first.autoPong = true;
    await vi.advanceTimersByTimeAsync(REALTIME_TIMING.renewAfterMs);
    expect(first.pings).toBeGreaterThan(20);
    expect(REALTIME_TIMING.renewAfterMs).toBeLessThan(2 * 60 * 60_000);
    expect(FakeSocket.all).toHaveLength(2);
    const second = last();
    expect(first.closedByClient).toBe(false);
    // A message pushed to both sockets during the swap arrives once.
    first.push({ type: 'message', message: message(3) });
    second.accept();
    second.push({ type: 'message', message: message(3) });
    expect(first.closedByClient).toBe(true);
    expect(messages()).toEqual([ulid(3)]);
    expect(client.connected()).toBe(true);
    expect(statuses).toEqual([true]);
    expect(history).not.toHaveBeenCalled();
  });

  it('after a reconnect, catches up the rooms it has seen from the history, then says it is in sync', async () => {
    const pages: Record<string, ChatHistoryResponse> = {
      [ulid(2)]: { messages: [message(3), message(4)], next_cursor: ulid(4) },
      [ulid(4)]: { messages: [message(5)], next_cursor: null },
    };
    const history = vi.fn(async (_room: string, after: string) => pages[after] ?? null);
    const { client, messages, events } = setup({ history });
    client.setActive(true);
    await settle();
    last().accept();
    last().push({ type: 'message', message: message(1) });
    client.seen(ROOM, ulid(2)); // the room page showed up to message 2
    last().drop();
    vi.advanceTimersByTime(1000);
    await settle();
    last().accept();
    await settle();
    expect(history.mock.calls).toEqual([
      [ROOM, ulid(2)],
      [ROOM, ulid(4)],
    ]);
    expect(messages()).toEqual([ulid(1), ulid(3), ulid(4), ulid(5)]);
    const caughtUp = events.filter((e) => e.type === 'message' && e.catchUp).length;
    expect(caughtUp).toBe(3);
    expect(events.at(-1)).toEqual({ type: 'synced', since: expect.any(Number) });
    // A push of a message the catch-up delivered is not delivered again.
    last().push({ type: 'message', message: message(5) });
    expect(messages()).toHaveLength(4);
  });

  it('catches up on the first connection too: the screen may have read the room before the socket was up', async () => {
    const history = vi.fn(async () => ({ messages: [message(4)], next_cursor: null }));
    const { client, messages, events } = setup({ history });
    client.seen(ROOM, ulid(3));
    client.setActive(true);
    await settle();
    expect(events.some((e) => e.type === 'synced')).toBe(false);
    last().accept();
    await settle();
    expect(history).toHaveBeenCalledWith(ROOM, ulid(3));
    expect(messages()).toEqual([ulid(4)]);
    expect(events.at(-1)).toEqual({ type: 'synced', since: expect.any(Number) });
    // Live lists read after this moment miss nothing; a drop ends it.
    expect(client.syncedSince()).toBe((events.at(-1) as { since: number }).since);
    last().drop();
    expect(client.syncedSince()).toBeNull();
  });

  it('replaces a deaf socket: a push owed for our own message that never comes means reconnect and catch up', async () => {
    const history = vi.fn(async () => ({ messages: [message(6)], next_cursor: null }));
    const { client, messages } = setup({ history });
    client.setActive(true);
    await settle();
    last().accept();
    await settle();
    client.seen(ROOM, ulid(5));
    client.expectDelivery(ulid(5));
    vi.advanceTimersByTime(REALTIME_TIMING.deliveryCheckMs - 1);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all[0]?.closedByClient).toBe(true);
    vi.advanceTimersByTime(1000);
    await settle();
    expect(FakeSocket.all).toHaveLength(2);
    last().accept();
    await settle();
    expect(history).toHaveBeenLastCalledWith(ROOM, ulid(5));
    expect(messages()).toEqual([ulid(6)]);
  });

  it('keeps a socket that delivers what it owes, and checks nothing while disconnected', async () => {
    const { client } = setup();
    client.setActive(true);
    await settle();
    client.expectDelivery(ulid(1)); // not open yet: the catch-up covers it
    last().accept();
    await settle();
    client.expectDelivery(ulid(2));
    last().push({ type: 'message', message: message(2) });
    last().push({ type: 'message', message: message(3) });
    client.expectDelivery(ulid(3)); // arrived before the answer to the send
    vi.advanceTimersByTime(REALTIME_TIMING.deliveryCheckMs * 2);
    await settle();
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().closedByClient).toBe(false);
  });

  it('checks the connection at once when the page comes back', async () => {
    const { client } = setup();
    client.setActive(true);
    await settle();
    last().accept();
    client.poke();
    expect(last().pings).toBe(1);
    last().drop();
    client.poke();
    await settle();
    expect(FakeSocket.all).toHaveLength(2);
  });
});

describe('realtimeAllowedOn', () => {
  it('excludes the index, line-callback, creator, user, terms and commercial routes in every language', () => {
    for (const prefix of ['', '/en', '/ja']) {
      for (const path of [
        '/',
        '/line-callback',
        '/creator',
        '/creator/login',
        '/creator/register/verify',
        '/creator/terms',
        '/user/login',
        '/user/line-recovery',
        '/terms',
        '/commercial',
      ]) {
        expect(realtimeAllowedOn(`${prefix}${path === '/' && prefix ? '' : path}`), `${prefix}${path}`).toBe(
          false,
        );
      }
      for (const path of ['/home', '/chatroom', '/chatroom/sakura', '/notice', '/store', '/mypage/points']) {
        expect(realtimeAllowedOn(`${prefix}${path}`), `${prefix}${path}`).toBe(true);
      }
    }
    expect(realtimeAllowedOn('/en/')).toBe(false);
    expect(realtimeAllowedOn('/terms/')).toBe(false);
  });
});

describe('useRealtimeConnection', () => {
  const signIn = (roleId: number) =>
    saveSession({
      access_token: 'access',
      refresh_token: 'refresh',
      refresh_token_expires_at: '2030-01-01T00:00:00Z',
      profile_id: `p${roleId}`,
      role_id: roleId,
    });
  /** What the hook asks of the client: only `setActive` and `reset` matter here. */
  const fakeClient = () => {
    const setActive = vi.fn<RealtimeClient['setActive']>();
    return { setActive, client: { setActive, reset: vi.fn() } as unknown as RealtimeClient };
  };
  beforeEach(() => clearCookies());
  afterEach(() => clearSession());

  it('connects a member’s session on an allowed route', () => {
    for (const role of [ROLE.USER, ROLE.CREATOR, ROLE.FAN]) {
      signIn(role);
      const { setActive, client } = fakeClient();
      const { unmount } = renderHook(() => useRealtimeConnection('/home', client));
      expect(setActive, `role ${role}`).toHaveBeenLastCalledWith(true);
      unmount();
    }
  });

  it('never connects an operator’s session (the server refuses its socket)', () => {
    signIn(ROLE.ADMIN);
    const { setActive, client } = fakeClient();
    for (const path of ['/admin', '/admin/reports', '/home', '/en/store']) {
      const { unmount } = renderHook(() => useRealtimeConnection(path, client));
      expect(setActive, path).not.toHaveBeenCalledWith(true);
      unmount();
    }
  });
});
