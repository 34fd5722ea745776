import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A profile's counters (one item in the account partition), changed only by ADD inside the
 * transaction of the change they count. Chat: unread messages over all chatrooms (header badge).
 * Notices: when the notice list was last read (unread badge). Later features add their counters.
 */
export const Stats = new Entity({
  model: { entity: 'stats', version: '1', service: SERVICE },
  attributes: {
    profileId: { type: 'string', required: true, readOnly: true },
    chatUnread: { type: 'number' },
    noticesReadAt: { type: 'string' },
  },
  indexes: {
    byProfile: {
      collection: 'account',
      pk: { field: 'pk', composite: ['profileId'], template: 'profile#${profileId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'stats', casing: 'none' },
    },
  },
});
