import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/** `blockerId` blocked `blockedId`: the blocked one cannot message the blocker. */
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
  },
});
