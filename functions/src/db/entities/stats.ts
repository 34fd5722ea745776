import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A profile's counters (one item in the account partition), changed only by ADD inside the
 * transaction of the change they count. Notices: when the notice list was last read (unread
 * badge). Likes and favorites are counted by a stream consumer (one ADD per like or favorite
 * record, made once), not in the request. Later features add their counters. The chat's unread total is sharded (`UnreadShard`).
 */
export const Stats = new Entity({
  model: { entity: 'stats', version: '1', service: SERVICE },
  attributes: {
    profileId: { type: 'string', required: true, readOnly: true },
    noticesReadAt: { type: 'string' },
    /** Likes received and given, fans keeping the profile as a favorite (the counter consumer's ADDs). */
    likedBy: { type: 'number' },
    likes: { type: 'number' },
    favoritedBy: { type: 'number' },
  },
  indexes: {
    byProfile: {
      collection: 'account',
      pk: { field: 'pk', composite: ['profileId'], template: 'profile#${profileId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'stats', casing: 'none' },
    },
  },
});

/**
 * One write shard of a profile's unread chat messages over all chatrooms (header badge): a
 * message adds 1 to the shard of its id, reading a room subtracts from the shard of the room, so
 * the sum over the shards (`unreadTotal`) is exact while a popular creator's incoming messages
 * spread over `chat.unreadShards` items instead of one. A shard alone may be negative.
 */
export const UnreadShard = new Entity({
  model: { entity: 'unreadShard', version: '1', service: SERVICE },
  attributes: {
    profileId: { type: 'string', required: true, readOnly: true },
    shard: { type: 'string', required: true, readOnly: true },
    chatUnread: { type: 'number' },
  },
  indexes: {
    byProfile: {
      collection: 'account',
      pk: { field: 'pk', composite: ['profileId'], template: 'profile#${profileId}', casing: 'none' },
      sk: { field: 'sk', composite: ['shard'], template: 'unread#${shard}', casing: 'none' },
    },
  },
});
