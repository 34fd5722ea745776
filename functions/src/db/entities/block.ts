import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * `blockerId` blocked `blockedId`: the blocked one cannot message the blocker. gsi2 lists who
 * blocked a profile (`blocked-by#<id>`), so a list of creators is filtered by both directions with
 * two Queries of the caller's edges instead of a read per creator shown.
 */
export const Block = new Entity({
  model: { entity: 'block', version: '1', service: SERVICE },
  attributes: {
    blockerId: { type: 'string', required: true, readOnly: true },
    blockedId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byBlocker: {
      pk: { field: 'pk', composite: ['blockerId'], template: 'blocks#${blockerId}', casing: 'none' },
      sk: { field: 'sk', composite: ['blockedId'], template: 'to#${blockedId}', casing: 'none' },
    },
    byBlocked: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['blockedId'], template: 'blocked-by#${blockedId}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['blockerId'], template: '${blockerId}', casing: 'none' },
    },
  },
});
