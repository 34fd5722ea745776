import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A fan keeps a creator as a favorite (toggled, silent). The creator sees only the count
 * (`Stats.favoritedBy`, kept by the counter consumer from this item's INSERT and REMOVE records).
 */
export const Favorite = new Entity({
  model: { entity: 'favorite', version: '1', service: SERVICE },
  attributes: {
    fanId: { type: 'string', required: true, readOnly: true },
    creatorId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byFan: {
      pk: { field: 'pk', composite: ['fanId'], template: 'favs#${fanId}', casing: 'none' },
      sk: { field: 'sk', composite: ['creatorId'], template: 'to#${creatorId}', casing: 'none' },
    },
    newest: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['fanId'], template: 'favs#${fanId}', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['createdAt', 'creatorId'],
        template: '${createdAt}#${creatorId}',
        casing: 'none',
      },
    },
  },
});
