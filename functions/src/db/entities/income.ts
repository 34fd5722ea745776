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
    target: { type: 'string', readOnly: true },
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
 * (`readIncomeMonth`), so concurrent sales to one creator rarely touch the same item.
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
