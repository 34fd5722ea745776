import { withdrawalStatuses } from '@app/shared/withdrawal-states';
import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A creator's withdrawal request of one closed JST month (`ym`), in the income partition next to
 * the month's totals. The key is the month, so a month is requested once: the create's condition
 * decides between concurrent requests. `id` (the month and the creator) names it on the API.
 * gsi2 lists requests by status, oldest first, for the operators' review; gsi1 lists a transfer
 * date's requests for the operators' console (issue 17) and its Zengin transfer file.
 */
export const Withdrawal = new Entity({
  model: { entity: 'withdrawal', version: '1', service: SERVICE },
  attributes: {
    creatorId: { type: 'string', required: true, readOnly: true },
    ym: { type: 'string', required: true, readOnly: true },
    status: { type: withdrawalStatuses, required: true },
    /** The month's income when requested (yen). */
    requestedAmount: { type: 'number', required: true, readOnly: true },
    /** The transfer fee when requested (yen). */
    fee: { type: 'number', required: true, readOnly: true },
    finalizedAmount: { type: 'number' },
    requestedAt: { type: 'string', required: true, readOnly: true },
    reappliedAt: { type: 'string' },
    /** JST date: scheduled from the (re)request's date, then the actual transfer date. */
    transferDate: { type: 'string', required: true },
    transferredAt: { type: 'string' },
    notes: { type: 'string' },
    rejectionReason: { type: 'string' },
    rejectionFields: { type: 'list', items: { type: 'string' } },
    /** The operators' transfer batch (TransferBatch) the request was written into; removed on reapplying. */
    batchId: { type: 'string' },
    /** Why the bank could not pay the transfer (status 'transfer_failed'). */
    transferFailure: { type: 'string' },
    /** The bank account the request was made (or last reapplied) with: what the transfer file uses. */
    bank: {
      type: 'map',
      required: true,
      properties: {
        bankCode: { type: 'string', required: true },
        bankName: { type: 'string', required: true },
        branchCode: { type: 'string', required: true },
        branchName: { type: 'string', required: true },
        accountType: { type: 'string', required: true },
        accountNumber: { type: 'string', required: true },
        accountOwner: { type: 'string', required: true },
      },
    },
    /** Every change of status: who (a profile id, or 'creator'), when, from and to. Append-only. */
    events: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          at: { type: 'string', required: true },
          by: { type: 'string', required: true },
          from: { type: 'string' },
          to: { type: 'string', required: true },
        },
      },
    },
    /** Optimistic lock of the transitions. */
    version: { type: 'number', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byCreator: {
      collection: 'income',
      pk: { field: 'pk', composite: ['creatorId'], template: 'income#${creatorId}', casing: 'none' },
      sk: { field: 'sk', composite: ['ym'], template: 'withdrawal#${ym}', casing: 'none' },
    },
    byTransferDate: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['transferDate'],
        template: 'withdrawals-on#${transferDate}',
        casing: 'none',
      },
      sk: { field: 'gsi1sk', composite: ['creatorId', 'ym'], template: '${creatorId}#${ym}', casing: 'none' },
    },
    byStatus: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['status'], template: 'withdrawals#${status}', casing: 'none' },
      sk: {
        field: 'gsi2sk',
        composite: ['requestedAt', 'creatorId', 'ym'],
        template: '${requestedAt}#${creatorId}#${ym}',
        casing: 'none',
      },
    },
  },
});

/** The API id of a request: its month (YYYYMM) and the creator's profile id. */
export const withdrawalIdOf = (creatorId: string, ym: string) => `${ym.replace('-', '')}${creatorId}`;

/** The month and creator an API id names, or null for any other form. */
export function parseWithdrawalId(id: string): { ym: string; creatorId: string } | null {
  const m = /^(20\d{2})(0[1-9]|1[0-2])([A-Za-z0-9-]{1,64})$/.exec(id);
  return m ? { ym: `${m[1]}-${m[2]}`, creatorId: m[3] as string } : null;
}
