import type { ChatroomSummary } from '@app/shared/schemas/chat';

/** A room's screen: /chatroom/{username}, or the room id for a peer without a username. */
export const roomPath = (room: Pick<ChatroomSummary, 'id' | 'peer'>) =>
  `/chatroom/${encodeURIComponent(room.peer.username ?? room.id)}`;
