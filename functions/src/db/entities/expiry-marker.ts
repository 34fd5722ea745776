import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * "This holder has lots that expire on this JST date": the expiry job's list of wallets to look
 * at (J2). Written (a plain put, idempotent) before the transaction that credits such a lot, so a
 * committed lot always has its marker; a marker whose lots were spent meanwhile only costs the job
 * one wallet read. The job deletes it once its date has passed and the lots are expired. One
 * marker per holder and date, however many lots: `shard` is the holder's, so it can be found
 * again from the holder (leaving).
 */
export const ExpiryMarker = new Entity({
  model: { entity: 'expiryMarker', version: '1', service: SERVICE },
  attributes: {
    expiryDate: { type: 'string', required: true, readOnly: true },
    shard: { type: 'string', required: true, readOnly: true },
    holderId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byDate: {
      pk: {
        field: 'pk',
        composite: ['expiryDate', 'shard'],
        template: 'expiry#${expiryDate}#${shard}',
        casing: 'none',
      },
      sk: { field: 'sk', composite: ['holderId'], template: '${holderId}', casing: 'none' },
    },
  },
});
