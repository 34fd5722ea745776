import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/** One sale credited to a creator: payment type 1-4, the point kind used, revenue, fee, income. */
export const IncomeRow = new Entity({
  model: { entity: 'incomeRow', version: '1', service: SERVICE },
  attributes: {
    creatorId: { type: 'string', required: true, readOnly: true },
    ym: { type: 'string', required: true, readOnly: true },
    rowId: { type: 'string', required: true, readOnly: true },
    buyerId: { type: 'string', required: true, readOnly: true },
    /** A cast's sale (issue 16): the row is in its organization's income (`creatorId`) and keeps the cast. */
    castId: { type: 'string', readOnly: true },
    target: { type: 'string', readOnly: true },
    /** What the income screen names: 'chat', 'stamp', 'item' or 'fanclub' (absent: from the payment type). */
    targetKind: { type: 'string', readOnly: true },
    /** The stamp's catalogue id, the item's or fan club's name, as it was at the sale. */
    targetName: { type: 'string', readOnly: true },
    paymentType: { type: 'number', required: true, readOnly: true },
    pointType: { type: 'string', required: true, readOnly: true },
    points: { type: 'number', required: true, readOnly: true },
    revenue: { type: 'number', required: true, readOnly: true },
    fee: { type: 'number', required: true, readOnly: true },
    income: { type: 'number', required: true, readOnly: true },
    txId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byCreator: {
      collection: 'income',
      pk: { field: 'pk', composite: ['creatorId'], template: 'income#${creatorId}', casing: 'none' },
      sk: { field: 'sk', composite: ['ym', 'rowId'], template: 'row#${ym}#${rowId}', casing: 'none' },
    },
  },
});

/**
 * One write shard of a creator's totals of one JST month (ADD only). A sale adds to the shard of
 * its movement id (`points.incomeShards` of them); the month's totals are the sum of its shards
 * (`readIncomeMonth`), so concurrent sales to one creator rarely touch the same item. Each shard
 * also holds the totals by payment type (`revenue1`…`income4`, `typeTotalsOf`).
 */
export const IncomeMonth = new Entity({
  model: { entity: 'incomeMonth', version: '1', service: SERVICE },
  attributes: {
    creatorId: { type: 'string', required: true, readOnly: true },
    ym: { type: 'string', required: true, readOnly: true },
    shard: { type: 'string', required: true, readOnly: true },
    revenue: { type: 'number' },
    fee: { type: 'number' },
    income: { type: 'number' },
    // The same totals by payment type (1 chat, 2 products, 3 fan clubs, 4 gifts), ADDed with them,
    // so a month's split is read from its shards without reading its rows.
    revenue1: { type: 'number' },
    fee1: { type: 'number' },
    income1: { type: 'number' },
    revenue2: { type: 'number' },
    fee2: { type: 'number' },
    income2: { type: 'number' },
    revenue3: { type: 'number' },
    fee3: { type: 'number' },
    income3: { type: 'number' },
    revenue4: { type: 'number' },
    fee4: { type: 'number' },
    income4: { type: 'number' },
    withdrawalId: { type: 'string' },
  },
  indexes: {
    byCreator: {
      collection: 'income',
      pk: { field: 'pk', composite: ['creatorId'], template: 'income#${creatorId}', casing: 'none' },
      sk: { field: 'sk', composite: ['ym', 'shard'], template: 'total#${ym}#${shard}', casing: 'none' },
    },
  },
});

/** The per-type attributes of an IncomeMonth shard. */
export type TypedTotalField = `${'revenue' | 'fee' | 'income'}${1 | 2 | 3 | 4}`;

/** The ADD of one payment type's amounts to a shard (with the untyped totals). */
export function typedTotalsAdd(
  paymentType: number,
  t: { revenue: number; fee: number; income: number },
): Partial<Record<TypedTotalField, number>> & { revenue: number; fee: number; income: number } {
  const n = paymentType as 1 | 2 | 3 | 4;
  return {
    revenue: t.revenue,
    fee: t.fee,
    income: t.income,
    [`revenue${n}`]: t.revenue,
    [`fee${n}`]: t.fee,
    [`income${n}`]: t.income,
  };
}
