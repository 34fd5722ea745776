import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A mushroom purchase, keyed by the client's uuid (the idempotency key end to end). The
 * reconciler finds pending payments through their markers (`pending-payment.ts`), so a payment
 * writes no index entry.
 */
export const Payment = new Entity({
  model: { entity: 'payment', version: '1', service: SERVICE },
  attributes: {
    uuid: { type: 'string', required: true, readOnly: true },
    profileId: { type: 'string', required: true, readOnly: true },
    /** sha256 of what was asked: a used key with another body is refused. */
    requestHash: { type: 'string', required: true, readOnly: true },
    state: { type: ['pending', 'completed', 'failed'] as const, required: true },
    yen: { type: 'number', required: true, readOnly: true },
    mushrooms: { type: 'number', required: true, readOnly: true },
    customerId: { type: 'string', required: true, readOnly: true },
    /** A card on file id or a single-use nonce; never card data. */
    sourceId: { type: 'string', required: true, readOnly: true },
    /** The caps this payment holds (released once, when it fails or is known not to be charged). */
    capDay: { type: 'string', required: true, readOnly: true },
    capMonth: { type: 'string', readOnly: true },
    lang: { type: 'string' },
    squarePaymentId: { type: 'string' },
    /**
     * When the last charge request for it was sent to Square. Written (while pending) before every
     * request: the reconciler releases the caps of a charge that does not exist only when no
     * request can still be in flight, in the same conditional write.
     */
    attemptedAt: { type: 'string' },
    /** The card error of a failed payment; while pending, that of the last unknown outcome. */
    errorCode: { type: 'string' },
    paidAt: { type: 'string' },
    /** When the receipt mail went out (stream consumer `streams/purchase-receipts`). */
    receiptSentAt: { type: 'string' },
    expiresAt: { type: 'string' },
    /** The marker's shard (`payments-pending#<shard>`). */
    shard: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
  },
  indexes: {
    byUuid: {
      pk: { field: 'pk', composite: ['uuid'], template: 'payment#${uuid}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'payment', casing: 'none' },
    },
    /**
     * Legacy: payments opened before issue 9 carry these gsi1 keys while pending; no new payment
     * does (the condition is false, and a state change of a legacy one removes them). The
     * reconciler still reads it until no legacy payment is pending (docs/architecture.md).
     */
    pending: {
      index: 'gsi1',
      condition: () => false,
      pk: { field: 'gsi1pk', composite: ['shard'], template: 'payments-pending#${shard}', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['createdAt', 'uuid'],
        template: '${createdAt}#${uuid}',
        casing: 'none',
      },
    },
  },
});
