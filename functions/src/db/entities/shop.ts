import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A creator's shop (one item in the shop partition): the counters that bound the shop under
 * concurrency (drafts, pinned items: each change is a conditional ADD in the same transaction as
 * the item's own write) and the shop's business setting (name, 特定商取引法 disclosure).
 */
export const Shop = new Entity({
  model: { entity: 'shop', version: '1', service: SERVICE },
  attributes: {
    creatorId: { type: 'string', required: true, readOnly: true },
    drafts: { type: 'number', required: true, default: 0 },
    pinned: { type: 'number', required: true, default: 0 },
    shopName: { type: 'string' },
    disclosureMode: { type: ['full', 'on_request'] as const },
    disclosure: {
      type: 'map',
      properties: {
        seller: { type: 'string' },
        representative: { type: 'string' },
        address: { type: 'string' },
        phone: { type: 'string' },
        email: { type: 'string' },
        note: { type: 'string' },
      },
    },
    updatedAt: { type: 'string' },
  },
  indexes: {
    byCreator: {
      pk: { field: 'pk', composite: ['creatorId'], template: 'shop#${creatorId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'shop', casing: 'none' },
    },
  },
});
