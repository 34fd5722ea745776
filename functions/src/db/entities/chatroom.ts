import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * One chatroom per creator and fan (or shop owner): `chatroomId = <creatorId>_<otherId>`, so a
 * second create finds the first. Its partition also holds the messages and the senders' replay keys.
 */
export const Chatroom = new Entity({
  model: { entity: 'chatroom', version: '1', service: SERVICE },
  attributes: {
    chatroomId: { type: 'string', required: true, readOnly: true },
    creatorId: { type: 'string', required: true, readOnly: true },
    otherId: { type: 'string', required: true, readOnly: true },
    status: { type: ['open', 'closed'] as const, required: true, default: 'open' },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['chatroomId'], template: 'chatroom#${chatroomId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'chatroom', casing: 'none' },
    },
  },
});
