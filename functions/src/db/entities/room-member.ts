import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * One member's row of a chatroom, in the member's own partition: what the chatroom list shows
 * (peer snapshot, last message, unread) and the member's flags (muted, blocked, reported).
 *
 * Two writers, by what must be exact:
 * - The message's transaction (T1, T2) adds to the recipient's `unread` (with the unread total's
 *   shard) under the condition `status = open AND blocked = false AND blockedByPeer = false`:
 *   the recipient's row alone holds both sides' state, because a block sets the blocker's
 *   `blocked` and the blocked one's `blockedByPeer` together, and a room closes both rows together.
 * - The last message (`lastMessage*`, `preview`, `ownerLastMessageAt`, `peerLastMessageAt`,
 *   `mutualAt`) and with it the list order are written after the commit by the stream consumer
 *   `streams/chat-rooms` (services/chat/room-activity.ts), only for a newer message id.
 *
 * gsi4 (keys only) orders the list by the last message; the list reads the rows by BatchGet, so a
 * change of `unread` or a read receipt writes no index entry.
 */
export const RoomMember = new Entity({
  model: { entity: 'roomMember', version: '1', service: SERVICE },
  attributes: {
    ownerId: { type: 'string', required: true, readOnly: true },
    chatroomId: { type: 'string', required: true, readOnly: true },
    /** The owner's side: the creator, or the fan (or shop owner) who pays. */
    side: { type: ['creator', 'fan'] as const, required: true, readOnly: true },
    peerId: { type: 'string', required: true, readOnly: true },
    /** Peer snapshot for the list, refreshed when the room is opened. */
    peerRoleId: { type: 'number', required: true },
    peerUsername: { type: 'string' },
    peerNickname: { type: 'string' },
    peerImage: { type: 'string' },
    status: { type: ['open', 'closed'] as const, required: true, default: 'open' },
    unread: { type: 'number', required: true, default: 0 },
    lastMessageId: { type: 'string' },
    lastMessageKind: { type: ['text', 'file', 'stamp'] as const },
    preview: { type: 'string' },
    lastSenderId: { type: 'string' },
    lastMessageDeleted: { type: 'boolean' },
    /** The last message's time, or the creation time before any message (the list order). */
    lastMessageAt: { type: 'string', required: true },
    lastReadAt: { type: 'string' },
    /** Read receipt: when the peer last read the room. */
    peerReadAt: { type: 'string' },
    ownerLastMessageAt: { type: 'string' },
    peerLastMessageAt: { type: 'string' },
    /** The first time both sides had written (mutual chat). */
    mutualAt: { type: 'string' },
    muted: { type: 'boolean', required: true, default: false },
    /** The owner blocked the peer. */
    blocked: { type: 'boolean', required: true, default: false },
    /** The peer blocked the owner (mirror of the peer row's `blocked`, for a read without a second item). */
    blockedByPeer: { type: 'boolean', required: true, default: false },
    reported: { type: 'boolean', required: true, default: false },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byOwner: {
      pk: { field: 'pk', composite: ['ownerId'], template: 'rooms#${ownerId}', casing: 'none' },
      sk: { field: 'sk', composite: ['chatroomId'], template: 'room#${chatroomId}', casing: 'none' },
    },
    byActivity: {
      index: 'gsi4',
      projection: 'keys_only',
      pk: { field: 'gsi4pk', composite: ['ownerId'], template: 'rooms#${ownerId}', casing: 'none' },
      sk: {
        field: 'gsi4sk',
        composite: ['lastMessageAt', 'chatroomId'],
        template: '${lastMessageAt}#${chatroomId}',
        casing: 'none',
      },
    },
  },
});
