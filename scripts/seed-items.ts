/**
 * Demo shop items for the local cloud: `POST /_local/demo/item` (browser tests, demos) and the seed.
 * An item is written as the item form would leave it once published, with real files drawn here
 * (SVG rendered by sharp) and stored where the media pipeline puts processed files: the thumbnail
 * and samples public (`media/…`), the images private (`private/…`). Local and test stages only.
 */
import { randomUUID } from 'node:crypto';
import { mediaConfig, mediaPurposes } from '@app/shared/media';
import type { ItemType } from '@app/shared/schemas/shop';
import { shelfOf } from '@app/shared/shop';
import sharp from 'sharp';
import type { Db } from '../functions/src/db/service.ts';
import type { Clock } from '../functions/src/lib/clock.ts';
import { timeId } from '../functions/src/lib/crypto.ts';
import type { MediaStore } from '../functions/src/lib/media-store.ts';

export interface DemoItemInput {
  /** The creator's username. */
  username: string;
  name: string;
  itemType?: ItemType;
  /** Yen. */
  price?: number;
  description?: string;
  /** Units left; absent: unlimited. */
  stock?: number;
  showStock?: boolean;
  lowStockThreshold?: number;
  sensitive?: boolean;
  isPublic?: boolean;
  pinned?: boolean;
  /** Photo items: how many images (default 2). */
  images?: number;
  samples?: number;
  /** Sale window; default: open since a minute ago, no end. */
  openAt?: string;
  closeAt?: string;
}

const PALETTE = ['#f4a259', '#5b8e7d', '#bc4b51', '#8cb369', '#6d597a', '#355070'];

function pictureSvg(title: string, n: number, size = 800): string {
  // Each item its own colour (from its name), each picture of it the next one.
  const hue = [...title].reduce((h, c) => h + c.charCodeAt(0), 0);
  const color = PALETTE[(hue + n) % PALETTE.length];
  const safe = `${title.replace(/[<>&"]/g, '')} ${n + 1}`;
  // Fit the title on one line: about half an em for ASCII, a full em for Japanese.
  const ems = [...safe].reduce((w, c) => w + (c.charCodeAt(0) < 128 ? 0.6 : 1), 0);
  const fontSize = Math.min(size / 14, (size * 0.85) / ems);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <rect width="100%" height="100%" fill="${color}"/>
  <circle cx="${size / 2}" cy="${size / 2 - 60}" r="${size / 5}" fill="#ffffff" fill-opacity="0.35"/>
  <text x="50%" y="78%" font-size="${fontSize}" text-anchor="middle" fill="#ffffff" font-family="IPAGothic, sans-serif">${safe}</text>
</svg>`;
}

async function storeImage(
  media: MediaStore,
  purpose: 'itemThumbnail' | 'itemImage' | 'sample',
  owner: string,
  svg: string,
  fileName: string,
): Promise<{ key: string; name: string; contentType: string; size: number }> {
  const p = mediaPurposes[purpose];
  const prefix = p.visibility === 'public' ? mediaConfig.prefixes.public : mediaConfig.prefixes.private;
  const folder = `${prefix}${p.folder}/${owner}-${randomUUID()}/`;
  let full: { key: string; size: number } | null = null;
  for (const d of p.derivatives ?? []) {
    const body = await sharp(Buffer.from(svg))
      .resize(d.width, d.height, { fit: d.fit })
      .webp({ quality: mediaConfig.webpQuality })
      .toBuffer();
    const key = `${folder}${d.name}.webp`;
    await media.write(key, new Uint8Array(body), {
      contentType: 'image/webp',
      ...(p.visibility === 'public'
        ? { cacheControl: `public, max-age=${mediaConfig.publicCacheSeconds}, immutable` }
        : {}),
    });
    full ??= { key, size: body.length };
  }
  if (!full) throw new Error(`${purpose} has no derivatives`);
  return { key: full.key, name: fileName, contentType: 'image/webp', size: full.size };
}

/** Writes a published item for the creator named `username`; answers its id. */
export async function createDemoItem(
  deps: { db: Db; clock: Clock; media: MediaStore },
  input: DemoItemInput,
): Promise<{ id: string }> {
  const { data: claim } = await deps.db.entities.uniqueClaim
    .get({ kind: 'username', value: input.username.toLowerCase() })
    .go();
  if (!claim) throw new Error(`no creator is called ${input.username}`);
  const creatorId = claim.profileId;
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const itemType = input.itemType ?? 'photo';
  const thumbnail = await storeImage(
    deps.media,
    'itemThumbnail',
    creatorId,
    pictureSvg(input.name, 0),
    'thumbnail.webp',
  );
  const images =
    itemType === 'photo'
      ? await Promise.all(
          Array.from({ length: input.images ?? 2 }, (_, i) =>
            storeImage(
              deps.media,
              'itemImage',
              creatorId,
              pictureSvg(input.name, i + 1, 1200),
              `photo-${i + 1}.webp`,
            ),
          ),
        )
      : [];
  const samples = await Promise.all(
    Array.from({ length: input.samples ?? 1 }, (_, i) =>
      storeImage(
        deps.media,
        'sample',
        creatorId,
        pictureSvg(`${input.name} sample`, i + 3),
        `sample-${i + 1}.webp`,
      ),
    ),
  );
  const itemId = timeId(now);
  const pinned = input.pinned ?? false;
  const base = {
    creatorId,
    status: 'published' as const,
    isPublic: input.isPublic ?? true,
    pinned,
    ...(pinned ? { pinnedAt: nowIso } : {}),
    publishedAt: nowIso,
    createdAt: nowIso,
  };
  await deps.db.entities.item
    .create({
      itemId,
      ...base,
      shopOwner: creatorId,
      itemType,
      name: input.name,
      description: input.description ?? `${input.name}の説明です。`,
      price: input.price ?? 500,
      thumbnail,
      images,
      samples,
      openAt: input.openAt ?? new Date(now.getTime() - 60_000).toISOString(),
      ...(input.closeAt ? { closeAt: input.closeAt } : {}),
      stockLimited: input.stock !== undefined,
      ...(input.stock !== undefined ? { remaining: input.stock } : {}),
      showStock: input.showStock ?? true,
      lowStockThreshold: input.lowStockThreshold ?? 0,
      sensitive: input.sensitive ?? false,
      sold: 0,
      ...shelfOf(base),
      version: 1,
      updatedAt: nowIso,
    })
    .go();
  if (pinned) await deps.db.entities.shop.update({ creatorId }).add({ pinned: 1 }).go();
  return { id: itemId };
}

/** The seed's demo shop: a few items of the demo creator. */
export const demoItems = (username: string): DemoItemInput[] => [
  { username, name: '撮り下ろしフォトセット vol.1', price: 1500, images: 3, samples: 2, pinned: true },
  { username, name: 'サイン入りチェキ', itemType: 'physical', price: 2000, stock: 20, lowStockThreshold: 5 },
  { username, name: 'バーチャルドリンク', itemType: 'physical', price: 500 },
  { username, name: '限定フォト（4枚組）', price: 3000, images: 4, stock: 3 },
];
