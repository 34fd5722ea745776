/** Shop items written straight into the table (the item form is another part's), for the buyer's side. */
import { shelfOf } from '@app/shared/shop';
import { timeId } from '../../src/lib/crypto.ts';
import type { ItemRecord } from '../../src/services/shop/views.ts';
import { testDb } from './cloud.ts';

const HOUR = 3_600_000;

/** A published, public photo item on sale since an hour ago (1,000 yen, unlimited stock) unless `over` says else. */
export async function putItem(creatorId: string, over: Partial<ItemRecord> = {}): Promise<ItemRecord> {
  const now = new Date();
  const createdAt = new Date(now.getTime() - 2 * HOUR).toISOString();
  const base = {
    itemId: timeId(now),
    creatorId,
    shopOwner: creatorId,
    itemType: 'photo' as const,
    status: 'published' as const,
    isPublic: true,
    name: 'テスト写真集',
    description: '写真10枚',
    price: 1000,
    thumbnail: {
      key: `media/item-thumbnail/${creatorId}/t${Date.now().toString(36)}/full.webp`,
      contentType: 'image/webp',
    },
    images: [
      { key: `private/item-image/${creatorId}/a/full.webp`, contentType: 'image/webp', name: 'a.webp' },
    ],
    samples: [{ key: `media/sample/${creatorId}/s1/full.webp`, contentType: 'image/webp' }],
    openAt: new Date(now.getTime() - HOUR).toISOString(),
    stockLimited: false,
    showStock: true,
    lowStockThreshold: 0,
    sensitive: false,
    pinned: false,
    sold: 0,
    version: 1,
    createdAt,
    updatedAt: createdAt,
    publishedAt: createdAt,
    ...over,
  };
  const item = { ...base, ...shelfOf(base) } as ItemRecord;
  await testDb().entities.item.put(item).go();
  return item;
}
