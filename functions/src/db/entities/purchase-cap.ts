import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/** Yen bought by a profile in one JST day (`day#<date>`) or month (`month#<ym>`), for the caps. */
export const PurchaseCap = new Entity({
  model: { entity: 'purchaseCap', version: '1', service: SERVICE },
  attributes: {
    profileId: { type: 'string', required: true, readOnly: true },
    period: { type: 'string', required: true, readOnly: true },
    yen: { type: 'number' },
    ttl: { type: 'number' },
  },
  indexes: {
    byPeriod: {
      pk: { field: 'pk', composite: ['profileId'], template: 'cap#${profileId}', casing: 'none' },
      sk: { field: 'sk', composite: ['period'], template: '${period}', casing: 'none' },
    },
  },
});
