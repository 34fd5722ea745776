import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/** The Square customer of a profile. Cards stay in Square; nothing about them is stored here. */
export const SquareCustomer = new Entity({
  model: { entity: 'squareCustomer', version: '1', service: SERVICE },
  attributes: {
    profileId: { type: 'string', required: true, readOnly: true },
    customerId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byProfile: {
      collection: 'account',
      pk: { field: 'pk', composite: ['profileId'], template: 'profile#${profileId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'square', casing: 'none' },
    },
  },
});
