/**
 * Demo fan clubs for the local cloud: `POST /_local/demo/fanclub` (browser tests, demos) and the
 * seed. The fan club is created, or its name, price and open flag (and texts) updated without
 * touching its member count; posts are written as the post form leaves them once published, with
 * real pictures (SVG rendered by sharp) stored where the media pipeline puts a post's processed
 * files (`private/post-image/<creator>/<postId>-<id>/full.webp|thumb.webp`), and the month's count
 * of members-only posts moved in the same transaction. `publishedAt` in the past makes back-number
 * months. Local and test stages only.
 */
import { randomUUID } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { mediaConfig, mediaPurposes } from '@app/shared/media';
import { jstMonth } from '@app/shared/time';
import sharp from 'sharp';
import type { Db } from '../functions/src/db/service.ts';
import type { Clock } from '../functions/src/lib/clock.ts';
import { timeId } from '../functions/src/lib/crypto.ts';
import type { MediaStore } from '../functions/src/lib/media-store.ts';
import { monthDeltas } from '../functions/src/services/fanclub/post-months.ts';

type Deps = { db: Db; clock: Clock; media: MediaStore };

export interface DemoPostInput {
  text?: string;
  visibility?: 'public' | 'members';
  /** How many pictures (0: a text post). */
  images?: number;
  /** ISO instant; default now (a past one makes a back-number month). */
  publishedAt?: string;
}

export interface DemoFanclubInput {
  /** The creator's username. */
  username: string;
  name?: string;
  description?: string;
  benefits?: string;
  /** Points per month. */
  price?: number;
  isOpen?: boolean;
  posts?: DemoPostInput[];
}

const COLORS = ['#ffb7c5', '#9ad1d4', '#f6d186', '#c3aed6', '#a8d5a2', '#f4a259'];

function pictureSvg(title: string, n: number, size = 1200): string {
  const color = COLORS[([...title].reduce((h, c) => h + c.charCodeAt(0), 0) + n) % COLORS.length];
  const safe = `${title.replace(/[<>&"]/g, '').slice(0, 16)} ${n + 1}`;
  const ems = [...safe].reduce((w, c) => w + (c.charCodeAt(0) < 128 ? 0.6 : 1), 0);
  const fontSize = Math.min(size / 12, (size * 0.85) / ems);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <rect width="100%" height="100%" fill="${color}"/>
  <circle cx="${size * 0.3}" cy="${size * 0.35}" r="${size / 6}" fill="#ffffff" fill-opacity="0.4"/>
  <circle cx="${size * 0.7}" cy="${size * 0.45}" r="${size / 9}" fill="#ffffff" fill-opacity="0.25"/>
  <text x="50%" y="80%" font-size="${fontSize}" text-anchor="middle" fill="#ffffff" font-family="IPAGothic, sans-serif">${safe}</text>
</svg>`;
}

/** One picture as the pipeline leaves a post image: every derivative, private, under the post's folder. */
async function storePostImage(media: MediaStore, creatorId: string, postId: string, svg: string) {
  const p = mediaPurposes.postImage;
  const folder = `${mediaConfig.prefixes.private}${p.folder}/${creatorId}/${postId}-${randomUUID()}/`;
  for (const d of p.derivatives ?? []) {
    const body = await sharp(Buffer.from(svg))
      .resize(d.width, d.height, { fit: d.fit, withoutEnlargement: true })
      .webp({ quality: mediaConfig.webpQuality })
      .toBuffer();
    await media.write(`${folder}${d.name}.webp`, new Uint8Array(body), {
      contentType: 'image/webp',
      cacheControl: 'private, no-store',
    });
  }
  return { key: `${folder}full.webp`, thumbKey: `${folder}thumb.webp` };
}

async function creatorIdOf(db: Db, username: string): Promise<string> {
  const { data: claim } = await db.entities.uniqueClaim
    .get({ kind: 'username', value: username.toLowerCase() })
    .go();
  if (!claim) throw new Error(`no creator is called ${username}`);
  return claim.profileId;
}

/** Creates the fan club, or updates the given fields (never `members`). */
export async function upsertDemoFanclub(
  deps: Deps,
  creatorId: string,
  input: Omit<DemoFanclubInput, 'posts'>,
) {
  const F = businessConfig.fanclub;
  if (input.price !== undefined && (input.price < F.priceMin || input.price > F.priceMax)) {
    throw new Error(`price must be ${F.priceMin} to ${F.priceMax}`);
  }
  const now = deps.clock.now().toISOString();
  const { data } = await deps.db.entities.fanclub.get({ creatorId }).go({ consistent: true });
  if (!data) {
    await deps.db.entities.fanclub
      .create({
        creatorId,
        name: input.name ?? 'ファンクラブ',
        description: input.description ?? '',
        benefits: input.benefits ?? '',
        price: input.price ?? 500,
        isOpen: input.isOpen ?? true,
        createdAt: now,
        updatedAt: now,
      })
      .go();
    return;
  }
  await deps.db.entities.fanclub
    .patch({ creatorId })
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.benefits !== undefined ? { benefits: input.benefits } : {}),
      ...(input.price !== undefined ? { price: input.price } : {}),
      ...(input.isOpen !== undefined ? { isOpen: input.isOpen } : {}),
      updatedAt: now,
    })
    .go();
}

/** A published post with its pictures; the month's count moves with it. Answers its id. */
export async function createDemoPost(deps: Deps, creatorId: string, input: DemoPostInput): Promise<string> {
  const now = deps.clock.now();
  const at = input.publishedAt ? new Date(input.publishedAt) : now;
  if (Number.isNaN(at.getTime()) || at.getTime() > now.getTime())
    throw new Error('publishedAt must be a past instant');
  const postId = timeId(at);
  const text = input.text ?? '';
  const images = await Promise.all(
    Array.from({ length: input.images ?? 0 }, (_, i) =>
      storePostImage(deps.media, creatorId, postId, pictureSvg(text || 'photo', i)),
    ),
  );
  const record = {
    postId,
    creatorId,
    text,
    visibility: input.visibility ?? 'members',
    status: 'published' as const,
    publishedAt: at.toISOString(),
    month: jstMonth(at),
    images,
    version: 1,
    createdAt: at.toISOString(),
    updatedAt: now.toISOString(),
  };
  const result = await deps.db.transaction
    .write(({ post, postMonth }) => [
      post.create(record).commit(),
      ...monthDeltas(null, record).map(({ month, delta }) =>
        postMonth.update({ creatorId, month }).add({ posts: delta }).commit(),
      ),
    ])
    .go();
  if (result.canceled) throw new Error('the demo post was not written');
  return postId;
}

/** The fan club of `username` (created or updated) and its new posts. */
export async function seedDemoFanclub(deps: Deps, input: DemoFanclubInput) {
  const creatorId = await creatorIdOf(deps.db, input.username);
  const { posts = [], ...fanclub } = input;
  await upsertDemoFanclub(deps, creatorId, fanclub);
  const postIds: string[] = [];
  for (const p of posts) postIds.push(await createDemoPost(deps, creatorId, p));
  return { creator_id: creatorId, post_ids: postIds };
}

/** The seed's demo fan club: last month's and this month's members-only photo posts, a public text post. */
export const demoFanclub = (username: string, now: Date): DemoFanclubInput => ({
  username,
  name: 'さくらの秘密基地',
  description: 'ライブの裏話やオフショットを毎月お届けします。',
  benefits: '会員限定のオフショット写真\n月1回のライブ配信の先行告知',
  price: 500,
  isOpen: true,
  posts: [
    {
      text: '先月のライブのオフショットです。来てくれたみなさん、ありがとう！',
      visibility: 'members',
      images: 3,
      publishedAt: new Date(now.getTime() - 35 * 86_400_000).toISOString(),
    },
    {
      text: 'リハーサル中の一枚。今月もよろしくね。',
      visibility: 'members',
      images: 2,
      publishedAt: new Date(now.getTime() - 60 * 60_000).toISOString(),
    },
    {
      text: 'ファンクラブを始めました！会員のみなさんには毎月オフショットを公開します。',
      visibility: 'public',
      publishedAt: new Date(now.getTime() - 30 * 60_000).toISOString(),
    },
  ],
});
