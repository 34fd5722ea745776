/** Items to the chat contracts of shared/src/schemas/chat.ts. */
import type { ChatroomSummary, MessageView, PeerView } from '@app/shared/schemas/chat';
import type { EntityItem } from 'electrodb';
import type { Message } from '../../db/entities/message.ts';
import type { RoomMember } from '../../db/entities/room-member.ts';
import type { ProfileItem } from '../../lib/auth.ts';

export type MessageItem = EntityItem<typeof Message>;
export type RoomItem = EntityItem<typeof RoomMember>;

export function messageView(m: MessageItem): MessageView {
  const deleted = m.deleted ?? null;
  return {
    id: m.messageId,
    chatroom_id: m.chatroomId,
    sender_id: m.senderId,
    kind: m.kind,
    text: deleted ? null : (m.text ?? null),
    file: deleted ? null : (m.file ?? null),
    file_url: null,
    stamp_id: m.stampId ?? null,
    cost: m.cost,
    deleted,
    ...(m.broadcast ? { broadcast: true } : {}),
    created_at: m.createdAt,
  };
}

export function peerViewOf(row: RoomItem): PeerView {
  return {
    id: row.peerId,
    role_id: row.peerRoleId,
    username: row.peerUsername ?? null,
    nickname: row.peerNickname ?? null,
    profile_image: row.peerImage ?? null,
  };
}

/** The peer fields a room row keeps, from the peer's profile. */
export function peerSnapshot(p: ProfileItem) {
  return {
    peerRoleId: p.roleId,
    ...(p.username ? { peerUsername: p.username } : {}),
    ...(p.nickname ? { peerNickname: p.nickname } : {}),
    ...(p.profileImage ? { peerImage: p.profileImage } : {}),
  };
}

export function summaryOf(row: RoomItem): ChatroomSummary {
  return {
    id: row.chatroomId,
    status: row.status,
    side: row.side,
    peer: peerViewOf(row),
    unread: row.unread,
    last_message:
      row.lastMessageId && row.lastMessageKind && row.lastSenderId
        ? {
            id: row.lastMessageId,
            kind: row.lastMessageKind,
            preview: row.lastMessageDeleted ? null : (row.preview ?? null),
            sender_id: row.lastSenderId,
            deleted: row.lastMessageDeleted ?? false,
            at: row.lastMessageAt,
          }
        : null,
    last_message_at: row.lastMessageAt,
    muted: row.muted,
    blocked: row.blocked,
    blocked_by_peer: row.blockedByPeer,
    reported: row.reported,
  };
}
