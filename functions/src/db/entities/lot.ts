import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * One credit of points with its own expiry. `lotKey` orders a holder's lots by kind, issuer and
 * expiry: `mushroom#<expiresAt>#<lotId>`, `leaf#…`, `original#<issuerId>#<expiresAt>#<lotId>`.
 * Deleted when spent to zero or by the expiry job, which finds the holder through an expiry
 * marker (`expiry-marker.ts`), so a lot writes no index entry: a spend changes its item only.
 */
export const Lot = new Entity({
  model: { entity: 'lot', version: '1', service: SERVICE },
  attributes: {
    holderId: { type: 'string', required: true, readOnly: true },
    lotKey: { type: 'string', required: true, readOnly: true },
    lotId: { type: 'string', required: true, readOnly: true },
    kind: { type: ['mushroom', 'leaf', 'original'] as const, required: true, readOnly: true },
    issuerId: { type: 'string' },
    expiresAt: { type: 'string', required: true, readOnly: true },
    /** The expiry job's bucket: JST date of expiresAt (today for a re-credited expired lot). */
    expiryDate: { type: 'string', required: true, readOnly: true },
    shard: { type: 'string', required: true, readOnly: true },
    initial: { type: 'number', required: true, readOnly: true },
    balance: { type: 'number', required: true },
    /** The movement that credited it. */
    txId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byHolder: {
      pk: { field: 'pk', composite: ['holderId'], template: 'lots#${holderId}', casing: 'none' },
      sk: { field: 'sk', composite: ['lotKey'], template: '${lotKey}', casing: 'none' },
    },
    /**
     * Legacy: lots credited before issue 9 carry these gsi1 keys; no new lot does (the condition
     * is false). The expiry job still reads it until the last such lot has gone (180 days after
     * the deployment; docs/architecture.md), then this index goes.
     */
    byExpiry: {
      index: 'gsi1',
      condition: () => false,
      pk: {
        field: 'gsi1pk',
        composite: ['expiryDate', 'shard'],
        template: 'expiry#${expiryDate}#${shard}',
        casing: 'none',
      },
      sk: {
        field: 'gsi1sk',
        composite: ['expiresAt', 'lotId'],
        template: '${expiresAt}#${lotId}',
        casing: 'none',
      },
    },
  },
});

export function lotKeyOf(
  kind: 'mushroom' | 'leaf' | 'original',
  issuerId: string | null,
  expiresAt: string,
  lotId: string,
) {
  return kind === 'original' ? `original#${issuerId}#${expiresAt}#${lotId}` : `${kind}#${expiresAt}#${lotId}`;
}
