import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * The moment a room became a mutual chat (both sides have written): created once per room, before
 * its rows take `mutualAt` (services/chat/room-activity.ts), with `attribute_not_exists`, so its
 * INSERT on the stream is the one event "mutual chat established" (trigger broadcast 6). The rows'
 * later MODIFY records (every message) are not events. Removed by TTL after the stream's 24 hours.
 */
export const MutualChat = new Entity({
  model: { entity: 'mutualChat', version: '1', service: SERVICE },
  attributes: {
    chatroomId: { type: 'string', required: true, readOnly: true },
    creatorId: { type: 'string', required: true, readOnly: true },
    fanId: { type: 'string', required: true, readOnly: true },
    /** The message that made it mutual: its time. */
    at: { type: 'string', required: true, readOnly: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byRoom: {
      pk: { field: 'pk', composite: ['chatroomId'], template: 'mutual#${chatroomId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'event', casing: 'none' },
    },
  },
});
