import { itemTypes } from '@app/shared/schemas/shop';
import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * One purchase movement (a single item or a cart's checkout), written in the same transaction as
 * its lines, the stock, the ownership marks and the ledger's spend (services/shop/purchase.ts).
 * `orderId` is derived from the buyer and the client's key, so a retried request finds it.
 */
export const Order = new Entity({
  model: { entity: 'order', version: '1', service: SERVICE },
  attributes: {
    orderId: { type: 'string', required: true, readOnly: true },
    buyerId: { type: 'string', required: true, readOnly: true },
    /** The ledger movement (journal txId). */
    txId: { type: 'string', required: true, readOnly: true },
    points: { type: 'number', required: true, readOnly: true },
    lineIds: { type: 'list', items: { type: 'string' }, required: true, readOnly: true },
    /** What was asked (items and quantities): a retry with the same key and other lines is refused. */
    requestHash: { type: 'string', required: true, readOnly: true },
    source: { type: ['item', 'cart'] as const, required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['orderId'], template: 'order#${orderId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'order', casing: 'none' },
    },
  },
});

/**
 * One item of an order: the buyer's purchase log and library entry, and the creator's sales-status
 * row. It keeps what the buyer bought as it was (name, type, unit points, sensitivity); the files
 * are read from the item (kept when the item is deleted). gsi1 is the buyer's library and history
 * (newest first), gsi2 the creator's sales status (newest first), gsi3 one item's sales.
 */
export const OrderLine = new Entity({
  model: { entity: 'orderLine', version: '1', service: SERVICE },
  attributes: {
    lineId: { type: 'string', required: true, readOnly: true },
    orderId: { type: 'string', required: true, readOnly: true },
    buyerId: { type: 'string', required: true, readOnly: true },
    creatorId: { type: 'string', required: true, readOnly: true },
    itemId: { type: 'string', required: true, readOnly: true },
    itemType: { type: itemTypes, required: true, readOnly: true },
    itemName: { type: 'string', required: true, readOnly: true },
    thumbnailKey: { type: 'string', readOnly: true },
    quantity: { type: 'number', required: true, readOnly: true },
    unitPoints: { type: 'number', required: true, readOnly: true },
    points: { type: 'number', required: true, readOnly: true },
    /** Sensitive or under review when bought: never in rankings or the purchase log. */
    sensitive: { type: 'boolean', required: true, readOnly: true },
    /** Digital lines are provided at purchase; physical ones when the creator marks them. */
    provided: { type: 'boolean', required: true },
    providedAt: { type: 'string' },
    giftMessage: { type: 'string' },
    /** The return gift's processed file (private) and its kind. */
    giftFileKey: { type: 'string' },
    giftKind: { type: ['photo', 'video'] as const },
    giftSentAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['lineId'], template: 'line#${lineId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'line', casing: 'none' },
    },
    library: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['buyerId'], template: 'library#${buyerId}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['lineId'], template: '${lineId}', casing: 'none' },
    },
    sales: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['creatorId'], template: 'sales#${creatorId}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['lineId'], template: '${lineId}', casing: 'none' },
    },
    itemSales: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['itemId'], template: 'item-sales#${itemId}', casing: 'none' },
      sk: { field: 'gsi3sk', composite: ['lineId'], template: '${lineId}', casing: 'none' },
    },
  },
});

/**
 * A digital item in a buyer's library: created with the purchase under `attribute_not_exists`, so
 * a digital item is bought once whatever the concurrency. Names the line to open.
 */
export const Ownership = new Entity({
  model: { entity: 'ownership', version: '1', service: SERVICE },
  attributes: {
    buyerId: { type: 'string', required: true, readOnly: true },
    itemId: { type: 'string', required: true, readOnly: true },
    lineId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byBuyer: {
      pk: { field: 'pk', composite: ['buyerId'], template: 'owns#${buyerId}', casing: 'none' },
      sk: { field: 'sk', composite: ['itemId'], template: 'item#${itemId}', casing: 'none' },
    },
  },
});
