/**
 * A scheduled broadcast reaches its fans (issue 15), in ja and en: a creator who wrote to two fans
 * schedules a broadcast with a message and a photo to the fans inactive for an hour; when the local
 * cloud's clock passes its time, the scheduler fires the send job, the fan-out queues its chunk and
 * the worker delivers: both fans, their rooms open, receive it live (no reload), marked as a
 * broadcast; the creator's list shows it sent to 2.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import {
  authHeaders,
  creatorLogin,
  creatorThroughApi,
  expectPath,
  fanSignUpSteps,
  LANGS,
  lineStandInNewUser,
  pathIn,
  phonePage,
  setClock,
  setClockParked,
  type T,
  text,
} from './support.ts';

const MINUTE = 60_000;
/** The broadcast's time: the fans' rooms are then over an hour quiet. */
const SEND_AFTER = 70 * MINUTE;
/** A datetime-local value in Japan time, `ms` from now. */
const jstInput = (ms: number) => new Date(Date.now() + ms + 9 * 3600_000).toISOString().slice(0, 16);

async function newFan(page: Page, lang: 'ja' | 'en', t: T, name: string) {
  await page.goto(pathIn(lang, '/user/login'));
  await page.getByRole('button', { name: t('auth', 'userLogin.lineButton') }).click();
  await lineStandInNewUser(page, name);
  await fanSignUpSteps(page, lang, '/home');
  return (await authHeaders(page))['X-Profile-Id'];
}

for (const lang of LANGS) {
  const t: T = (ns, key, vars) => text(lang, ns, key, vars);

  test(`[${lang}] a scheduled broadcast with a photo reaches two fans live when its time comes`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const star = await creatorThroughApi(request, { nickname: lang === 'ja' ? 'あおい' : 'Aoi' }, 'bc');
    const creator = await phonePage(browser);
    const fans = [await phonePage(browser), await phonePage(browser)] as const;
    const hello = lang === 'ja' ? 'はじめまして、あおいです。' : 'Hi, this is Aoi.';
    const news = lang === 'ja' ? '今夜21時からライブ配信します！' : 'Going live tonight at 9 pm!';
    try {
      await creatorLogin(creator, lang, t, star);
      const headers = await authHeaders(creator);
      const creatorId = headers['X-Profile-Id'];
      // The creator writes to both new fans (free): two rooms, quiet from now on.
      for (const [i, fan] of fans.entries()) {
        const fanId = await newFan(fan, lang, t, `bc-${lang}-${i}-${Date.now().toString(36)}`);
        const sent = await request.post('/api/chat', {
          headers,
          data: { chatroom_id: `${creatorId}_${fanId}`, uuid: randomUUID(), text: hello },
        });
        expect(sent.ok(), await sent.text()).toBe(true);
      }

      // The broadcast: fans inactive for 1 hour, in 70 minutes, a message and a photo.
      await creator.goto(pathIn(lang, '/home/broadcasting/reserve/create'));
      await creator.getByLabel(t('broadcasts', 'form.condition')).selectOption('2');
      await creator.getByLabel(t('broadcasts', 'form.hours')).fill('1');
      await creator.getByLabel(t('broadcasts', 'reserve.form.reservedAt')).fill(jstInput(SEND_AFTER));
      await creator.getByRole('textbox', { name: t('broadcasts', 'chats.textLabel', { n: 1 }) }).fill(news);
      await creator.getByRole('button', { name: t('broadcasts', 'chats.add') }).click();
      await creator.getByLabel(t('broadcasts', 'chats.kindLabel', { n: 2 })).selectOption('file');
      const photo = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#8ad' } })
        .png()
        .toBuffer();
      const item = creator.getByTestId('chat-item').nth(1);
      await item
        .getByTestId('chat-file')
        .setInputFiles({ name: 'live.png', mimeType: 'image/png', buffer: photo });
      await expect(
        item.getByRole('img', { name: t('broadcasts', 'chats.previewAlt', { n: 2 }) }),
      ).toBeVisible();
      // Saved once the upload is done (a save during it is refused with 'wait for the uploads').
      await expect(item.locator('progress')).toHaveCount(0);
      await creator.getByRole('button', { name: t('broadcasts', 'form.save') }).click();
      await expectPath(creator, lang, '/home/broadcasting/reserve');
      await expect(creator.getByTestId('reserve-status')).toHaveText(t('broadcasts', 'status.0'));

      // Five minutes before its time (the pages parked: their tokens renew), the fans open their rooms.
      await setClockParked(request, SEND_AFTER - 5 * MINUTE, [creator, ...fans]);
      for (const fan of fans) {
        await fan.goto(pathIn(lang, `/chatroom/${star.username}`));
        await expect(fan.getByText(hello)).toBeVisible();
        await expect(fan.getByText(news)).toHaveCount(0);
      }
      // Its time passes: the broadcast arrives in both open rooms, live.
      await setClock(request, SEND_AFTER + MINUTE);
      for (const fan of fans) {
        await expect(fan.getByText(news)).toBeVisible({ timeout: 60_000 });
        await expect(fan.getByText(t('chat', 'room.broadcast')).first()).toBeVisible();
        await expect(fan.locator('.msg__bubble img')).toHaveCount(1);
      }
      await creator.goto(pathIn(lang, '/home/broadcasting/reserve'));
      await expect(creator.getByTestId('reserve-status')).toHaveText(t('broadcasts', 'status.2'));
      await expect(creator.getByTestId('reserve-row')).toContainText(
        t('broadcasts', 'counts.delivered', { count: 2 }),
      );
    } finally {
      await setClock(request, 0);
      for (const page of [creator, ...fans]) await page.context().close();
    }
  });
}
