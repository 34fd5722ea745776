/**
 * The realtime client (spec 4 "Realtime connection"): one WebSocket to the runtime config's
 * `wsUrl` per tab, opened only with both an access token and a profile id, not on the routes the
 * spec excludes, and never for an operator (role 3). It keeps itself alive and current:
 *
 * - a heartbeat ping well under API Gateway's 10-minute idle limit (the server answers pong); a
 *   ping left unanswered closes the socket and reconnects;
 * - reconnects with exponential backoff and jitter after a drop, and proactively before the
 *   2-hour connection limit (the new socket opens before the old one closes, so nothing is lost);
 * - each time a socket opens (the first time too: a screen may have read its data before the
 *   socket was up), catches up the messages of every chatroom it has seen from the stored history
 *   (`GET /chat/{room}/{lastId}?direction=newer`) and hands them to subscribers as if they had
 *   been pushed, then says `synced` (subscribers re-read lists and counters).
 *
 * Features subscribe with `realtime.subscribe(listener)`; the connection state is mirrored into
 * the auth state's `websocket_connected`.
 */
import { ROLE } from '@app/shared/roles';
import { type ChatHistoryResponse, type ChatPush, chatHistoryResponse } from '@app/shared/schemas/chat';
import type { PurchaseLogPush } from '@app/shared/schemas/shop';
import { useEffect, useRef } from 'react';
import * as z from 'zod/mini';
import { apiRequest } from './api.ts';
import { runtimeConfig } from './config.ts';
import { splitPrefix } from './lang.ts';
import { accessToken, authStore, profileId, refreshToken } from './session.ts';
import { useStore } from './store.ts';

/**
 * What subscribers receive: the server's pushes, the connection's state, and `synced` once a
 * socket is open and caught up: from then on no push is missed, so data read before is re-read.
 */
export type RealtimeEvent =
  | (ChatPush & { catchUp?: boolean })
  | PurchaseLogPush
  | { type: 'synced'; since: number }
  | { type: 'status'; connected: boolean };

export type RealtimeListener = (event: RealtimeEvent) => void;

/** The subset of the browser's WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: Event) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketFactory = (url: string) => SocketLike;

const OPEN = 1;
const MINUTE = 60_000;

export const REALTIME_TIMING = {
  /** A ping every 4 minutes: far under the 10-minute idle limit even when timers run late. */
  heartbeatMs: 4 * MINUTE,
  /** No pong within this time: the connection is dead. */
  pongTimeoutMs: 20_000,
  /** A fresh socket 10 minutes before API Gateway's 2-hour limit closes this one. */
  renewAfterMs: 110 * MINUTE,
  /** Backoff: 1 s, 2 s, 4 s… up to 30 s, each with ±50 % jitter. */
  backoffBaseMs: 1000,
  backoffMaxMs: 30_000,
  /** An access token expiring sooner than this is renewed before connecting. */
  tokenMarginMs: 30_000,
  /** A push the server owes this socket (our own sent message) missing after this: the socket is deaf. */
  deliveryCheckMs: 5000,
  /** Live lists wait at most this long for the first socket to be in sync before they read anyway. */
  firstSyncWaitMs: 3000,
} as const;

/** The unprefixed paths where the app never connects (spec 4). */
const EXCLUDED_EXACT = new Set(['/', '/line-callback', '/terms', '/commercial', '/creator']);
const EXCLUDED_PREFIXES = ['/creator/', '/user/'];

/** Whether a location (with or without /en, /ja) may hold a realtime connection. */
export function realtimeAllowedOn(pathname: string): boolean {
  const path = splitPrefix(pathname).path.replace(/(.)\/+$/, '$1');
  if (EXCLUDED_EXACT.has(path)) return false;
  return !EXCLUDED_PREFIXES.some((p) => path.startsWith(p));
}

/** The expiry (ms) of a JWT, or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Backoff before attempt `n` (0-based), with jitter in [50 %, 100 %] of the step. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(REALTIME_TIMING.backoffMaxMs, REALTIME_TIMING.backoffBaseMs * 2 ** attempt);
  return Math.round(step * (0.5 + random() / 2));
}

export interface Credentials {
  token: string;
  profileId: string;
}

export interface RealtimeOptions {
  /** The WebSocket endpoint; empty means realtime is off (e.g. the Vite dev server). */
  url: () => string;
  /** Current credentials, or null without a session. */
  credentials: () => Credentials | null;
  /** Makes the access token current (an authenticated call refreshes it); false when the session is gone. */
  renewToken: () => Promise<boolean>;
  /** Messages after `afterId` in a room, oldest first, page by page. */
  history: (chatroomId: string, afterId: string) => Promise<ChatHistoryResponse | null>;
  socket?: SocketFactory;
  now?: () => number;
  random?: () => number;
  onStatus?: (connected: boolean) => void;
}

export interface RealtimeClient {
  /** Wanted on (signed in, on an allowed route) or off; idempotent. */
  setActive(active: boolean): void;
  subscribe(listener: RealtimeListener): () => void;
  /** The newest message a feature has shown in a room: the catch-up starts after it. */
  seen(chatroomId: string, messageId: string): void;
  connected(): boolean;
  /** Wanted on (setActive(true)) with an endpoint to connect to: a sync is coming. */
  active(): boolean;
  /** Since when (ms) the open socket misses no push, once it is caught up; null while not in sync. */
  syncedSince(): number | null;
  /** The page came back (visible, online): check the connection now instead of at the next beat. */
  poke(): void;
  /**
   * A message this profile just sent: the server pushes it to every socket of the sender. When it
   * does not arrive over the open socket in time, the socket is deaf (half-open, or no longer known
   * to the gateway): it is replaced, and the catch-up brings whatever it missed.
   */
  expectDelivery(messageId: string): void;
  /**
   * The creator whose profile this tab shows (null: none): the server pushes their new sales
   * (`purchase_log`) to this socket. Said again on every socket the client opens.
   */
  watch(creatorId: string | null): void;
  /** For tests and sign-out: closes everything and forgets the rooms. */
  reset(): void;
}

const RECENT_IDS = 500;

export function createRealtime(opts: RealtimeOptions): RealtimeClient {
  const makeSocket: SocketFactory = opts.socket ?? ((url) => new WebSocket(url));
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const listeners = new Set<RealtimeListener>();
  /** The newest message id per room, for the catch-up. */
  const lastSeen = new Map<string, string>();
  /** Message ids already handed out (a push and its catch-up, or two sockets during a swap). */
  const delivered = new Set<string>();

  let active = false;
  /** The creator whose purchase log this tab follows (`watch`). */
  let watching: string | null = null;
  let socket: SocketLike | null = null;
  /** The socket replacing `socket` before the 2-hour limit. */
  let successor: SocketLike | null = null;
  let isConnected = false;
  let syncedAt: number | null = null;
  let attempt = 0;
  /** The last attempt never opened: maybe the token expired; renew before the next. */
  let suspectToken = false;
  let connecting = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  let pongTimer: ReturnType<typeof setTimeout> | null = null;
  let renewTimer: ReturnType<typeof setTimeout> | null = null;
  const deliveryTimers = new Set<ReturnType<typeof setTimeout>>();

  const emit = (event: RealtimeEvent) => {
    for (const l of [...listeners]) {
      try {
        l(event);
      } catch (err) {
        console.warn('realtime listener failed', err);
      }
    }
  };

  const setConnected = (value: boolean) => {
    if (isConnected === value) return;
    isConnected = value;
    if (!value) syncedAt = null;
    opts.onStatus?.(value);
    emit({ type: 'status', connected: value });
  };

  const remember = (id: string) => {
    delivered.add(id);
    if (delivered.size > RECENT_IDS) {
      const oldest = delivered.values().next().value;
      if (oldest !== undefined) delivered.delete(oldest);
    }
  };

  const noteSeen = (chatroomId: string, messageId: string) => {
    const prev = lastSeen.get(chatroomId);
    if (!prev || messageId > prev) lastSeen.set(chatroomId, messageId);
  };

  /** A message is delivered once, whichever way it came. */
  const deliver = (event: ChatPush & { catchUp?: boolean }) => {
    if (event.type === 'message') {
      if (delivered.has(event.message.id)) return;
      remember(event.message.id);
      noteSeen(event.message.chatroom_id, event.message.id);
    }
    emit(event);
  };

  const clearTimers = () => {
    if (retryTimer) clearTimeout(retryTimer);
    if (heartbeatTimer) clearInterval(heartbeatTimer);
    if (pongTimer) clearTimeout(pongTimer);
    if (renewTimer) clearTimeout(renewTimer);
    retryTimer = heartbeatTimer = pongTimer = renewTimer = null;
    for (const t of deliveryTimers) clearTimeout(t);
    deliveryTimers.clear();
  };

  const detach = (s: SocketLike | null) => {
    if (!s) return;
    s.onopen = s.onclose = s.onerror = s.onmessage = null;
    try {
      s.close(1000, 'client');
    } catch {
      // already closed
    }
  };

  const onData = (ev: MessageEvent) => {
    let data: unknown;
    try {
      data = JSON.parse(String(ev.data));
    } catch {
      return;
    }
    if (!data || typeof data !== 'object' || !('type' in data)) return;
    const type = (data as { type: unknown }).type;
    if (type === 'pong') {
      if (pongTimer) clearTimeout(pongTimer);
      pongTimer = null;
      return;
    }
    if (type === 'message' || type === 'message_deleted' || type === 'unread' || type === 'read') {
      deliver(data as ChatPush);
    }
    if (type === 'purchase_log') emit(data as PurchaseLogPush);
  };

  const sendWatch = (s: SocketLike | null) => {
    if (!s || s.readyState !== OPEN) return;
    try {
      s.send(JSON.stringify({ type: 'watch', creator_id: watching }));
    } catch {
      // closing: the next socket says it again
    }
  };

  const ping = () => {
    if (!socket || socket.readyState !== OPEN || pongTimer) return;
    try {
      socket.send(JSON.stringify({ type: 'ping' }));
    } catch {
      return;
    }
    pongTimer = setTimeout(() => {
      // No answer: the connection is gone without a close frame.
      pongTimer = null;
      dropped();
    }, REALTIME_TIMING.pongTimeoutMs);
  };

  const startHeartbeat = () => {
    if (heartbeatTimer) clearInterval(heartbeatTimer);
    heartbeatTimer = setInterval(ping, REALTIME_TIMING.heartbeatMs);
  };

  const scheduleRenewal = () => {
    if (renewTimer) clearTimeout(renewTimer);
    renewTimer = setTimeout(() => {
      renewTimer = null;
      void open(true);
    }, REALTIME_TIMING.renewAfterMs);
  };

  const catchUp = async () => {
    for (const [room, after] of [...lastSeen]) {
      let cursor: string | null = after;
      try {
        while (cursor && active) {
          const page: ChatHistoryResponse | null = await opts.history(room, cursor);
          if (!page) break;
          for (const message of page.messages) deliver({ type: 'message', message, catchUp: true });
          cursor = page.next_cursor;
        }
      } catch (err) {
        // The room may be gone (closed, left): stop following it.
        console.warn('realtime catch-up failed', room, err);
        lastSeen.delete(room);
      }
    }
  };

  /** The current socket closed or stopped answering. */
  const dropped = () => {
    detach(socket);
    socket = null;
    if (heartbeatTimer) clearInterval(heartbeatTimer);
    if (pongTimer) clearTimeout(pongTimer);
    if (renewTimer) clearTimeout(renewTimer);
    heartbeatTimer = pongTimer = renewTimer = null;
    if (successor) return; // the swap in progress becomes the connection
    setConnected(false);
    scheduleRetry();
  };

  const scheduleRetry = () => {
    if (!active || retryTimer) return;
    const delay = backoffDelay(attempt, random);
    attempt++;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void open(false);
    }, delay);
  };

  /** Opens a socket; `swap`: a proactive renewal next to the live one. */
  const open = async (swap: boolean) => {
    if (!active || connecting) return;
    if (!swap && socket) return;
    connecting = true;
    try {
      let creds = opts.credentials();
      const expiry = creds ? tokenExpiry(creds.token) : null;
      const stale = expiry !== null && expiry - now() < REALTIME_TIMING.tokenMarginMs;
      if (!creds || stale || suspectToken) {
        const ok = await opts.renewToken().catch(() => false);
        creds = opts.credentials();
        if (!ok || !creds) {
          // Signed out meanwhile, or a refresh that cannot be done: wait for the next chance.
          if (active && !ok) scheduleRetry();
          return;
        }
        suspectToken = false;
      }
      const base = opts.url();
      if (!active || !base) return;
      const sep = base.includes('?') ? '&' : '?';
      const url = `${base}${sep}token=${encodeURIComponent(creds.token)}&profile_id=${encodeURIComponent(creds.profileId)}`;
      let s: SocketLike;
      try {
        s = makeSocket(url);
      } catch (err) {
        console.warn('WebSocket init failed', err);
        if (!swap) scheduleRetry();
        return;
      }
      let opened = false;
      if (swap) successor = s;
      else socket = s;
      s.onopen = () => {
        opened = true;
        attempt = 0;
        suspectToken = false;
        if (swap) {
          detach(socket);
          socket = s;
          successor = null;
        }
        setConnected(true);
        if (watching) sendWatch(s);
        startHeartbeat();
        scheduleRenewal();
        // A renewal overlapped the old socket: nothing was missed.
        if (!swap) {
          const since = now();
          void catchUp().then(() => {
            if (!active || socket !== s) return;
            syncedAt = since;
            emit({ type: 'synced', since });
          });
        }
      };
      s.onmessage = onData;
      s.onerror = () => {};
      s.onclose = () => {
        if (!opened) suspectToken = true;
        if (s === successor) {
          // The renewal failed; keep the live socket and try again soon.
          successor = null;
          if (renewTimer) clearTimeout(renewTimer);
          renewTimer = setTimeout(
            () => {
              renewTimer = null;
              void open(true);
            },
            backoffDelay(attempt++, random),
          );
          return;
        }
        if (s === socket) dropped();
      };
    } finally {
      connecting = false;
    }
  };

  return {
    setActive(next) {
      if (next === active) return;
      active = next;
      if (active) {
        attempt = 0;
        void open(false);
        return;
      }
      clearTimers();
      detach(socket);
      detach(successor);
      socket = successor = null;
      setConnected(false);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    seen: noteSeen,
    connected: () => isConnected,
    active: () => active && Boolean(opts.url()),
    syncedSince: () => syncedAt,
    poke() {
      if (!active) return;
      if (socket) {
        ping();
        return;
      }
      // Waiting out a backoff: try at once.
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      attempt = 0;
      void open(false);
    },
    expectDelivery(messageId) {
      const watched = socket;
      if (!active || !watched || !isConnected || delivered.has(messageId)) return;
      const timer = setTimeout(() => {
        deliveryTimers.delete(timer);
        if (!active || socket !== watched || delivered.has(messageId)) return;
        console.warn('realtime: a push did not arrive; reconnecting');
        attempt = 0;
        dropped();
      }, REALTIME_TIMING.deliveryCheckMs);
      deliveryTimers.add(timer);
    },
    watch(creatorId) {
      if (creatorId === watching) return;
      watching = creatorId;
      sendWatch(socket);
    },
    reset() {
      this.setActive(false);
      watching = null;
      lastSeen.clear();
      delivered.clear();
      suspectToken = false;
      attempt = 0;
    },
  };
}

/** The tab's realtime client. */
export const realtime = createRealtime({
  url: () => {
    try {
      return runtimeConfig().wsUrl;
    } catch {
      return '';
    }
  },
  credentials: () => {
    const token = accessToken();
    const id = profileId();
    return token && id ? { token, profileId: id } : null;
  },
  // Any authenticated call refreshes an expired access token (api.ts refreshes on 401 or when the
  // one-hour cookie is gone); GET /mypage is one every signed-in profile may make.
  renewToken: async () => {
    if (!refreshToken()) return false;
    const result = await apiRequest({ method: 'GET', path: '/mypage', auth: true, response: z.unknown() });
    return result !== null && Boolean(accessToken());
  },
  history: async (chatroomId, afterId) => {
    const result = await apiRequest({
      method: 'GET',
      path: `/chat/${encodeURIComponent(chatroomId)}/${encodeURIComponent(afterId)}`,
      query: { direction: 'newer' },
      auth: true,
      response: chatHistoryResponse,
    });
    return result?.ok ? result.data : null;
  },
  onStatus: (connected) => authStore.set((prev) => ({ ...prev, websocket_connected: connected })),
});

/**
 * Keeps the tab's connection matching the session and the route: on with both a token and a
 * profile id outside the excluded routes, off otherwise; a different profile starts afresh. An
 * operator's session (role 3) never connects: the server refuses its socket (it has no chat).
 */
export function useRealtimeConnection(pathname: string, client: RealtimeClient = realtime): void {
  // Re-render on sign-in and sign-out; the cookies are the source of truth.
  const { roleId } = useStore(authStore);
  const profile = profileId();
  const signedIn = Boolean(profile && (accessToken() || refreshToken())) && roleId !== ROLE.ADMIN;
  const allowed = realtimeAllowedOn(pathname);
  const lastProfile = useRef(profile);
  useEffect(() => {
    if (lastProfile.current !== profile) {
      client.reset();
      lastProfile.current = profile;
    }
    client.setActive(signedIn && allowed);
  }, [client, signedIn, allowed, profile]);
  useEffect(() => {
    const poke = () => {
      if (document.visibilityState === 'visible') client.poke();
    };
    document.addEventListener('visibilitychange', poke);
    window.addEventListener('online', poke);
    return () => {
      document.removeEventListener('visibilitychange', poke);
      window.removeEventListener('online', poke);
      client.setActive(false);
    };
  }, [client]);
}
