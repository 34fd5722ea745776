/**
 * Home's demo content for `npm start` (scripts/seed.ts): three news items in ja and en for every
 * audience, and a campaign banner whose image is drawn here (an SVG rendered to WebP by sharp) and
 * stored as a public file (`media/home/…`, served on the site's host). Operators write these from
 * the console in a later issue; until then the seed writes the table directly, each news item and
 * its audience rows in one transaction.
 */
import { businessConfig } from '@app/shared/config';
import sharp from 'sharp';
import { createDb, type Db } from '../functions/src/db/service.ts';
import { newId } from '../functions/src/lib/crypto.ts';
import { type MediaStore, s3MediaStore } from '../functions/src/lib/media-store.ts';

const DAY = 24 * 60 * 60 * 1000;
const R = businessConfig.roles;
/** News is visible to admins, creators, fans and owners (spec section 3). */
const everyone = [R.ADMIN, R.CREATOR, R.FAN, R.USER];

export const demoNews = [
  {
    daysAgo: 1,
    titleJa: 'クリエイターをさがせるようになりました',
    titleEn: 'You can now find creators',
    bodyJa:
      'ホームのおすすめ、「みつける」、検索から、気になるクリエイターに出会えるようになりました。\n\nいいねで気持ちを伝えたり、お気に入りに登録して「仲良しクリエイター」にまとめたりできます。',
    bodyEn:
      'Meet creators through the recommendations on home, Discover and search.\n\nLike them to let them know, or add them to your favorites to keep them under "Close friends".',
  },
  {
    daysAgo: 4,
    titleJa: 'キノコの使いみち',
    titleEn: 'What mushrooms are for',
    bodyJa:
      'キノコは、クリエイターとのチャットやスタンプ、ショップのアイテムに使えるポイントです。\n1個10円（税込）で、ストアから10個単位で購入できます。',
    bodyEn:
      'Mushrooms are the points for chats with creators, stamps and shop items.\nOne is 10 yen (tax included); buy them in the store, 10 or more at a time.',
  },
  {
    daysAgo: 9,
    titleJa: 'メンテナンスのお知らせ',
    titleEn: 'Scheduled maintenance',
    bodyJa:
      '毎週水曜日の午前2時から4時まで、サービスを一時停止してメンテナンスを行う場合があります。\nご不便をおかけしますが、ご理解のほどよろしくお願いいたします。',
    bodyEn:
      'The service may pause for maintenance on Wednesdays from 2:00 to 4:00 (Japan time).\nThank you for your understanding.',
  },
];

export const BANNER_KEY = 'media/home/banner-spring.webp';

/** The banner's picture: a 1200 × 400 spring scene with mushrooms (no text: the alt is per language). */
export function bannerSvg(): string {
  const mushroom = (x: number, y: number, s: number, cap: string) => `
    <g transform="translate(${x} ${y}) scale(${s})">
      <rect x="-14" y="0" width="28" height="60" rx="12" fill="#f6ead8"/>
      <path d="M-60 4 C-60 -50 60 -50 60 4 Z" fill="${cap}"/>
      <circle cx="-25" cy="-18" r="8" fill="#fff8ee"/><circle cx="10" cy="-28" r="10" fill="#fff8ee"/>
      <circle cx="32" cy="-8" r="6" fill="#fff8ee"/>
    </g>`;
  const petals = Array.from({ length: 28 }, (_, i) => {
    const x = (i * 173) % 1200;
    const y = (i * 97) % 400;
    return `<ellipse cx="${x}" cy="${y}" rx="9" ry="5" fill="#f7c6d3" opacity="0.8" transform="rotate(${(i * 37) % 180} ${x} ${y})"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffe9d6"/><stop offset="1" stop-color="#fbd3c0"/></linearGradient></defs>
    <rect width="1200" height="400" fill="url(#sky)"/>
    <circle cx="1040" cy="90" r="60" fill="#fff3c4"/>
    <path d="M0 300 C200 250 400 330 600 290 C800 250 1000 320 1200 280 L1200 400 L0 400 Z" fill="#9cc98a"/>
    <path d="M0 340 C250 310 500 370 750 335 C950 310 1100 350 1200 330 L1200 400 L0 400 Z" fill="#7fb36f"/>
    ${petals}
    ${mushroom(260, 250, 1.6, '#b5542d')}${mushroom(420, 285, 1, '#d9793f')}${mushroom(820, 260, 1.35, '#a8452a')}
    ${mushroom(960, 300, 0.8, '#d9793f')}
  </svg>`;
}

/** `db` and `media` default to the local cloud's table and bucket (the handlers' environment). */
export async function seedHome({
  db = createDb(),
  media = s3MediaStore(),
  now = new Date(),
}: {
  db?: Db;
  media?: MediaStore;
  now?: Date;
} = {}): Promise<void> {
  for (const n of demoNews) {
    const newsId = newId();
    const publishedAt = new Date(now.getTime() - n.daysAgo * DAY).toISOString();
    const { daysAgo: _, ...text } = n;
    await db.transaction
      .write(({ news, newsAudience }) => [
        news
          .create({ newsId, ...text, audiences: everyone, publishedAt, createdAt: now.toISOString() })
          .commit(),
        ...everyone.map((roleId) =>
          newsAudience
            .create({ newsId, roleId, titleJa: n.titleJa, titleEn: n.titleEn, publishedAt })
            .commit(),
        ),
      ])
      .go();
  }
  const image = await sharp(Buffer.from(bannerSvg())).webp({ quality: 82 }).toBuffer();
  await media.write(BANNER_KEY, image, {
    contentType: 'image/webp',
    cacheControl: 'public, max-age=86400',
  });
  await db.entities.homeBanner
    .put({
      imageKey: BANNER_KEY,
      altJa: 'お気に入りのクリエイターをみつけよう',
      altEn: 'Find a creator to love',
      link: '/discovery',
      updatedAt: now.toISOString(),
    })
    .go();
}
