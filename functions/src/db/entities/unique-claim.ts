import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * Makes an e-mail, username or LINE user id belong to one profile (created with attribute_not_exists).
 * `notify-email`: a fan's notification e-mail once confirmed by a code; LINE recovery goes by it.
 */
export const UniqueClaim = new Entity({
  model: { entity: 'uniqueClaim', version: '1', service: SERVICE },
  attributes: {
    kind: { type: ['email', 'username', 'line', 'notify-email'] as const, required: true, readOnly: true },
    value: { type: 'string', required: true, readOnly: true },
    profileId: { type: 'string', required: true },
  },
  indexes: {
    byValue: {
      pk: { field: 'pk', composite: ['kind', 'value'], template: 'unique#${kind}#${value}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'unique', casing: 'none' },
    },
  },
});
