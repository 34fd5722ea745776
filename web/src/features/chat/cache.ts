/**
 * The chat's server state in the query cache: the room list (an infinite, live query whose first
 * page also carries the unread total of the header badge), each room's detail, and each open
 * room's history (an infinite, live query, newest page first). Realtime pushes are written into
 * them here, once for the tab, whatever screen is open.
 */
import { previewOf } from '@app/shared/chat';
import type {
  ChatHistoryResponse,
  ChatroomDetail,
  ChatroomListResponse,
  ChatroomSummary,
  MessageView,
} from '@app/shared/schemas/chat';
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery, queryClient } from '../../lib/query.ts';
import { type RealtimeEvent, realtime } from '../../lib/realtime.ts';
import { getChatHistory } from './api/getChatHistory.ts';
import { getChatrooms } from './api/getChatrooms.ts';
import { mergeMessages } from './timeline.ts';

export const chatKeys = {
  all: ['chat'] as const,
  rooms: ['chat', 'rooms'] as const,
  /** A room's detail, by the id or username its screen was opened with. */
  room: (idOrUsername: string) => ['chat', 'room', idOrUsername] as const,
  /** A room's messages, by its id (not under `room`: those hold details). */
  history: (roomId: string) => ['chat', 'history', roomId] as const,
};

export type RoomPages = InfiniteData<ChatroomListResponse, string | undefined>;

export const roomsQuery = () =>
  pagedQuery({ queryKey: chatKeys.rooms, page: (cursor) => getChatrooms(cursor), live: true });

/** The room list, page by page. */
export const useChatrooms = (enabled = true) => useInfiniteQuery({ ...roomsQuery(), enabled });

export type HistoryPages = InfiniteData<ChatHistoryResponse, string | undefined>;

/** A room's history: the newest page first ('latest'), then older pages by their cursors. */
export const historyQuery = (roomId: string) =>
  pagedQuery({
    queryKey: chatKeys.history(roomId),
    page: (cursor) => getChatHistory(roomId, cursor),
    live: true,
  });

/** The loaded messages of a room, oldest first, each once in its newest state. */
export function historyMessages(data: HistoryPages | undefined): MessageView[] {
  let list: MessageView[] = [];
  for (const page of data?.pages ?? []) list = mergeMessages(list, page.messages);
  return list;
}

/**
 * Messages written into the loaded history: a message already there is replaced where it is (a
 * deletion is final: a late copy from before it does not undo it), a new one goes to the newest page.
 */
export function historyWith(data: HistoryPages, incoming: readonly MessageView[]): HistoryPages {
  let pages = data.pages;
  for (const m of incoming) {
    const at = pages.findIndex((p) => p.messages.some((x) => x.id === m.id));
    if (at === -1) {
      pages = pages.map((p, i) => (i === 0 ? { ...p, messages: [m, ...p.messages] } : p));
      continue;
    }
    pages = pages.map((p, i) =>
      i === at
        ? { ...p, messages: p.messages.map((x) => (x.id === m.id && !(x.deleted && !m.deleted) ? m : x)) }
        : p,
    );
  }
  return pages === data.pages ? data : { ...data, pages };
}

/**
 * Messages of a room (pushed, sent or deleted here) written into its cached history. A read of
 * the newest pages under way may have been answered before them and would replace them: it is
 * started again, so that none is lost (a read of an older page is left to finish).
 */
export function writeHistory(client: QueryClient, roomId: string, incoming: readonly MessageView[]): void {
  if (incoming.length === 0) return;
  const queryKey = chatKeys.history(roomId);
  const state = client.getQueryState<HistoryPages>(queryKey);
  if (!state) return;
  if (state.data) client.setQueryData<HistoryPages>(queryKey, (d) => (d ? historyWith(d, incoming) : d));
  const readingOlder = state.fetchMeta?.fetchMore !== undefined;
  if (state.fetchStatus === 'fetching' && !readingOlder) {
    // (Cancel first: a query without data would otherwise join the read under way.)
    void client.cancelQueries({ queryKey }).then(() => client.refetchQueries({ queryKey, type: 'active' }));
  }
}

/** The list row after a message: it moves up, with the new preview. */
export function withMessage(room: ChatroomSummary, m: MessageView): ChatroomSummary {
  return {
    ...room,
    last_message: {
      id: m.id,
      kind: m.kind,
      preview: m.text !== null && !m.deleted ? previewOf(m.text) : null,
      sender_id: m.sender_id,
      deleted: m.deleted !== null,
      at: m.created_at,
    },
    last_message_at: m.created_at,
  };
}

const byLastMessage = (a: ChatroomSummary, b: ChatroomSummary) =>
  a.last_message_at < b.last_message_at ? 1 : a.last_message_at > b.last_message_at ? -1 : 0;

const mapRooms = (data: RoomPages, f: (r: ChatroomSummary) => ChatroomSummary): RoomPages => ({
  ...data,
  pages: data.pages.map((p) => ({ ...p, chatrooms: p.chatrooms.map(f) })),
});

/** The unread total of the first page (the header badge), and of one room when given. */
export function withUnread(data: RoomPages, total: number, room?: { id: string; unread: number }): RoomPages {
  const next = room ? mapRooms(data, (r) => (r.id === room.id ? { ...r, unread: room.unread } : r)) : data;
  return {
    ...next,
    pages: next.pages.map((p, i) => (i === 0 ? { ...p, unread_total: Math.max(0, total) } : p)),
  };
}

/**
 * A push applied to the loaded room list: the new list, or 'refetch' when it cannot be applied
 * (a message of a room not loaded yet: a new room, or one further down).
 */
export function roomsAfterPush(data: RoomPages, event: RealtimeEvent): RoomPages | 'refetch' {
  if (event.type === 'message') {
    const m = event.message;
    const all = data.pages.flatMap((p) => p.chatrooms);
    const room = all.find((r) => r.id === m.chatroom_id);
    if (!room) return 'refetch';
    if (room.last_message && room.last_message.id >= m.id) return data;
    // The moved room goes to the top of the first page; the others keep their pages.
    const moved = withMessage(room, m);
    const pages = data.pages.map((p, i) => {
      const rest = p.chatrooms.filter((r) => r.id !== room.id);
      return { ...p, chatrooms: i === 0 ? [moved, ...rest].sort(byLastMessage) : rest };
    });
    return { ...data, pages };
  }
  if (event.type === 'message_deleted') {
    const m = event.message;
    return mapRooms(data, (r) =>
      r.id === m.chatroom_id && r.last_message?.id === m.id
        ? { ...r, last_message: { ...r.last_message, deleted: true, preview: null } }
        : r,
    );
  }
  if (event.type === 'unread') {
    return withUnread(data, event.unread_total, { id: event.chatroom_id, unread: event.unread });
  }
  return data;
}

/** Writes a push into the cache: the room's history, the room list, and the read mark of an open room. */
export function writeChatPush(client: QueryClient, event: RealtimeEvent): void {
  if (event.type === 'message' || event.type === 'message_deleted') {
    writeHistory(client, event.message.chatroom_id, [event.message]);
  }
  if (event.type === 'message' || event.type === 'message_deleted' || event.type === 'unread') {
    let refetch = false;
    client.setQueryData<RoomPages>(chatKeys.rooms, (data) => {
      if (!data) return data;
      const next = roomsAfterPush(data, event);
      if (next === 'refetch') {
        refetch = true;
        return data;
      }
      return next;
    });
    // The list read again may not show the message yet (the rows' last message and order follow
    // the commit through the table's stream): the push is applied again over the fresh list.
    if (refetch)
      void client.invalidateQueries({ queryKey: chatKeys.rooms }).then(() =>
        client.setQueryData<RoomPages>(chatKeys.rooms, (data) => {
          const next = data && roomsAfterPush(data, event);
          return next && next !== 'refetch' ? next : data;
        }),
      );
  } else if (event.type === 'read') {
    client.setQueriesData<ChatroomDetail>({ queryKey: ['chat', 'room'] }, (d) =>
      d && d.id === event.chatroom_id && event.reader_id === d.peer.id
        ? { ...d, peer_read_at: event.read_at }
        : d,
    );
  }
}

/** A change of one room made here (mute, block, report): the same row in the list follows. */
export function patchRoom(client: QueryClient, id: string, patch: Partial<ChatroomSummary>): void {
  client.setQueryData<RoomPages>(chatKeys.rooms, (data) =>
    data ? mapRooms(data, (r) => (r.id === id ? { ...r, ...patch } : r)) : data,
  );
  client.setQueriesData<ChatroomDetail>({ queryKey: ['chat', 'room'] }, (d) =>
    d && d.id === id ? { ...d, ...patch } : d,
  );
}

/** The new unread total after reading a room here. */
export function setRoomRead(client: QueryClient, id: string, total: number): void {
  client.setQueryData<RoomPages>(chatKeys.rooms, (data) =>
    data ? withUnread(data, total, { id, unread: 0 }) : data,
  );
}

realtime.subscribe((event) => writeChatPush(queryClient, event));
