import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * The double-entry record of one point movement, append-only: its lines sum to zero. `txId` is
 * the movement's idempotency key, so a second write of the same movement fails its condition.
 * Kept when the holder leaves (accounting). No index: a movement is found by its txId, and the
 * platform's reconciliation by day reads the table's export (every journal item carries
 * `createdAt`), so a movement writes no index entry.
 */
export const Journal = new Entity({
  model: { entity: 'journal', version: '1', service: SERVICE },
  attributes: {
    txId: { type: 'string', required: true, readOnly: true },
    kind: {
      type: ['purchase', 'grant', 'spend', 'expiry', 'reversal'] as const,
      required: true,
      readOnly: true,
    },
    holderId: { type: 'string', required: true, readOnly: true },
    /** Accounts: `wallet:<holder>:<kind>[:<issuer>]`, `sales:mushroom`, `grants:<kind>[:<issuer>]`, `creator:<id>`, `platform:fee`, `expired:<kind>`. */
    lines: {
      type: 'list',
      required: true,
      readOnly: true,
      items: {
        type: 'map',
        properties: {
          account: { type: 'string', required: true },
          amount: { type: 'number', required: true },
        },
      },
    },
    /** Spends: the lots taken (a reversal re-credits them with their own expiry). */
    lots: {
      type: 'list',
      readOnly: true,
      items: {
        type: 'map',
        properties: {
          lotKey: { type: 'string', required: true },
          kind: { type: 'string', required: true },
          issuerId: { type: 'string' },
          expiresAt: { type: 'string', required: true },
          points: { type: 'number', required: true },
        },
      },
    },
    purpose: { type: 'string', readOnly: true },
    /** The payee of a spend with one payee. */
    payeeId: { type: 'string', readOnly: true },
    /** A spend with several payees (a cart of several shops): the points each was paid. */
    shares: {
      type: 'list',
      readOnly: true,
      items: {
        type: 'map',
        properties: {
          payeeId: { type: 'string', required: true },
          points: { type: 'number', required: true },
        },
      },
    },
    points: { type: 'number', required: true, readOnly: true },
    /** The request a spend belongs to (message, order…), and the hash of what was asked. */
    target: { type: 'string', readOnly: true },
    requestHash: { type: 'string', readOnly: true },
    logId: { type: 'string', required: true, readOnly: true },
    reverses: { type: 'string', readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byTx: {
      pk: { field: 'pk', composite: ['txId'], template: 'journal#${txId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'journal', casing: 'none' },
    },
  },
});
