import { itemSaveRequest } from '@app/shared/schemas/shop';
import { describe, expect, it } from 'vitest';
import { itemFileFolder } from '../media/cleanup.ts';
import { lockedChanges } from './items.ts';
import type { ItemRecord } from './views.ts';

const file = (key: string) => ({ key, contentType: 'image/webp' });
const current = {
  itemId: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  creatorId: 'me',
  status: 'published',
  itemType: 'photo',
  name: 'A',
  description: 'D',
  price: 1000,
  thumbnail: file('media/item-thumbnail/me/me-1/full.webp'),
  images: [file('private/item-image/me/me-2/full.webp'), file('private/item-image/me/me-3/full.webp')],
  samples: [file('media/sample/me/me-4/full.webp')],
  openAt: '2026-07-01T00:00:00.000Z',
  stockLimited: true,
  remaining: 5,
  showStock: true,
  lowStockThreshold: 0,
  sensitive: false,
  isPublic: true,
} as unknown as ItemRecord;

const form = (over: Record<string, unknown> = {}) =>
  itemSaveRequest.parse({
    id: current.itemId,
    status: 'published',
    item_type: 'photo',
    name: 'A',
    description: 'D',
    price: 1000,
    thumbnail: 'media/item-thumbnail/me/me-1/full.webp',
    images: ['private/item-image/me/me-2/full.webp', 'private/item-image/me/me-3/full.webp'],
    samples: ['media/sample/me/me-4/full.webp'],
    open_at: '2026-07-01T00:00:00.000Z',
    stock_mode: 'limited',
    is_public: true,
    ...over,
  });

describe('what a published item keeps', () => {
  it('lets the name, price, period, image order, samples, stock and the public flag change', () => {
    expect(
      lockedChanges(
        current,
        form({
          name: 'B',
          price: 2000,
          open_at: '2026-08-01T00:00:00.000Z',
          close_at: '2026-09-01T00:00:00.000Z',
          images: ['private/item-image/me/me-3/full.webp', 'private/item-image/me/me-2/full.webp'],
          samples: [],
          stock: 9,
          is_public: false,
        }),
      ),
    ).toEqual([]);
  });
  it('names everything else that changed', () => {
    expect(
      lockedChanges(
        current,
        form({
          status: 'draft',
          item_type: 'video',
          description: 'E',
          thumbnail: null,
          images: ['private/item-image/me/me-2/full.webp'],
          stock_mode: 'unlimited',
          show_stock: false,
          low_stock_threshold: 1,
          sensitive: true,
        }),
      ),
    ).toEqual([
      'status',
      'item_type',
      'description',
      'thumbnail',
      'images',
      'stock_mode',
      'show_stock',
      'low_stock_threshold',
      'sensitive',
    ]);
  });
});

describe('itemFileFolder', () => {
  it('is the processed folder of an item file, and nothing for other keys', () => {
    expect(itemFileFolder('private/item-image/me/me-2/full.webp')).toBe('private/item-image/me/me-2/');
    expect(itemFileFolder('media/sample/me/me-4/original.zip')).toBe('media/sample/me/me-4/');
    expect(itemFileFolder('uploads/item-image/me/me-2.png')).toBeNull();
    expect(itemFileFolder('media/avatar/me-1/full.webp')).toBeNull();
  });
});

describe('the file names of the form', () => {
  it('takes a name per new upload key, and no more names than files', () => {
    const key = (i: number) => `uploads/item-image/me/me-${i}.png`;
    expect(form({ file_names: { [key(1)]: 'beach.png' } }).file_names).toEqual({ [key(1)]: 'beach.png' });
    expect(itemSaveRequest.safeParse({ ...form(), file_names: { 'media/x/y.png': 'a' } }).success).toBe(
      false,
    );
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [key(i), 'a.png']));
    expect(itemSaveRequest.safeParse({ ...form(), file_names: many }).success).toBe(false);
  });
});
