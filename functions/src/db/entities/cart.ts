import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A buyer's cart (mypage-cart), one item: at most `shop.cartLinesMax` lines, every change
 * conditional on the version it read (so two tabs cannot exceed the limit or lose a line), and the
 * checkout deletes it in the purchase's own transaction under the version it bought.
 */
export const Cart = new Entity({
  model: { entity: 'cart', version: '1', service: SERVICE },
  attributes: {
    buyerId: { type: 'string', required: true, readOnly: true },
    lines: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          itemId: { type: 'string', required: true },
          quantity: { type: 'number', required: true },
          addedAt: { type: 'string', required: true },
        },
      },
    },
    version: { type: 'number', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byBuyer: {
      pk: { field: 'pk', composite: ['buyerId'], template: 'cart#${buyerId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'cart', casing: 'none' },
    },
  },
});
