import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * One sale in a creator's realtime purchase log (the profile shows the newest
 * `shop.purchaseLogSize`): written once per order line by the stream consumer
 * `streams/shop-purchase-log` (key = the line's id, a ULID, so newest first), never for a sensitive
 * line. The buyer's nickname and anonymity are read when shown, so a buyer who turns
 * `is_anonymous_open_log` on is anonymous in past entries too.
 */
export const PurchaseLog = new Entity({
  model: { entity: 'purchaseLog', version: '1', service: SERVICE },
  attributes: {
    creatorId: { type: 'string', required: true, readOnly: true },
    lineId: { type: 'string', required: true, readOnly: true },
    buyerId: { type: 'string', required: true, readOnly: true },
    itemId: { type: 'string', required: true, readOnly: true },
    itemName: { type: 'string', required: true, readOnly: true },
    thumbnailKey: { type: 'string', readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byCreator: {
      pk: { field: 'pk', composite: ['creatorId'], template: 'purchase-log#${creatorId}', casing: 'none' },
      sk: { field: 'sk', composite: ['lineId'], template: '${lineId}', casing: 'none' },
    },
  },
});

/**
 * This JST month's sales of an item, in one of `shop.rankingShards` write shards (the line's id
 * picks it): `points` and `quantity` ADDed by the stream consumer `streams/shop-rankings` in one
 * transaction with the record's StreamMark. The rankings job sums an item's shards.
 */
export const ItemSalesCounter = new Entity({
  model: { entity: 'itemSalesCounter', version: '1', service: SERVICE },
  attributes: {
    month: { type: 'string', required: true, readOnly: true },
    shard: { type: 'string', required: true, readOnly: true },
    itemId: { type: 'string', required: true, readOnly: true },
    creatorId: { type: 'string', required: true },
    points: { type: 'number', required: true },
    quantity: { type: 'number', required: true },
    ttl: { type: 'number' },
  },
  indexes: {
    byShard: {
      pk: {
        field: 'pk',
        composite: ['month', 'shard'],
        template: 'item-sales-count#${month}#${shard}',
        casing: 'none',
      },
      sk: { field: 'sk', composite: ['itemId'], template: '${itemId}', casing: 'none' },
    },
  },
});
