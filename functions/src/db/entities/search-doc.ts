import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A creator's entry in the directory (search, discovery, recommendations): exists only for active,
 * set-up, role 2 profiles (written with the profile in M3, deleted when that stops holding).
 * `searchText` is normalised (NFKC, lower case, katakana→hiragana) nickname, username, genre and
 * bio; the card fields are a display snapshot. At most about 1 KB: filters are charged per item read.
 */
export const SearchDoc = new Entity({
  model: { entity: 'searchDoc', version: '1', service: SERVICE },
  attributes: {
    profileId: { type: 'string', required: true, readOnly: true },
    /** Write shard of the directory (`fnv1a(profileId) mod social.directoryShards`). */
    shard: { type: 'string', required: true, readOnly: true },
    area: { type: 'number', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    searchText: { type: 'string', required: true },
    username: { type: 'string', required: true },
    nickname: { type: 'string', required: true },
    genre: { type: 'string' },
    bio: { type: 'string' },
    profileImage: { type: 'string' },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byProfile: {
      collection: 'account',
      pk: { field: 'pk', composite: ['profileId'], template: 'profile#${profileId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'search', casing: 'none' },
    },
    byArea: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['area'], template: 'area#${area}', casing: 'none' },
      sk: {
        field: 'gsi2sk',
        composite: ['createdAt', 'profileId'],
        template: '${createdAt}#${profileId}',
        casing: 'none',
      },
    },
    byShard: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['shard'], template: 'creators#${shard}', casing: 'none' },
      sk: {
        field: 'gsi3sk',
        composite: ['createdAt', 'profileId'],
        template: '${createdAt}#${profileId}',
        casing: 'none',
      },
    },
  },
});
