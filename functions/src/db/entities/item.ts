import { itemStatuses, itemTypes } from '@app/shared/shop';
import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/** A file of an item: its processed key and what the library shows of it. */
const fileMap = {
  type: 'map',
  properties: {
    key: { type: 'string', required: true },
    name: { type: 'string' },
    contentType: { type: 'string', required: true },
    size: { type: 'number' },
  },
} as const;

/**
 * A shop item (spec "Shop item", DECISIONS.md "Shop"), one item of its own found by id. `remaining`
 * is the stock of a limited item: a purchase subtracts under the condition that enough is left,
 * so stock never goes below 0 whatever the concurrency. Deleting sets `deletedAt` and keeps the
 * item and its files for the buyers' libraries.
 * gsi1 lists the creator's items for the shop management list (a deleted item moves to `shopOwner`
 * `deleted#<creatorId>`). gsi2 is the profile's shelf: `shelf` is `<creatorId>` while the item is published,
 * public and not deleted (`hidden#<creatorId>` otherwise), sorted pinned first then newest
 * (`shelfOf` in services/shop/items.ts writes both attributes with every change that moves them).
 * gsi3 lists the items operators put under review (`underReview`, by `reviewSince`), newest first.
 */
export const Item = new Entity({
  model: { entity: 'item', version: '1', service: SERVICE },
  attributes: {
    itemId: { type: 'string', required: true, readOnly: true },
    creatorId: { type: 'string', required: true, readOnly: true },
    /** gsi1's partition: the creator, or `deleted#<creatorId>` once deleted. */
    shopOwner: { type: 'string', required: true },
    itemType: { type: itemTypes, required: true },
    status: { type: itemStatuses, required: true },
    isPublic: { type: 'boolean', required: true },
    name: { type: 'string', required: true },
    description: { type: 'string', required: true },
    /** Yen (null in a draft without a price). Points per unit = price / yenPerMushroom. */
    price: { type: 'number' },
    thumbnail: fileMap,
    images: { type: 'list', items: fileMap },
    zip: fileMap,
    video: fileMap,
    samples: { type: 'list', items: fileMap },
    /** UTC instants (`toISOString`), whatever offset the form sent: conditions compare them as text. */
    openAt: { type: 'string', set: (v?: string) => (v ? new Date(v).toISOString() : v) },
    closeAt: { type: 'string', set: (v?: string) => (v ? new Date(v).toISOString() : v) },
    stockLimited: { type: 'boolean', required: true },
    /** Units left of a limited item. */
    remaining: { type: 'number' },
    showStock: { type: 'boolean', required: true },
    lowStockThreshold: { type: 'number', required: true },
    sensitive: { type: 'boolean', required: true },
    /** Set by operators (issue 17): treated as sensitive (no minors, no rankings, no purchase log). */
    underReview: { type: 'boolean' },
    /** When the last review began (gsi3, the operators' under-review list, while `underReview`). */
    reviewSince: { type: 'string' },
    pinned: { type: 'boolean', required: true },
    pinnedAt: { type: 'string' },
    /** Units sold (all time). */
    sold: { type: 'number', required: true, default: 0 },
    shelf: { type: 'string', required: true },
    shelfSort: { type: 'string', required: true },
    version: { type: 'number', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
    publishedAt: { type: 'string' },
    deletedAt: { type: 'string' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['itemId'], template: 'item#${itemId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'item', casing: 'none' },
    },
    byShop: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['shopOwner'], template: 'shop#${shopOwner}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['itemId'], template: 'item#${itemId}', casing: 'none' },
    },
    shelf: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['shelf'], template: 'shelf#${shelf}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['shelfSort'], template: '${shelfSort}', casing: 'none' },
    },
    // The operators' under-review list (issue 17), newest first; sparse: only items under review
    // (taking one off fails the condition, and ElectroDB removes the keys).
    underReview: {
      index: 'gsi3',
      condition: (attr) => attr.underReview === true && typeof attr.reviewSince === 'string',
      pk: {
        field: 'gsi3pk',
        composite: ['underReview'],
        template: 'items-review#${underReview}',
        casing: 'none',
      },
      // `reviewSince` only: a write that names every item's key (any put) leaves the index alone.
      sk: { field: 'gsi3sk', composite: ['reviewSince'], template: '${reviewSince}', casing: 'none' },
    },
  },
});
