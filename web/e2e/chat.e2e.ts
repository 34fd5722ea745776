import { crc32, deflateSync } from 'node:zlib';
import { expect, type Page, type Request, test } from '@playwright/test';
import {
  authHeaders,
  expectPath,
  fanWithMushrooms,
  field,
  LANGS,
  type Lang,
  latestCode,
  pathIn,
  phonePage,
  setClock,
  setClockParked,
  type T,
  text,
  uniqueEmail,
  uniqueUsername,
} from './support.ts';

const PASSWORD = 'Kinoko#2026';
/** The creator's price, set through the API as tomorrow's value; the clock then moves a day on. */
const PRICE = 3;
const STAMP = { id: 'thanks', cost: 10, name: { ja: 'ありがとう', en: 'Thank you' } };
const DAY_MS = 25 * 60 * 60 * 1000;
/** `SHOTS_DIR=/tmp/shots/chat npm run test:e2e -- chat` saves the screens at 390×844. */
const SHOTS = process.env.SHOTS_DIR;

/** A 480×320 PNG (a sunset gradient with a round sun), made here so the test needs no fixture file. */
function photo(): Buffer {
  const w = 480;
  const h = 320;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const i = y * (w * 3 + 1) + 1 + x * 3;
      const sun = (x - 320) ** 2 + (y - 130) ** 2 < 55 ** 2;
      raw[i] = sun ? 255 : 250 - (y * 90) / h;
      raw[i + 1] = sun ? 214 : 140 + (y * 60) / h;
      raw[i + 2] = sun ? 92 : 90 + (y * 120) / h;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function shot(page: Page, lang: Lang, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(400); // transitions (the viewer's rotation) settle
  await page.screenshot({ path: `${SHOTS}/${lang}-${name}.png` });
}

/** A creator registered by mail (the code from the outbox) with the sign-up steps done. */
async function registerCreator(page: Page, lang: Lang, t: T, nickname: string) {
  const email = uniqueEmail(`chat-${lang}`);
  await page.goto(pathIn(lang, '/creator/register'));
  await field(page, lang, t('auth', 'fields.email')).fill(email);
  await page.getByRole('button', { name: t('auth', 'register.submit') }).click();
  await expectPath(page, lang, '/creator/register/verify');
  await field(page, lang, t('auth', 'fields.code')).fill(await latestCode(page.request, email));
  await field(page, lang, t('auth', 'fields.password')).fill(PASSWORD);
  await field(page, lang, t('auth', 'fields.passwordConfirmation')).fill(PASSWORD);
  await page.getByRole('checkbox', { name: t('auth', 'registerVerify.agree') }).check();
  await page.getByRole('button', { name: t('auth', 'registerVerify.submit') }).click();
  await expectPath(page, lang, '/mypage/signup/1');
  const username = uniqueUsername('cr');
  await field(page, lang, t('mypage', 'profile.username')).fill(username);
  await expect(page.getByText(t('mypage', 'profile.available'))).toBeVisible();
  await field(page, lang, t('mypage', 'profile.nickname')).fill(nickname);
  await page.getByRole('button', { name: t('mypage', 'signup.next') }).click();
  await expectPath(page, lang, '/mypage/signup/2');
  await field(page, lang, t('mypage', 'user.fullName')).fill('山田 花子');
  await field(page, lang, t('mypage', 'user.email')).fill(email);
  await field(page, lang, t('mypage', 'user.female')).check();
  await field(page, lang, t('mypage', 'user.birthDate')).fill('1996-05-20');
  await page.getByRole('button', { name: t('mypage', 'signup.next') }).click();
  await expectPath(page, lang, '/mypage/signup/3');
  await page
    .getByRole('button', { name: t('mypage', 'signup.skip') })
    .or(page.getByRole('link', { name: t('mypage', 'signup.skip') }))
    .click();
  await expectPath(page, lang, '/home');
  return username;
}

/** Sends a text from the room's send box. */
async function send(page: Page, t: T, message: string) {
  await page.getByRole('textbox', { name: t('chat', 'composer.label') }).fill(message);
  await page.getByRole('button', { name: new RegExp(`^${t('chat', 'composer.send')}`) }).click();
}

const messages = (page: Page, t: T, name: string) =>
  page.getByRole('log', { name: t('chat', 'room.log', { name }) });

for (const lang of LANGS) {
  const t: T = (ns, key, vars) => text(lang, ns, key, vars);

  test(`[${lang}] a fan pays for a message, a stamp and a photo, the creator sees them live and replies, a block refuses the fan`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const creatorName = lang === 'ja' ? 'きのこ花子' : 'Hanako';
    const fanName = `fan-${lang}-${Date.now().toString(36)}`;
    const creator = await phonePage(browser);
    const fan = await phonePage(browser);
    try {
      const username = await registerCreator(creator, lang, t, creatorName);
      // The price is stored as tomorrow's value; a day later it is today's.
      const set = await creator.request.post('/api/mypage/business-setting', {
        headers: await authHeaders(creator),
        data: { chat_cost: PRICE },
      });
      expect(set.ok()).toBe(true);
      // Both sign in first (the LINE stand-in's id token follows the real clock); their one-hour
      // access tokens then expire in the moved clock, and the app refreshes them on its own.
      await fanWithMushrooms(fan, lang, t, fanName);
      await setClockParked(request, DAY_MS, [fan, creator]);

      // The creator waits on the chatroom list (the fan's room does not exist yet).
      await creator.goto(pathIn(lang, '/chatroom'));
      await expect(creator.getByText(t('chat', 'list.empty'))).toBeVisible();

      // The fan opens the creator's room directly: the cost is shown before sending.
      await fan.goto(pathIn(lang, `/chatroom/${username}`));
      await expect(fan.getByRole('heading', { name: creatorName })).toBeVisible();
      await expect(fan.getByTestId('chat-cost')).toHaveText(
        t('chat', 'composer.cost', { cost: PRICE, count: PRICE }),
      );
      await expect(fan.getByTestId('chat-balance')).toHaveText('100');
      await expect(fan.getByRole('banner')).toHaveCount(0);
      await expect(fan.getByText(t('chat', 'room.startFan', { name: creatorName }))).toBeVisible();
      // Opening the room created nothing: the creator's list, read again, is still empty.
      await creator.reload();
      await expect(creator.getByText(t('chat', 'list.empty'))).toBeVisible();

      // The first message creates the room.
      await send(fan, t, 'はじめまして！ Nice to meet you.');
      const fanLog = messages(fan, t, creatorName);
      await expect(fanLog.getByText('はじめまして！ Nice to meet you.')).toBeVisible();
      await expect(fan.getByTestId('chat-balance')).toHaveText(String(100 - PRICE));

      // Live on the creator's list: the room, its preview and the unread count, and the header badge.
      const row = creator.getByRole('listitem').filter({ hasText: fanName });
      await expect(row).toContainText('はじめまして！ Nice to meet you.');
      await expect(row).toContainText(t('chat', 'list.unread', { count: 1 }));
      await expect(creator.getByTestId('chat-unread')).toHaveText('1');
      await shot(creator, lang, 'list');

      await row.getByRole('link').click();
      await expect(creator.getByRole('heading', { name: fanName })).toBeVisible();
      const creatorLog = messages(creator, t, fanName);
      await expect(creatorLog.getByText('はじめまして！ Nice to meet you.')).toBeVisible();
      await expect(
        creatorLog.getByText(t('chat', 'room.paid', { points: PRICE, count: PRICE })),
      ).toBeVisible();
      await expect(creator.getByText(t('chat', 'composer.free'))).toBeVisible();

      // A stamp from the picker: name and cost, the balance, sending spends its cost.
      await fan.getByRole('button', { name: t('chat', 'stamps.open') }).click();
      const picker = fan.getByRole('dialog', { name: t('chat', 'stamps.heading') });
      await expect(picker.getByTestId('stamp-balance')).toHaveText(String(100 - PRICE));
      await picker.getByText(STAMP.name[lang], { exact: true }).click();
      await shot(fan, lang, 'stamp-picker');
      await picker
        .getByRole('button', { name: t('chat', 'stamps.send', { name: STAMP.name[lang], cost: STAMP.cost }) })
        .click();
      await expect(picker).toBeHidden();
      const stampButton = t('chat', 'room.openStamp', { name: STAMP.name[lang] });
      await expect(fanLog.getByRole('button', { name: stampButton })).toBeVisible();
      await expect(fan.getByTestId('chat-balance')).toHaveText(String(100 - PRICE - STAMP.cost));

      // The creator sees the stamp arrive live, and replies for free.
      await expect(creatorLog.getByRole('button', { name: stampButton })).toBeVisible();
      await send(creator, t, 'ありがとう！ Thanks for the stamp!');
      await expect(creatorLog.getByText('ありがとう！ Thanks for the stamp!')).toBeVisible();
      await shot(creator, lang, 'room-creator');

      // The fan sees the reply live; the balance did not move for it.
      await expect(fanLog.getByText('ありがとう！ Thanks for the stamp!')).toBeVisible();
      await expect(fan.getByTestId('chat-balance')).toHaveText(String(100 - PRICE - STAMP.cost));

      // A photo: uploaded with the presigned POST form, checked and re-encoded, then sent as a paid
      // message; both see it.
      await fan
        .locator('input[type="file"]')
        .setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: photo() });
      await expect(fan.getByText('sunset.png')).toBeVisible();
      await fan
        .getByRole('button', { name: t('chat', 'composer.sendPaid', { cost: PRICE, count: PRICE }) })
        .click();
      const photoButton = t('chat', 'room.openImage');
      await expect(fanLog.getByRole('button', { name: photoButton })).toBeVisible();
      await expect(fan.getByTestId('chat-balance')).toHaveText(String(100 - 2 * PRICE - STAMP.cost));
      await expect(creatorLog.getByRole('button', { name: photoButton })).toBeVisible();
      await creatorLog.getByRole('button', { name: photoButton }).click();
      const photoViewer = creator.getByRole('dialog', { name: /:/ });
      await expect(photoViewer.locator('[data-status="ready"]')).toBeVisible();
      await photoViewer.getByRole('button', { name: text(lang, 'common', 'viewer.rotateRight') }).click();
      await shot(creator, lang, 'image-viewer-photo');
      await creator.keyboard.press('Escape');
      await expect(photoViewer).toBeHidden();

      // The stamp opens in the image viewer.
      await fanLog.getByRole('button', { name: stampButton }).click();
      const viewer = fan.getByRole('dialog', { name: STAMP.name[lang] });
      await expect(viewer).toBeVisible();
      await expect(viewer.getByText('100%')).toBeVisible();
      await viewer.getByRole('button', { name: text(lang, 'common', 'viewer.zoomIn') }).click();
      await expect(viewer.getByText('112%')).toBeVisible();
      await shot(fan, lang, 'image-viewer');
      await fan.keyboard.press('Escape');
      await expect(viewer).toBeHidden();
      await shot(fan, lang, 'room-fan');

      // The point history shows exactly the two spends.
      await fan.goto(pathIn(lang, '/mypage/points'));
      const spent = 2 * PRICE + STAMP.cost;
      await expect(fan.getByTestId('balance-mushroom')).toHaveText(String(100 - spent));
      const chatRows = fan.getByRole('listitem').filter({ hasText: t('points', 'history.details.chat') });
      await expect(chatRows).toHaveCount(2);
      for (const row of await chatRows.all()) await expect(row).toContainText(`−${PRICE}`);
      const giftRow = fan.getByRole('listitem').filter({ hasText: t('points', 'history.details.gift') });
      await expect(giftRow).toHaveCount(1);
      await expect(giftRow).toContainText(`−${STAMP.cost}`);

      // The creator blocks the fan from the room's menu.
      await creator.getByRole('button', { name: t('chat', 'menu.open') }).click();
      await creator.getByRole('button', { name: new RegExp(`^${t('chat', 'menu.block')}`) }).click();
      await creator
        .getByRole('dialog', { name: t('chat', 'menu.blockTitle', { name: fanName }) })
        .getByRole('button', { name: t('chat', 'menu.blockConfirm') })
        .click();
      await expect(creator.getByText(t('chat', 'menu.blocked'))).toBeVisible();

      // The blocked fan is refused and pays nothing.
      await fan.goto(pathIn(lang, `/chatroom/${username}`));
      await expect(fan.getByText(t('errors', 'chatBlocked'))).toBeVisible();
      await expect(fan.getByRole('textbox', { name: t('chat', 'composer.label') })).toBeDisabled();
      const refused = await fan.request.post('/api/chat', {
        headers: await authHeaders(fan),
        data: { chatroom_id: await roomId(fan), uuid: crypto.randomUUID(), text: 'still there?' },
      });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).code).toBe('chat_blocked');
      await expect(fan.getByTestId('chat-balance')).toHaveText(String(100 - spent));

      // Notices: the creator's earnings, reached from the chat list, then all marked read.
      // One visit of the list reads it once: the list, the header badge and the socket's sync
      // share one cached read.
      const listReads: string[] = [];
      const onRequest = (r: Request) => {
        if (new URL(r.url()).pathname.endsWith('/chatroom/list')) listReads.push(r.url());
      };
      creator.on('request', onRequest);
      const socket = creator.waitForEvent('websocket');
      await creator.goto(pathIn(lang, '/chatroom'));
      await expect(creator.getByRole('listitem').filter({ hasText: fanName })).toBeVisible();
      await socket;
      // Past the socket's sync and the badge's background read (a second after it).
      await creator.waitForTimeout(2500);
      creator.off('request', onRequest);
      expect(listReads).toHaveLength(1);
      await creator
        .getByRole('main')
        .getByRole('link', { name: new RegExp(t('notices', 'title')) })
        .click();
      await expectPath(creator, lang, '/notice');
      const earned = creator.getByRole('listitem').filter({
        hasText: t('notices', 'kinds.chat_earning', { nickname: fanName, points: PRICE, count: PRICE }),
      });
      await expect(earned).toHaveCount(2);
      await expect(
        creator.getByText(
          t('notices', 'kinds.stamp_earning', { nickname: fanName, stamp_point: STAMP.cost }),
        ),
      ).toBeVisible();
      await expect(creator.getByTestId('notice-unread')).toHaveText(t('notice', 'unreadCount', { count: 3 }));
      await shot(creator, lang, 'notices');
      await creator.getByRole('button', { name: t('notices', 'readAll') }).click();
      await expect(creator.getByText(t('notice', 'allRead'))).toBeVisible();
      await expect(creator.getByTestId('notice-unread')).toHaveCount(0);
      // …and the fan's spending.
      await fan.goto(pathIn(lang, '/notice'));
      await expect(
        fan.getByText(t('notices', 'kinds.stamp_spend', { nickname: creatorName, stamp_point: STAMP.cost })),
      ).toBeVisible();
      await expect(
        fan.getByRole('listitem').filter({
          hasText: t('notices', 'kinds.chat_spend', { nickname: creatorName, points: PRICE, count: PRICE }),
        }),
      ).toHaveCount(2);
    } finally {
      await setClock(request, 0);
      await creator.context().close();
      await fan.context().close();
    }
  });
}

/** The id of the room the page shows, from its own API answer. */
async function roomId(page: Page): Promise<string> {
  const username = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  const res = await page.request.get(`/api/chatroom/${username}`, { headers: await authHeaders(page) });
  return (await res.json()).id;
}
