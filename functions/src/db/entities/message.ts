import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A chat message in its chatroom's partition, ordered by its ULID. Text, an uploaded file's key or
 * a stamp; `cost` points paid by the sender (0 for free replies) with the ledger's `txId`;
 * `broadcast` on a creator's broadcast message (its file is the broadcast's, shared by all its messages).
 * Deleting keeps the item and drops the content: 'deleted by the sender' or 'deleted due to terms'.
 */
export const Message = new Entity({
  model: { entity: 'message', version: '1', service: SERVICE },
  attributes: {
    chatroomId: { type: 'string', required: true, readOnly: true },
    messageId: { type: 'string', required: true, readOnly: true },
    senderId: { type: 'string', required: true, readOnly: true },
    kind: { type: ['text', 'file', 'stamp'] as const, required: true, readOnly: true },
    text: { type: 'string' },
    file: { type: 'string' },
    stampId: { type: 'string', readOnly: true },
    cost: { type: 'number', required: true, readOnly: true },
    /** The ledger movement that paid for it (paid messages and stamps). */
    txId: { type: 'string', readOnly: true },
    /** A broadcast's free creator message: which scheduled or trigger broadcast sent it. */
    broadcast: {
      type: 'map',
      readOnly: true,
      properties: {
        kind: { type: ['reserve', 'trigger'] as const, required: true },
        id: { type: 'string', required: true },
      },
    },
    deleted: { type: ['sender', 'terms'] as const },
    deletedAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byRoom: {
      pk: { field: 'pk', composite: ['chatroomId'], template: 'chatroom#${chatroomId}', casing: 'none' },
      sk: { field: 'sk', composite: ['messageId'], template: 'msg#${messageId}', casing: 'none' },
    },
  },
});
