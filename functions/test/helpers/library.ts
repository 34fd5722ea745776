/**
 * Shop fixtures written straight to the table (items, orders and their lines as a purchase writes
 * them) with the item's processed files in the media bucket, for tests of what follows a purchase.
 */
import { randomUUID } from 'node:crypto';
import { shelfOf } from '@app/shared/shop';
import sharp from 'sharp';
import { timeId } from '../../src/lib/crypto.ts';
import { testDb } from './cloud.ts';
import { mp4, putObject } from './media.ts';

const db = testDb();

export type ItemType = 'photo' | 'video' | 'physical';

export interface ItemFixture {
  itemId: string;
  creatorId: string;
  itemType: ItemType;
  name: string;
  files: { key: string; name: string }[];
}

const webp = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#c84' } })
    .webp()
    .toBuffer();

/** A published item with its processed files (photo: 2 images and a ZIP; video: one MP4). */
export async function makeItem(
  creatorId: string,
  itemType: ItemType,
  name = `商品 ${itemType}`,
): Promise<ItemFixture> {
  const now = new Date().toISOString();
  const itemId = timeId(new Date());
  const folder = (f: string) => `private/${f}/${creatorId}-${randomUUID()}/`;
  const files: { key: string; name: string; contentType: string; size: number }[] = [];
  const images: typeof files = [];
  let zip: (typeof files)[number] | undefined;
  let video: (typeof files)[number] | undefined;
  if (itemType === 'photo') {
    for (const n of [1, 2]) {
      const bytes = await webp();
      const f = {
        key: `${folder('item-image')}full.webp`,
        name: `写真${n}.jpg`,
        contentType: 'image/webp',
        size: bytes.length,
      };
      await putObject(f.key, bytes, f.contentType);
      images.push(f);
    }
    const bytes = new Uint8Array(Buffer.from('PK\u0003\u0004 a zip'));
    zip = {
      key: `${folder('item-zip')}original.zip`,
      name: 'まとめ.zip',
      contentType: 'application/zip',
      size: bytes.length,
    };
    await putObject(zip.key, bytes, zip.contentType);
    files.push(...images, zip);
  }
  if (itemType === 'video') {
    const bytes = mp4();
    video = {
      key: `${folder('item-video')}original.mp4`,
      name: 'movie.mp4',
      contentType: 'video/mp4',
      size: bytes.length,
    };
    await putObject(video.key, bytes, video.contentType);
    files.push(video);
  }
  const base = {
    itemId,
    creatorId,
    shopOwner: creatorId,
    itemType,
    status: 'published' as const,
    isPublic: true,
    name,
    description: 'テスト商品',
    price: 500,
    stockLimited: false,
    showStock: false,
    lowStockThreshold: 0,
    sensitive: false,
    pinned: false,
    version: 1,
    createdAt: now,
    updatedAt: now,
    publishedAt: now,
  };
  await db.entities.item
    .create({
      ...base,
      ...shelfOf(base),
      openAt: new Date(Date.now() - 86_400_000).toISOString(),
      ...(images.length ? { images } : {}),
      ...(zip ? { zip } : {}),
      ...(video ? { video } : {}),
    })
    .go();
  return { itemId, creatorId, itemType, name, files };
}

/** One order of one line, as the purchase writes it; `at` dates the line (its ULID). */
export async function makeLine(
  item: ItemFixture,
  buyerId: string,
  opts: { at?: Date; quantity?: number } = {},
) {
  const at = opts.at ?? new Date();
  const lineId = timeId(at);
  const orderId = `o-${randomUUID()}`;
  const quantity = opts.quantity ?? 1;
  await db.entities.order
    .create({
      orderId,
      buyerId,
      txId: `tx-${randomUUID()}`,
      points: 50 * quantity,
      lineIds: [lineId],
      requestHash: 'test',
      source: 'item',
      createdAt: at.toISOString(),
    })
    .go();
  await db.entities.orderLine
    .create({
      lineId,
      orderId,
      buyerId,
      creatorId: item.creatorId,
      itemId: item.itemId,
      itemType: item.itemType,
      itemName: item.name,
      quantity,
      unitPoints: 50,
      points: 50 * quantity,
      sensitive: false,
      provided: item.itemType !== 'physical',
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
    })
    .go();
  return lineId;
}

export async function deleteItem(itemId: string, creatorId: string) {
  const now = new Date().toISOString();
  await db.entities.item
    .patch({ itemId })
    .set({ deletedAt: now, shopOwner: `deleted#${creatorId}`, shelf: `hidden#${creatorId}`, updatedAt: now })
    .go();
}
