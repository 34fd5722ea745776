/**
 * Screenshots of the fan club's reading screens (issue 14) at 390x844, ja and en, against a running
 * `npm start` (LOCAL_DATA=memory is fine): sakura's fan club and posts are written straight to the
 * local table and bucket (as the post editor and the join would leave them), a fan joined this
 * month is signed in through the LINE stand-in, and the list, a teaser of another month, the
 * guest's teaser and a post's page are shot.
 *
 *   PORT=3383 npx tsx scripts/shots/fanclub-read.ts  (DYNAMO=<url> S3=<url>, from the start log)
 *   → .local/shots/fanclub-read-*.png
 */
import { mkdirSync } from 'node:fs';
import { joined } from '@app/shared/fanclub';
import { jstMonth } from '@app/shared/time';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { chromium } from 'playwright';
import sharp from 'sharp';
import { createDb } from '../../functions/src/db/service.ts';
import { timeId } from '../../functions/src/lib/crypto.ts';
import { membershipFieldsOf } from '../../functions/src/services/fanclub/views.ts';
import { authed, lineSignIn } from '../local/actors.ts';
import { LOCAL_ACCESS_KEY_ID, LOCAL_REGION, LOCAL_SECRET_ACCESS_KEY } from '../local/env.ts';

const port = Number(process.env.PORT ?? 3383);
const origin = `http://localhost:${port}`;
const dynamo = process.env.DYNAMO ?? `http://127.0.0.1:${port + 1}`;
const s3url = process.env.S3 ?? `http://127.0.0.1:${port + 2}`;
const credentials = { accessKeyId: LOCAL_ACCESS_KEY_ID, secretAccessKey: LOCAL_SECRET_ACCESS_KEY };
const db = createDb(
  DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamo, region: LOCAL_REGION, credentials }), {
    marshallOptions: { removeUndefinedValues: true },
  }),
  'kinoko-local',
);
const s3 = new S3Client({ endpoint: s3url, region: LOCAL_REGION, credentials, forcePathStyle: true });
const bucket = 'kinoko-local-uploads';
const DAY = 86_400_000;

const colors = ['#f4a259', '#5b8e7d', '#bc4b51', '#8cb369', '#6d597a', '#355070'];
async function picture(n: number, size: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <rect width="100%" height="100%" fill="${colors[n % colors.length]}"/>
  <circle cx="${size / 2}" cy="${size / 2}" r="${size / 4}" fill="#fff" fill-opacity="0.35"/></svg>`;
  return sharp(Buffer.from(svg)).webp().toBuffer();
}
async function put(key: string, body: Buffer) {
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'image/webp' }));
}

async function post(
  creatorId: string,
  at: Date,
  text: string,
  visibility: 'public' | 'members',
  images: number,
) {
  const postId = timeId(at);
  const files = [];
  for (let i = 0; i < images; i++) {
    const folder = `private/post-image/${creatorId}-${postId}-${i}/`;
    const f = { key: `${folder}full.webp`, thumbKey: `${folder}thumb.webp`, width: 1200, height: 1200 };
    await put(f.key, await picture(i, 1200));
    await put(f.thumbKey, await picture(i, 400));
    files.push(f);
  }
  await db.entities.post
    .put({
      postId,
      creatorId,
      text,
      visibility,
      status: 'published',
      publishedAt: at.toISOString(),
      month: jstMonth(at),
      images: files,
      version: 1,
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
    })
    .go();
  return postId;
}

async function main() {
  const profile = (await (await fetch(`${origin}/api/profile/sakura`)).json()) as { id: string };
  const creatorId = profile.id;
  const now = new Date();
  await db.entities.fanclub
    .put({
      creatorId,
      name: 'さくらのひみつ基地',
      price: 300,
      isOpen: true,
      members: 1,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    .go();
  await post(
    creatorId,
    new Date(now.getTime() - 40 * DAY),
    '先月のオフショットです。\nお楽しみに！',
    'members',
    3,
  );
  const open = await post(
    creatorId,
    new Date(now.getTime() - 3 * 3_600_000),
    '今月の撮影、無事に終わりました！\nメンバーのみなさんに先にお見せします。\n\nいつも応援ありがとう。',
    'members',
    3,
  );
  await post(
    creatorId,
    new Date(now.getTime() - 3_600_000),
    'こんばんは！今夜19時からチャットお返しします。',
    'public',
    0,
  );

  // A fan who joined this month.
  const fan = await lineSignIn(origin, { displayName: 'ファンクラブ会員' });
  const username = `fcread${Date.now().toString(36)}`.slice(0, 20);
  await authed(origin, fan.access_token, '/mypage/profile/update', {
    username,
    nickname: 'あおい',
    genre: '',
    area: 13,
    bio: '',
  });
  await authed(origin, fan.access_token, '/mypage/user', {
    full_name: '青井 あおい',
    notification_email: `${username}@example.com`,
    gender: 'female',
    birth_date: '1995-06-01',
  });
  const state = joined(null, new Date(now.getTime() - DAY));
  await db.entities.membership
    .put({
      fanId: fan.profile_id,
      creatorId,
      ...membershipFieldsOf(state),
      price: 300,
      useOriginal: false,
      joinedAt: new Date(now.getTime() - DAY).toISOString(),
      firstJoinedAt: new Date(now.getTime() - DAY).toISOString(),
      dueShard: '0',
      version: 1,
      updatedAt: now.toISOString(),
    })
    .go();

  mkdirSync('.local/shots', { recursive: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  for (const lang of ['ja', 'en'] as const) {
    const prefix = lang === 'en' ? '/en' : '';
    // The member: this month's post readable, last month's a teaser (a back number to buy).
    const member = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    await member.addCookies(
      Object.entries({
        access_token: fan.access_token,
        refresh_token: fan.refresh_token,
        refresh_token_expires_at: fan.refresh_token_expires_at,
        profile_id: fan.profile_id,
        role_id: String(fan.role_id),
      }).map(([name, value]) => ({ name, value, url: origin })),
    );
    const page = await member.newPage();
    await page.goto(`${origin}${prefix}/@sakura/posts`);
    await page.locator('.post-card').nth(1).scrollIntoViewIfNeeded();
    await page.locator('.post-gallery img').first().waitFor();
    await page.waitForTimeout(800);
    await page
      .locator('.post-card')
      .nth(1)
      .evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -70));
    await page.screenshot({ path: `.local/shots/fanclub-read-${lang}-member-readable.png` });
    await page
      .locator('.post-teaser')
      .first()
      .evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `.local/shots/fanclub-read-${lang}-member-teaser.png` });
    await page.goto(`${origin}${prefix}/@sakura/posts/${open}`);
    await page.locator('.post-gallery img').first().waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `.local/shots/fanclub-read-${lang}-post-page.png` });
    await page.locator('.post-gallery__open').first().click();
    await page.waitForTimeout(2000);
    await page.screenshot({ path: `.local/shots/fanclub-read-${lang}-viewer.png` });
    await member.close();

    const guest = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    const g = await guest.newPage();
    await g.goto(`${origin}${prefix}/@sakura/posts`);
    await g.locator('.post-teaser').first().waitFor();
    await g
      .locator('.post-teaser')
      .first()
      .evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await g.waitForTimeout(300);
    await g.screenshot({ path: `.local/shots/fanclub-read-${lang}-guest-teaser.png` });
    await guest.close();
  }
  await browser.close();
  console.log('shots in .local/shots');
}

await main();
