import type { ChatroomDetail, ChatroomSummary, MessageView } from '@app/shared/schemas/chat';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router.tsx';
import { createI18n } from '../../../lib/i18n.ts';
import { realtime } from '../../../lib/realtime.ts';
import { jsonResponse, type stubBoundary } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { signInForTest } from '../../../test/session.ts';

const ROOM = 'creator1_fan1';

/** The room by username is read with `GET /chatroom/sakura` (never `POST /chatroom/create`). */
const serveRoom = (mock: Parameters<typeof serve>[0], routes: Parameters<typeof serve>[1]) =>
  serve(mock, routes);
const ulid = (n: number) => `01J${String(n).padStart(23, '0')}`;

const balance = (mushroom: number) => ({
  mushroom,
  leaf: 0,
  original: 0,
  total: mushroom,
  nearest_expiry: null,
  expiring_soon: null,
});

const peer = { id: 'creator1', role_id: 2, username: 'sakura', nickname: '桜井さくら', profile_image: null };

const summary = (over: Partial<ChatroomSummary> = {}): ChatroomSummary => ({
  id: ROOM,
  status: 'open',
  side: 'fan',
  peer,
  unread: 0,
  last_message: null,
  last_message_at: '2026-05-20T01:00:00.000Z',
  muted: false,
  blocked: false,
  blocked_by_peer: false,
  reported: false,
  ...over,
});

const detail = (
  over: Partial<ChatroomDetail> = {},
  chat: Partial<ChatroomDetail['chat']> = {},
): ChatroomDetail => ({
  ...summary(),
  exists: true,
  chat: { pays: true, cost: 3, locked: false, reject_free_points: false, usable_points: 100, ...chat },
  balance: balance(100),
  peer_read_at: null,
  ...over,
});

const message = (n: number, over: Partial<MessageView> = {}): MessageView => ({
  id: ulid(n),
  chatroom_id: ROOM,
  sender_id: 'creator1',
  kind: 'text',
  text: `message ${n}`,
  file: null,
  stamp_id: null,
  cost: 0,
  deleted: null,
  created_at: `2026-05-20T01:0${n}:00.000Z`,
  ...over,
});

/** A WebSocket double for the tab's realtime client. */
class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 0;
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.(new Event('open'));
    });
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  push(data: unknown) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) })));
  }
}

type Handler = (body: unknown) => Response | Promise<Response>;

function serve(fetchMock: ReturnType<typeof stubBoundary>, handlers: Record<string, Handler | Handler[]>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const path = url.startsWith('http') ? url : (url.replace(/^\/api/, '').split('?')[0] ?? '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body });
    const h = handlers[`${method} ${path}`];
    const handler = Array.isArray(h) ? h.shift() : h;
    if (!handler) throw new Error(`unexpected ${method} ${path}`);
    return handler(body);
  });
  return calls;
}

/** The routes of a file upload: the presigned POST form for `key` (with `fields`) and the bucket. */
function uploadRoutes(key: string, fields: Record<string, string> = { key }): Record<string, Handler> {
  return {
    [`GET /chat/${ROOM}/latest`]: ok({ messages: [], next_cursor: null }),
    'POST /chatroom/read': ok({ unread_total: 0 }),
    'GET /chatroom/list': ok({ chatrooms: [], unread_total: 0, next_cursor: null }),
    'POST /chat/upload-url': ok({
      key,
      url: 'http://127.0.0.1:9/bucket',
      fields,
      expires_in: 600,
      max_bytes: 20 * 1024 * 1024,
    }),
    'POST http://127.0.0.1:9/bucket': () => new Response(null, { status: 204 }),
  };
}

/** Opens the room (ja) with object URLs for previews; answers the file input. */
async function openRoomForFiles(): Promise<HTMLInputElement> {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
  );
  renderAt('/ja/chatroom/sakura');
  await screen.findByRole('textbox', { name: 'メッセージ' });
  return document.querySelector('input[type="file"]') as HTMLInputElement;
}

const ok = (body: unknown) => () => jsonResponse({ status: 200, body });
const fail = (status: number, code: string) => () =>
  jsonResponse({ status, statusText: 'Error', body: { code, message: code } });

function renderAt(path: string) {
  const router = createMemoryRouter(routes(), { initialEntries: [path] });
  render(
    <I18nextProvider i18n={createI18n('ja')}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

describe('chat screens', () => {
  // Registered first, so it runs after the set-up's own (after hooks run in reverse): after the unmount.
  afterEach(() => {
    realtime.reset();
  });
  const fetchMock = prepareScreenTest({ config: { wsUrl: 'ws://localhost/ws' }, signIn: ['fan1', 4] });
  beforeEach(() => {
    FakeSocket.last = null;
    vi.stubGlobal('WebSocket', FakeSocket);
  });

  it("opens the creator's room by username, shows the cost and the balance, and reads it", async () => {
    const calls = serveRoom(fetchMock, {
      'GET /chatroom/sakura': ok(detail()),
      [`GET /chat/${ROOM}/latest`]: ok({ messages: [message(2), message(1)], next_cursor: null }),
      'POST /chatroom/read': ok({ unread_total: 0 }),
      'GET /chatroom/list': ok({ chatrooms: [], unread_total: 0, next_cursor: null }),
    });
    renderAt('/ja/chatroom/sakura');
    expect(await screen.findByRole('heading', { name: '桜井さくら' })).toBeTruthy();
    expect(screen.getByTestId('chat-cost').textContent).toBe('1通 = キノコ3個');
    expect(screen.getByTestId('chat-balance').textContent).toBe('100');
    const log = screen.getByRole('log', { name: '桜井さくらさんとのメッセージ' });
    expect(await within(log).findByText('message 1')).toBeTruthy();
    // Opened in one call; nothing is created by opening.
    expect(calls.filter((c) => c.path === '/chatroom/sakura')).toHaveLength(1);
    expect(calls.some((c) => c.path === '/chatroom/create')).toBe(false);
    await waitFor(() => expect(calls.some((c) => c.path === '/chatroom/read')).toBe(true));
    expect(calls.find((c) => c.path === '/chatroom/read')?.body).toEqual({
      chatroom_id: ROOM,
      profile_id: 'fan1',
    });
    // No site header on the room.
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('a room not created yet shows the price and no history; the first message creates it', async () => {
    const sent = message(1, { sender_id: 'fan1', text: 'はじめまして', cost: 3 });
    const calls = serveRoom(fetchMock, {
      'GET /chatroom/sakura': [
        ok(detail({ exists: false })),
        ok(detail({ exists: true }, { usable_points: 97 })),
        ok(detail({ exists: true }, { usable_points: 97 })),
      ],
      'POST /chat': ok({ message: sent, points: 3, replayed: false }),
      [`GET /chat/${ROOM}/latest`]: ok({ messages: [sent], next_cursor: null }),
      'POST /chatroom/read': ok({ unread_total: 0 }),
      'GET /chatroom/list': ok({ chatrooms: [], unread_total: 0, next_cursor: null }),
    });
    renderAt('/ja/chatroom/sakura');
    const box = await screen.findByRole('textbox', { name: 'メッセージ' });
    expect(screen.getByTestId('chat-cost').textContent).toBe('1通 = キノコ3個');
    expect(
      screen.getByText('桜井さくらさんに最初のメッセージを送ってみましょう。', { exact: false }),
    ).toBeTruthy();
    // No history, read receipt or menu of a room that is not there yet.
    expect(screen.queryByRole('button', { name: 'メニュー' })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/chat/') || c.path === '/chatroom/read')).toBe(false);

    fireEvent.change(box, { target: { value: 'はじめまして' } });
    fireEvent.click(screen.getByRole('button', { name: '送信（キノコ3個）' }));
    const log = screen.getByRole('log');
    expect(await within(log).findByText('はじめまして')).toBeTruthy();
    expect(calls.find((c) => c.path === '/chat')?.body).toMatchObject({
      chatroom_id: ROOM,
      text: 'はじめまして',
    });
    // Now the room exists: its history is read, and it is read.
    await waitFor(() => expect(calls.some((c) => c.path === `/chat/${ROOM}/latest`)).toBe(true));
    await waitFor(() => expect(calls.some((c) => c.path === '/chatroom/read')).toBe(true));
    expect(await screen.findByRole('button', { name: 'メニュー' })).toBeTruthy();
    expect(calls.some((c) => c.path === '/chatroom/create')).toBe(false);
  });

  it('sends with a uuid, retries a lost answer with the same uuid, and takes the price off the balance', async () => {
    const sent = message(3, { sender_id: 'fan1', text: 'こんにちは', cost: 3 });
    /** The server's figure: 3 leaves and mushrooms fewer once the message is stored. */
    let usable = 100;
    const current = () => jsonResponse({ status: 200, body: detail({}, { usable_points: usable }) });
    const calls = serveRoom(fetchMock, {
      'GET /chatroom/sakura': current,
      [`GET /chat/${ROOM}/latest`]: ok({ messages: [], next_cursor: null }),
      'POST /chatroom/read': ok({ unread_total: 0 }),
      'GET /chatroom/list': ok({ chatrooms: [], unread_total: 0, next_cursor: null }),
      'POST /chat': [
        () => Promise.reject(new TypeError('Failed to fetch')),
        () => {
          usable -= 3;
          return jsonResponse({ status: 200, body: { message: sent, points: 3, replayed: false } });
        },
      ],
    });
    renderAt('/ja/chatroom/sakura');
    const box = await screen.findByRole('textbox', { name: 'メッセージ' });
    fireEvent.change(box, { target: { value: 'こんにちは' } });
    fireEvent.click(screen.getByRole('button', { name: '送信（キノコ3個）' }));
    expect(await screen.findByText('もう一度送っても、二重に支払われることはありません。')).toBeTruthy();
    expect(screen.getByTestId('chat-balance').textContent).toBe('100');
    fireEvent.click(screen.getByRole('button', { name: '送信（キノコ3個）' }));
    const log = screen.getByRole('log');
    expect(await within(log).findByText('こんにちは')).toBeTruthy();
    expect(screen.getByTestId('chat-balance').textContent).toBe('97');
    // Re-read from the server after the paid message: still exactly one price off.
    await waitFor(() => expect(calls.filter((c) => c.path === '/chatroom/sakura').length).toBeGreaterThan(1));
    expect(screen.getByTestId('chat-balance').textContent).toBe('97');
    const sends = calls
      .filter((c) => c.path === '/chat')
      .map((c) => c.body as { uuid: string; text: string });
    expect(sends).toHaveLength(2);
    expect(sends[0]?.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sends[1]?.uuid).toBe(sends[0]?.uuid);
    expect(sends[0]).toMatchObject({ chatroom_id: ROOM, text: 'こんにちは' });
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('a new message after a definitive refusal gets a new uuid', async () => {
    const calls = serveRoom(fetchMock, {
      'GET /chatroom/sakura': ok(detail()),
      [`GET /chat/${ROOM}/latest`]: ok({ messages: [], next_cursor: null }),
      'POST /chatroom/read': ok({ unread_total: 0 }),
      'GET /chatroom/list': ok({ chatrooms: [], unread_total: 0, next_cursor: null }),
      'GET /chatroom/creator1_fan1': ok(detail({}, { locked: true })),
      'POST /chat': [fail(403, 'chat_locked')],
    });
    renderAt('/ja/chatroom/sakura');
    fireEvent.change(await screen.findByRole('textbox', { name: 'メッセージ' }), {
      target: { value: 'やあ' },
    });
    fireEvent.click(screen.getByRole('button', { name: '送信（キノコ3個）' }));
    // The lock now shows on the send box, which no longer takes text.
    expect(await screen.findAllByText('このユーザーのチャット機能は現在ロックされています。')).toBeTruthy();
    expect(screen.queryByText('もう一度送っても、二重に支払われることはありません。')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'メッセージ' }) as HTMLTextAreaElement).disabled).toBe(true);
    expect(calls.filter((c) => c.path === '/chat')).toHaveLength(1);
  });

  it('offers no send for text of only zero-width or blank characters', async () => {
    const calls = serveRoom(fetchMock, {
      'GET /chatroom/sakura': ok(detail()),
      [`GET /chat/${ROOM}/latest`]: ok({ messages: [], next_cursor: null }),
      'POST /chatroom/read': ok({ unread_total: 0 }),
      'GET /chatroom/list': ok({ chatrooms: [], unread_total: 0, next_cursor: null }),
    });
    renderAt('/ja/chatroom/sakura');
    const box = await screen.findByRole('textbox', { name: 'メッセージ' });
    const button = () => screen.getByRole('button', { name: '送信（キノコ3個）' }) as HTMLButtonElement;
    fireEvent.change(box, { target: { value: '\u200B\u200D\u3000\u3164' } });
    expect(button().disabled).toBe(true);
    fireEvent.click(button());
    fireEvent.change(box, { target: { value: '\u200Bやあ' } });
    expect(button().disabled).toBe(false);
    expect(calls.filter((c) => c.path === '/chat')).toHaveLength(0);
  });

  it('says when the mushrooms do not cover a message and links to the store', async () => {
    serveRoom(fetchMock, {
      'GET /chatroom/sakura': ok(detail({}, { usable_points: 2 })),
      [`GET /chat/${ROOM}/latest`]: ok({ messages: [], next_cursor: null }),
      'POST /chatroom/read': ok({ unread_total: 0 }),
      'GET /chatroom/list': ok({ chatrooms: [], unread_total: 0, next_cursor: null }),
    });
    const router = renderAt('/ja/chatroom/sakura');
    expect(await screen.findByText('このメッセージを送るためのキノコが足りません。')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'キノコを購入' });
    expect(links.every((l) => l.getAttribute('href') === '/ja/store')).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'メッセージ' }), { target: { value: 'x' } });
    expect((screen.getByRole('button', { name: '送信（キノコ3個）' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    // The store is told which chat to offer again after the purchase.
    fireEvent.click(links[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ja/store'));
    expect(router.state.location.state).toEqual({ returnTo: '/ja/chatroom/sakura' });
  });

  it('shows pushed messages live, reads them, and shows deletions with their placeholder', async () => {
    const calls = serveRoom(fetchMock, {
      'GET /chatroom/sakura': ok(detail()),
      [`GET /chat/${ROOM}/latest`]: ok({ messages: [message(1)], next_cursor: null }),
      'POST /chatroom/read': ok({ unread_total: 0 }),
      'GET /chatroom/list': ok({ chatrooms: [], unread_total: 0, next_cursor: null }),
    });
    renderAt('/ja/chatroom/sakura');
    const log = await screen.findByRole('log');
    await within(log).findByText('message 1');
    await waitFor(() => expect(FakeSocket.last?.readyState).toBe(1));
    expect(new URL(FakeSocket.last?.url ?? '').searchParams.get('profile_id')).toBe('fan1');
    await waitFor(() => expect(calls.filter((c) => c.path === '/chatroom/read')).toHaveLength(1));
    FakeSocket.last?.push({ type: 'message', message: message(2, { text: 'live!' }) });
    expect(await within(log).findByText('live!')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === '/chatroom/read')).toHaveLength(2), {
      timeout: 2000,
    });
    FakeSocket.last?.push({
      type: 'message_deleted',
      message: message(2, { text: null, deleted: 'terms' }),
    });
    expect(await within(log).findByText('利用規約違反のため削除されました')).toBeTruthy();
    expect(within(log).queryByText('live!')).toBeNull();
  });

  it('loads earlier messages page by page into the cached history, and keeps it for the next visit', async () => {
    const calls = serveRoom(fetchMock, {
      'GET /chatroom/sakura': ok(detail()),
      [`GET /chat/${ROOM}/latest`]: ok({ messages: [message(4), message(3)], next_cursor: ulid(3) }),
      [`GET /chat/${ROOM}/${ulid(3)}`]: ok({ messages: [message(2), message(1)], next_cursor: null }),
      // The realtime client's catch-up after its newest seen message, on a reconnect.
      [`GET /chat/${ROOM}/${ulid(5)}`]: ok({ messages: [], next_cursor: null }),
      'POST /chatroom/read': ok({ unread_total: 0 }),
      'GET /chatroom/list': ok({ chatrooms: [], unread_total: 0, next_cursor: null }),
    });
    const router = createMemoryRouter(routes(), { initialEntries: ['/ja/chatroom/sakura'] });
    render(
      <I18nextProvider i18n={createI18n('ja')}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    const log = await screen.findByRole('log', { name: '桜井さくらさんとのメッセージ' });
    expect(await within(log).findByText('message 4')).toBeTruthy();
    expect(within(log).queryByText('message 2')).toBeNull();
    fireEvent.click(within(log).getByRole('button', { name: '以前のメッセージを読み込む' }));
    expect(await within(log).findByText('message 1')).toBeTruthy();
    expect(
      within(log)
        .getAllByText(/^message \d$/)
        .map((el) => el.textContent),
    ).toEqual(['message 1', 'message 2', 'message 3', 'message 4']);
    // The last page: no more to load.
    expect(within(log).queryByRole('button', { name: '以前のメッセージを読み込む' })).toBeNull();
    FakeSocket.last?.push({ type: 'message', message: message(5) });
    expect(await within(log).findByText('message 5')).toBeTruthy();
    // Back to the room after the list: the cached history shows at once (pushes kept it current).
    await act(() => router.navigate('/ja/chatroom'));
    await waitFor(() => expect(screen.queryByRole('log')).toBeNull());
    const historyReads = () =>
      calls.filter((c) => c.path === `/chat/${ROOM}/latest` || c.path === `/chat/${ROOM}/${ulid(3)}`).length;
    const reads = historyReads();
    expect(reads).toBe(2);
    await act(() => router.navigate('/ja/chatroom/sakura'));
    const again = await screen.findByRole('log', { name: '桜井さくらさんとのメッセージ' });
    expect(within(again).getByText('message 1')).toBeTruthy();
    expect(within(again).getByText('message 5')).toBeTruthy();
    expect(historyReads()).toBe(reads);
  });

  it('the image viewer counts photos only; a stamp is shown alone', async () => {
    const photo = (n: number) =>
      message(n, {
        kind: 'file',
        text: null,
        file: `private/chat-photo/${ROOM}/creator1-000${n}/full.webp`,
        file_url: `http://127.0.0.1:9/get/photo${n}.webp`,
      });
    const stamp = message(2, { sender_id: 'fan1', kind: 'stamp', text: null, stamp_id: 'thanks', cost: 10 });
    serveRoom(fetchMock, {
      'GET /chatroom/sakura': ok(detail()),
      [`GET /chat/${ROOM}/latest`]: ok({ messages: [photo(3), stamp, photo(1)], next_cursor: null }),
      'POST /chatroom/read': ok({ unread_total: 0 }),
      'GET /chatroom/list': ok({ chatrooms: [], unread_total: 0, next_cursor: null }),
    });
    renderAt('/ja/chatroom/sakura');
    const log = await screen.findByRole('log');
    const photos = await within(log).findAllByRole('button', { name: '写真を拡大表示' });
    fireEvent.click(photos[1] as HTMLElement);
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByText('2 / 2')).toBeTruthy();
    fireEvent.click(within(viewer).getByRole('button', { name: '閉じる' }));
    fireEvent.click(within(log).getByRole('button', { name: 'スタンプ「ありがとう」を拡大表示' }));
    await waitFor(() => expect(within(viewer).getByRole('heading').textContent).toBe('ありがとう'));
    expect(within(viewer).queryByText(/\d \/ \d/)).toBeNull();
  });

  it('uploads a photo with the presigned POST form, then sends its key as a paid message', async () => {
    const key = `uploads/chat-photo/${ROOM}/fan1-0000.png`;
    const photo = message(4, {
      sender_id: 'fan1',
      kind: 'file',
      text: null,
      file: `private/chat-photo/${ROOM}/fan1-0000/full.webp`,
      cost: 3,
    });
    let usable = 100;
    const calls = serveRoom(fetchMock, {
      'GET /chatroom/sakura': () =>
        jsonResponse({ status: 200, body: detail({}, { usable_points: usable }) }),
      ...uploadRoutes(key, {
        key,
        'Content-Type': 'image/png',
        Policy: 'cG9saWN5',
        'X-Amz-Signature': 'abc',
      }),
      'POST /chat': () => {
        usable -= 3;
        return jsonResponse({
          status: 200,
          body: {
            message: { ...photo, file_url: 'http://127.0.0.1:9/get/photo.png' },
            points: 3,
            replayed: false,
          },
        });
      },
    });
    const input = await openRoomForFiles();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'cat.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText('cat.png')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '送信（キノコ3個）' }));
    const log = screen.getByRole('log');
    expect(await within(log).findByRole('button', { name: '写真を拡大表示' })).toBeTruthy();
    const paths = calls.map((c) => `${c.method} ${c.path}`);
    expect(paths.indexOf('POST /chat/upload-url')).toBeLessThan(
      paths.indexOf('POST http://127.0.0.1:9/bucket'),
    );
    // The form: the policy's fields in order, the file last (S3 ignores fields after it).
    const form = calls.find((c) => c.path === 'http://127.0.0.1:9/bucket')?.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'Policy', 'X-Amz-Signature', 'file']);
    expect(form.get('Content-Type')).toBe('image/png');
    expect(calls.find((c) => c.path === '/chat/upload-url')?.body).toEqual({
      chatroom_id: ROOM,
      content_type: 'image/png',
    });
    expect(calls.find((c) => c.path === '/chat')?.body).toMatchObject({ chatroom_id: ROOM, file: key });
    expect(screen.getByTestId('chat-balance').textContent).toBe('97');
  });

  it('shows why the server refused a file, and nothing was charged', async () => {
    const key = `uploads/chat-photo/${ROOM}/fan1-0001.png`;
    serveRoom(fetchMock, {
      'GET /chatroom/sakura': ok(detail({}, { usable_points: 100 })),
      ...uploadRoutes(key),
      'POST /chat': () =>
        jsonResponse({
          status: 422,
          body: {
            code: 'validation',
            message: 'x',
            issues: [{ path: 'file', message: 'validation.mediaType' }],
          },
        }),
    });
    const input = await openRoomForFiles();
    fireEvent.change(input, { target: { files: [new File(['<html>'], 'fake.png', { type: 'image/png' })] } });
    fireEvent.click(await screen.findByRole('button', { name: /^送信/ }));
    expect(
      await screen.findByText(/ファイルの形式が対応していないか、中身が形式と一致しません/),
    ).toBeTruthy();
    expect(screen.getByTestId('chat-balance').textContent).toBe('100');
  });

  it('sends a file still being scanned again later without uploading it again', async () => {
    const key = `uploads/chat-photo/${ROOM}/fan1-0002.png`;
    let scanned = false;
    const calls = serveRoom(fetchMock, {
      'GET /chatroom/sakura': ok(detail({}, { usable_points: 100 })),
      ...uploadRoutes(key),
      'POST /chat': () =>
        scanned
          ? jsonResponse({
              status: 200,
              body: {
                message: message(5, {
                  sender_id: 'fan1',
                  kind: 'file',
                  text: null,
                  file: 'private/x/full.webp',
                  cost: 3,
                }),
                points: 3,
                replayed: false,
              },
            })
          : jsonResponse({ status: 409, body: { code: 'media_scanning', message: 'x' } }),
    });
    const input = await openRoomForFiles();
    fireEvent.change(input, { target: { files: [new File(['png'], 'cat.png', { type: 'image/png' })] } });
    fireEvent.click(await screen.findByRole('button', { name: /^送信/ }));
    expect(await screen.findByText(/ファイルを確認しています/)).toBeTruthy();
    scanned = true;
    fireEvent.click(screen.getByRole('button', { name: /^送信/ }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/chat')).toHaveLength(2));
    const sends = calls
      .filter((c) => c.path === '/chat')
      .map((c) => c.body as { file: string; uuid: string });
    expect(sends[1]).toEqual(sends[0]);
    expect(sends[0]?.file).toBe(key);
    expect(calls.filter((c) => c.path === '/chat/upload-url')).toHaveLength(1);
  });

  it('refuses a file of a type the chat does not take', async () => {
    serveRoom(fetchMock, {
      'GET /chatroom/sakura': ok(detail()),
      [`GET /chat/${ROOM}/latest`]: ok({ messages: [], next_cursor: null }),
      'POST /chatroom/read': ok({ unread_total: 0 }),
      'GET /chatroom/list': ok({ chatrooms: [], unread_total: 0, next_cursor: null }),
    });
    renderAt('/ja/chatroom/sakura');
    await screen.findByRole('textbox', { name: 'メッセージ' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText(/JPEG・PNG・GIF・WebP/)).toBeTruthy();
    // Photos and videos have their own size limits (shared/src/media.ts).
    const big = (type: string, mb: number) => {
      const f = new File(['x'], 'big', { type });
      Object.defineProperty(f, 'size', { value: mb * 1024 * 1024 + 1 });
      return f;
    };
    fireEvent.change(input, { target: { files: [big('image/jpeg', 20)] } });
    expect(await screen.findByText('20MBまでのファイルを選んでください。')).toBeTruthy();
    fireEvent.change(input, { target: { files: [big('video/mp4', 50)] } });
    expect(await screen.findByText('50MBまでのファイルを選んでください。')).toBeTruthy();
  });

  it('the creator gives the fan original points from the room, once per key', async () => {
    signInForTest('creator1', 2);
    const fanPeer = { id: 'fan1', role_id: 4, username: null, nickname: 'ファン一号', profile_image: null };
    const calls = serveRoom(fetchMock, {
      'GET /chatroom/fan1': ok(
        detail({ side: 'creator', peer: fanPeer }, { pays: false, usable_points: null }),
      ),
      [`GET /chat/${ROOM}/latest`]: ok({ messages: [message(1, { sender_id: 'fan1' })], next_cursor: null }),
      'POST /chatroom/read': ok({ unread_total: 0 }),
      'GET /chatroom/list': ok({ chatrooms: [], unread_total: 0, next_cursor: null }),
      'POST /item/grant-points': ok({ points: 25, expires_at: '2027-05-20T00:00:00.000Z', replayed: false }),
    });
    renderAt('/ja/chatroom/fan1');
    fireEvent.click(await screen.findByRole('button', { name: 'ポイントを付与' }));
    expect(screen.getByText('ファン一号 さんに付与します')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('ポイント数'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: '付与する' }));
    expect(await screen.findByText('25ポイントを付与しました。')).toBeTruthy();
    const body = calls.find((c) => c.path === '/item/grant-points')?.body as { key: string };
    expect(body).toMatchObject({ fan_id: 'fan1', points: 25 });
    expect(body.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('deletes my own message after a confirmation', async () => {
    const mine = message(1, { sender_id: 'fan1', text: '間違えた', cost: 3 });
    const calls = serveRoom(fetchMock, {
      'GET /chatroom/sakura': ok(detail()),
      [`GET /chat/${ROOM}/latest`]: ok({ messages: [mine], next_cursor: null }),
      'POST /chatroom/read': ok({ unread_total: 0 }),
      'GET /chatroom/list': ok({ chatrooms: [], unread_total: 0, next_cursor: null }),
      'POST /chat/delete': ok({ message: { ...mine, text: null, deleted: 'sender' } }),
    });
    renderAt('/ja/chatroom/sakura');
    fireEvent.click(await screen.findByRole('button', { name: /のメッセージを削除$/ }));
    expect(await screen.findByText(/使ったキノコは戻りません/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('送信者が削除しました')).toBeTruthy();
    expect(calls.find((c) => c.path === '/chat/delete')?.body).toEqual({ id: `${ROOM}.${ulid(1)}` });
  });

  it('mutes, reports (a reason first) and blocks from the menu, and offers to unblock', async () => {
    const calls = serveRoom(fetchMock, {
      'GET /chatroom/sakura': ok(detail()),
      [`GET /chat/${ROOM}/latest`]: ok({ messages: [], next_cursor: null }),
      'POST /chatroom/read': ok({ unread_total: 0 }),
      'GET /chatroom/list': ok({ chatrooms: [], unread_total: 0, next_cursor: null }),
      'POST /mute': ok({ muted: true }),
      'POST /report': ok({ reported: true }),
      'POST /block': [ok({ blocked: true }), ok({ blocked: false })],
    });
    renderAt('/ja/chatroom/sakura');
    fireEvent.click(await screen.findByRole('button', { name: 'メニュー' }));
    fireEvent.click(screen.getByRole('button', { name: /^通知をオフにする/ }));
    expect(await screen.findByText('通知をオフにしました。')).toBeTruthy();
    expect(calls.find((c) => c.path === '/mute')?.body).toEqual({ chatroom_id: ROOM, muted: true });

    fireEvent.click(screen.getByRole('button', { name: 'メニュー' }));
    fireEvent.click(screen.getByRole('button', { name: /^通報する/ }));
    const form = screen.getByRole('dialog', { name: '桜井さくらさんを通報する' });
    fireEvent.click(within(form).getByRole('button', { name: '通報する' }));
    expect(await within(form).findByText('通報の理由を選んでください。')).toBeTruthy();
    expect(calls.some((c) => c.path === '/report')).toBe(false);
    fireEvent.click(within(form).getByRole('radio', { name: '嫌がらせ' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /詳しい内容/ }), {
      target: { value: ' しつこいです ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: '通報する' }));
    expect(await screen.findByText('通報しました。ご協力ありがとうございます。')).toBeTruthy();
    expect(calls.find((c) => c.path === '/report')?.body).toEqual({
      type: 3,
      detail: 'しつこいです',
      chatroom_id: ROOM,
    });

    fireEvent.click(screen.getByRole('button', { name: 'メニュー' }));
    fireEvent.click(screen.getByRole('button', { name: /^ブロックする/ }));
    const ask = screen.getByRole('dialog', { name: '桜井さくらさんをブロックしますか？' });
    fireEvent.click(within(ask).getByRole('button', { name: 'ブロックする' }));
    expect(await screen.findByText('ブロックしました。')).toBeTruthy();
    expect(
      screen.getByText('このユーザーをブロックしています。メッセージを送るにはブロックを解除してください。'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ブロックを解除する' }));
    expect(await screen.findByText('ブロックを解除しました。')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/block').map((c) => c.body)).toEqual([
      { chatroom_id: ROOM, blocked: true },
      { chatroom_id: ROOM, blocked: false },
    ]);
  });

  it('lists the rooms with their unread counts and moves a room up on a push', async () => {
    const other = summary({
      id: 'creator2_fan1',
      peer: { ...peer, id: 'creator2', username: 'ren', nickname: '蓮' },
      last_message_at: '2026-05-20T02:00:00.000Z',
      last_message: {
        id: ulid(5),
        kind: 'stamp',
        preview: null,
        sender_id: 'fan1',
        deleted: false,
        at: '2026-05-20T02:00:00.000Z',
      },
    });
    const calls = serveRoom(fetchMock, {
      'GET /chatroom/list': ok({
        chatrooms: [other, summary({ unread: 2 })],
        unread_total: 2,
        next_cursor: null,
      }),
      'GET /notice': ok({ notices: [], unread: 4, next_cursor: null }),
    });
    renderAt('/ja/chatroom');
    const list = await screen.findByRole('list', { name: 'チャットルーム一覧' });
    let rows = within(list).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('あなた：スタンプ');
    expect(rows[1]?.textContent).toContain('未読2件');
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/ja/chatroom/sakura');
    // One read for the list and the badge alike: it began after the socket was in sync, so the
    // sync does not read it again.
    expect(calls.filter((c) => c.path === '/chatroom/list')).toHaveLength(1);
    FakeSocket.last?.push({
      type: 'message',
      message: message(9, { text: 'おはよう', created_at: '2026-05-20T03:00:00.000Z' }),
    });
    FakeSocket.last?.push({ type: 'unread', chatroom_id: ROOM, unread: 3, unread_total: 3 });
    await waitFor(() => {
      rows = within(list).getAllByRole('listitem');
      expect(rows[0]?.textContent).toContain('おはよう');
      expect(rows[0]?.textContent).toContain('未読3件');
    });
    // The header badge follows the total; the notices are one tap away, with their unread count.
    expect(screen.getByRole('link', { name: 'チャット（未読3件）' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /お知らせ.*未読4件/ }).getAttribute('href')).toBe('/ja/notice');
    expect(calls.filter((c) => c.path === '/chatroom/list')).toHaveLength(1);
  });
});
