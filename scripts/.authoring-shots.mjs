import { DynamoDBClient, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import sharp from 'sharp';
import { chromium } from '/work/main/node_modules/playwright/index.mjs';

const BASE = 'http://127.0.0.1:3301';
const OUT = '/work/shots15/authoring';
const ddb = new DynamoDBClient({
  endpoint: 'http://127.0.0.1:35413',
  region: 'ap-northeast-1',
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
const jst = (ms) => new Date(Date.now() + ms + 9 * 3600_000).toISOString().slice(0, 16);
const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#e98' } })
  .png()
  .toBuffer();

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
for (const lang of ['ja', 'en']) {
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: lang === 'ja' ? 'ja-JP' : 'en-US',
  });
  const page = await ctx.newPage();
  const p = (path) => `${BASE}${lang === 'en' ? '/en' : ''}${path}`;
  await page.goto(p('/creator/login'));
  await page.locator('input[type=email], input[name=email]').first().fill('sakura@example.com');
  await page.locator('input[type=password]').first().fill('Kinoko#2026');
  await page.locator('form button[type=submit]').first().click();
  await page.waitForURL(/\/home$/);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${OUT}/${lang}-home-links.png`, fullPage: false });
  const cookies = await ctx.cookies();
  const token = cookies.find((c) => c.name === 'access_token')?.value;
  const profileId = cookies.find((c) => c.name === 'profile_id')?.value;
  const headers = { Authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // Clean slate for this language's run: delete what exists.
  const existing = await (
    await fetch(`${BASE}/api/broadcasting/reserve/list/${profileId}`, { headers })
  ).json();
  for (const r of existing.reserves ?? [])
    if (r.editable)
      await fetch(`${BASE}/api/broadcasting/reserve/delete`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ id: r.id }),
      });
  const trig = await (await fetch(`${BASE}/api/broadcasting/trigger/list/${profileId}`, { headers })).json();
  for (const x of trig.triggers ?? [])
    await fetch(`${BASE}/api/broadcasting/trigger/delete`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ id: x.id }),
    });

  await page.goto(p('/home/broadcasting/reserve'));
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${OUT}/${lang}-reserve-list-empty.png`, fullPage: true });

  await page.goto(p('/home/broadcasting/reserve/create'));
  await page.waitForTimeout(500);
  await page.locator('select').first().selectOption('2');
  await page.locator('input[type=number]').first().fill('48');
  await page.locator('input[type=datetime-local]').fill(jst(3 * 3600_000));
  await page
    .locator('textarea')
    .first()
    .fill(
      lang === 'ja'
        ? '最近お話しできていませんね。今週末にライブ配信をします！'
        : 'We have not talked in a while. I am going live this weekend!',
    );
  await page.locator('button', { hasText: lang === 'ja' ? 'チャットを追加' : 'Add a chat' }).click();
  await page.locator('[data-testid=chat-item]').nth(1).locator('select').selectOption('file');
  await page
    .locator('[data-testid=chat-file]')
    .setInputFiles({ name: 'live.png', mimeType: 'image/png', buffer: photo });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${OUT}/${lang}-reserve-form.png`, fullPage: true });
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/broadcasting\/reserve$/);
  // A second one through the API, then made 'sent with errors' (as the fan-out would leave it).
  const made = await (
    await fetch(`${BASE}/api/broadcasting/reserve`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        condition: 1,
        reserved_at: new Date(Date.now() + 3600_000).toISOString(),
        chats: [{ kind: 'text', text: 'x' }],
      }),
    })
  ).json();
  await ddb.send(
    new UpdateItemCommand({
      TableName: 'kinoko-local',
      Key: { pk: { S: `bcast#${profileId}` }, sk: { S: `reserve#${made.reserve.id}` } },
      UpdateExpression: 'SET #s = :s, #c = :c',
      ExpressionAttributeNames: { '#s': 'status', '#c': 'counts' },
      ExpressionAttributeValues: {
        ':s': { N: '3' },
        ':c': {
          M: {
            targeted: { N: '120' },
            delivered: { N: '112' },
            blocked: { N: '3' },
            closed: { N: '1' },
            left: { N: '1' },
            failed: { N: '3' },
          },
        },
      },
    }),
  );
  await page.reload();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${OUT}/${lang}-reserve-list.png`, fullPage: true });
  await page.goto(p(`/home/broadcasting/reserve/${made.reserve.id}`));
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${OUT}/${lang}-reserve-readonly.png`, fullPage: true });
  // Errors on the form.
  await page.goto(p('/home/broadcasting/reserve/create'));
  await page.waitForTimeout(400);
  await page.locator('form button[type=submit]').click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${OUT}/${lang}-reserve-form-errors.png`, fullPage: true });

  await page.goto(p('/home/broadcasting/trigger'));
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${OUT}/${lang}-trigger-list-empty.png`, fullPage: true });
  await page.goto(p('/home/broadcasting/trigger/create'));
  await page.waitForTimeout(500);
  await page.locator('select').first().selectOption('4');
  await page.locator('input[type=number]').first().fill('24');
  await page
    .locator('textarea')
    .first()
    .fill(
      lang === 'ja'
        ? 'いいねありがとう！気軽にメッセージしてね。'
        : 'Thanks for the like! Message me anytime.',
    );
  await page.screenshot({ path: `${OUT}/${lang}-trigger-form.png`, fullPage: true });
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/broadcasting\/trigger$/);
  for (const c of [3, 6])
    await fetch(`${BASE}/api/broadcasting/trigger`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        condition: c,
        interval_hours: 12,
        window_start: 9,
        window_end: 22,
        chats: [{ kind: 'text', text: 'hi' }],
      }),
    });
  await page.reload();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${OUT}/${lang}-trigger-list-full.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
