import type { ChatroomSummary, MessageView } from '@app/shared/schemas/chat';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  chatKeys,
  type HistoryPages,
  historyMessages,
  historyWith,
  type RoomPages,
  roomsAfterPush,
  writeChatPush,
  writeHistory,
} from './cache.ts';

const room = (id: string, at: string, over: Partial<ChatroomSummary> = {}): ChatroomSummary =>
  ({
    id,
    status: 'open',
    side: 'fan',
    peer: { id: id.split('_')[0] ?? id, role_id: 2, username: id, nickname: id, profile_image: null },
    unread: 0,
    last_message: null,
    last_message_at: at,
    muted: false,
    blocked: false,
    blocked_by_peer: false,
    reported: false,
    ...over,
  }) as ChatroomSummary;

const msg = (id: string, chatroom_id: string, at: string): MessageView =>
  ({
    id,
    chatroom_id,
    sender_id: 'c2',
    kind: 'text',
    text: 'おはよう',
    file: null,
    file_url: null,
    stamp_id: null,
    cost: 0,
    deleted: null,
    created_at: at,
  }) as unknown as MessageView;

const pages = (...lists: ChatroomSummary[][]): RoomPages => ({
  pages: lists.map((chatrooms, i) => ({
    chatrooms,
    unread_total: 2,
    next_cursor: i < lists.length - 1 ? `c${i}` : null,
  })),
  pageParams: lists.map((_, i) => (i === 0 ? undefined : `c${i - 1}`)),
});

describe('room list pushes', () => {
  const a = room('c1_f', '2026-05-20T03:00:00.000Z');
  const b = room('c2_f', '2026-05-20T02:00:00.000Z');
  const c = room('c3_f', '2026-05-20T01:00:00.000Z');

  it('moves the room of a new message to the top of the first page, from any page', () => {
    const next = roomsAfterPush(pages([a, b], [c]), {
      type: 'message',
      message: msg('m9', 'c3_f', '2026-05-20T04:00:00.000Z'),
    });
    if (next === 'refetch') throw new Error('expected a list');
    expect(next.pages.map((p) => p.chatrooms.map((r) => r.id))).toEqual([['c3_f', 'c1_f', 'c2_f'], []]);
    expect(next.pages[0]?.chatrooms[0]?.last_message?.preview).toBe('おはよう');
    // The sealed cursors stay as the API gave them.
    expect(next.pageParams).toEqual([undefined, 'c0']);
  });

  it('asks for a re-read for a room it does not hold', () => {
    expect(
      roomsAfterPush(pages([a]), {
        type: 'message',
        message: msg('m9', 'new_f', '2026-05-20T04:00:00.000Z'),
      }),
    ).toBe('refetch');
  });

  it('reads the list again for a room it does not hold, then applies the message over it', async () => {
    // The server's list: first without the new room; after the message, with the room but not
    // yet its last message (the rows follow the commit through the stream).
    let server = pages([a]).pages[0];
    const client = new QueryClient();
    const observer = new InfiniteQueryObserver(client, {
      queryKey: chatKeys.rooms,
      queryFn: async () => server as RoomPages['pages'][number],
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (p: RoomPages['pages'][number]) => p.next_cursor ?? undefined,
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(client.getQueryData<RoomPages>(chatKeys.rooms)?.pages).toHaveLength(1));
    server = pages([a, room('new_f', '2026-05-20T00:00:00.000Z')]).pages[0];
    writeChatPush(client, { type: 'message', message: msg('m9', 'new_f', '2026-05-20T04:00:00.000Z') });
    await vi.waitFor(() => {
      const first = client.getQueryData<RoomPages>(chatKeys.rooms)?.pages[0]?.chatrooms[0];
      expect(first).toMatchObject({ id: 'new_f', last_message: { id: 'm9', preview: 'おはよう' } });
    });
    unsubscribe();
  });

  it('writes unread counts into the room and the total of the first page', () => {
    const client = new QueryClient();
    client.setQueryData(chatKeys.rooms, pages([a, b]));
    writeChatPush(client, { type: 'unread', chatroom_id: 'c2_f', unread: 5, unread_total: 7 });
    const data = client.getQueryData<RoomPages>(chatKeys.rooms);
    expect(data?.pages[0]?.unread_total).toBe(7);
    expect(data?.pages[0]?.chatrooms.find((r) => r.id === 'c2_f')?.unread).toBe(5);
  });

  it('marks an open room read by its peer, not by me', () => {
    const client = new QueryClient();
    const detail = { ...b, peer_read_at: null };
    client.setQueryData(chatKeys.room('c2'), detail);
    writeChatPush(client, { type: 'read', chatroom_id: 'c2_f', reader_id: 'f', read_at: 'T1' });
    expect(
      client.getQueryData<{ peer_read_at: string | null }>(chatKeys.room('c2'))?.peer_read_at,
    ).toBeNull();
    writeChatPush(client, { type: 'read', chatroom_id: 'c2_f', reader_id: 'c2', read_at: 'T2' });
    expect(client.getQueryData<{ peer_read_at: string | null }>(chatKeys.room('c2'))?.peer_read_at).toBe(
      'T2',
    );
  });
});

describe('room history in the cache', () => {
  const m = (n: number, over: Partial<MessageView> = {}) =>
    ({ ...msg(`m${n}`, 'c2_f', `2026-05-20T0${n}:00:00.000Z`), ...over }) as MessageView;
  /** Pages as the API gives them: newest first; the second page is older. */
  const history = (...lists: MessageView[][]): HistoryPages => ({
    pages: lists.map((messages, i) => ({ messages, next_cursor: i < lists.length - 1 ? `k${i}` : null })),
    pageParams: lists.map((_, i) => (i === 0 ? undefined : `k${i - 1}`)),
  });
  const ids = (data: HistoryPages | undefined) => historyMessages(data).map((x) => x.id);

  it('lists every loaded page oldest first', () => {
    expect(ids(history([m(4), m(3)], [m(2), m(1)]))).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(historyMessages(undefined)).toEqual([]);
  });

  it('adds a new message to the newest page and replaces a known one where it is', () => {
    const data = historyWith(history([m(4), m(3)], [m(2), m(1)]), [m(5), m(2, { text: 'edited' })]);
    expect(data.pages[0]?.messages.map((x) => x.id)).toEqual(['m5', 'm4', 'm3']);
    expect(data.pages[1]?.messages.find((x) => x.id === 'm2')?.text).toBe('edited');
    expect(ids(data)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('keeps a deletion against a late copy from before it', () => {
    const deleted = m(3, { deleted: '2026-05-20T05:00:00.000Z' as never, text: null });
    const data = historyWith(historyWith(history([m(3)]), [deleted]), [m(3)]);
    expect(data.pages[0]?.messages[0]?.deleted).toBeTruthy();
  });

  it('writes pushes of a room into its cached history only', () => {
    const client = new QueryClient();
    client.setQueryData(chatKeys.history('c2_f'), history([m(1)]));
    writeChatPush(client, { type: 'message', message: m(2) });
    writeChatPush(client, { type: 'message', message: { ...m(3), chatroom_id: 'other' } });
    writeChatPush(client, { type: 'message_deleted', message: m(1, { deleted: 'T' as never }) });
    const data = client.getQueryData<HistoryPages>(chatKeys.history('c2_f'));
    expect(ids(data)).toEqual(['m1', 'm2']);
    expect(historyMessages(data)[0]?.deleted).toBe('T');
    expect(client.getQueryData(chatKeys.history('other'))).toBeUndefined();
  });

  it('starts a first read under way again when a message comes meanwhile, so it is not lost', async () => {
    const client = new QueryClient();
    const answers: ((d: HistoryPages['pages'][number]) => void)[] = [];
    // The open room's screen: an observer of the history.
    const screen = new InfiniteQueryObserver(client, {
      queryKey: chatKeys.history('c2_f'),
      queryFn: () => new Promise<HistoryPages['pages'][number]>((resolve) => answers.push(resolve)),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: () => undefined,
    });
    const off = screen.subscribe(() => {});
    await new Promise((r) => setTimeout(r, 0));
    expect(answers).toHaveLength(1);
    writeHistory(client, 'c2_f', [m(2)]);
    await new Promise((r) => setTimeout(r, 0));
    // The first answer (read before the message) is dropped; the second read has it.
    expect(answers).toHaveLength(2);
    answers[0]?.({ messages: [m(1)], next_cursor: null });
    answers[1]?.({ messages: [m(2), m(1)], next_cursor: null });
    await new Promise((r) => setTimeout(r, 0));
    expect(ids(client.getQueryData(chatKeys.history('c2_f')))).toEqual(['m1', 'm2']);
    off();
  });
});
