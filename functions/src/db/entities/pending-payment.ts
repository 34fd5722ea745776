import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * "This payment may still be pending": the reconciler's list (J8). Written (a plain put) before
 * the transaction that opens the payment, so a pending payment always has its marker; deleted (a
 * plain delete) once the payment is settled, by the request or, if that delete was lost or the
 * payment never opened, by the reconciler. The payment item itself decides everything: a marker
 * is only where to look.
 */
export const PendingPayment = new Entity({
  model: { entity: 'pendingPayment', version: '1', service: SERVICE },
  attributes: {
    shard: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    uuid: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byAge: {
      pk: { field: 'pk', composite: ['shard'], template: 'payments-pending#${shard}', casing: 'none' },
      sk: {
        field: 'sk',
        composite: ['createdAt', 'uuid'],
        template: '${createdAt}#${uuid}',
        casing: 'none',
      },
    },
  },
});
