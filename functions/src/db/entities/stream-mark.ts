import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * "This stream record's side effect is done": written in the same transaction as the effect (a
 * counter's ADD) with `attribute_not_exists`, so a redelivered record applies nothing twice. Kept
 * for longer than the stream keeps a record (24 h), then removed by TTL.
 */
export const StreamMark = new Entity({
  model: { entity: 'streamMark', version: '1', service: SERVICE },
  attributes: {
    /** The consumer's name: one record may feed several consumers. */
    consumer: { type: 'string', required: true, readOnly: true },
    /** The record's `eventID` (unique per record). */
    eventId: { type: 'string', required: true, readOnly: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byEvent: {
      pk: {
        field: 'pk',
        composite: ['consumer', 'eventId'],
        template: 'counted#${consumer}#${eventId}',
        casing: 'none',
      },
      sk: { field: 'sk', composite: [], template: 'counted', casing: 'none' },
    },
  },
});
