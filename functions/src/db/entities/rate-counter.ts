import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * One fixed time window of a rate limit: how many slots of `scope` were taken for `key`
 * (an e-mail address, an account) in the window that starts at `window` (epoch seconds).
 * Written only with a conditional ADD (services/rate-limit.ts); TTL removes it after the window.
 */
export const RateCounter = new Entity({
  model: { entity: 'rateCounter', version: '1', service: SERVICE },
  attributes: {
    scope: { type: 'string', required: true, readOnly: true },
    key: { type: 'string', required: true, readOnly: true },
    window: { type: 'number', required: true, readOnly: true },
    count: { type: 'number' },
    ttl: { type: 'number' },
  },
  indexes: {
    byWindow: {
      pk: { field: 'pk', composite: ['scope', 'key'], template: 'rate#${scope}#${key}', casing: 'none' },
      sk: { field: 'sk', composite: ['window'], template: 'window#${window}', casing: 'none' },
    },
  },
});
