/**
 * Broadcasts, the creator's side (issue 15): in Japanese, a creator schedules a broadcast with a
 * message and a photo (a real PNG, uploaded with progress), sees it listed as not sent, moves its
 * time, and deletes another one after the confirmation; in English, a creator sets up a trigger
 * on likes (interval, delivery window) and sees it listed.
 */
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import {
  authHeaders,
  creatorThroughApi,
  DEMO_PASSWORD,
  expectPath,
  field,
  type Lang,
  pathIn,
  text,
} from './support.ts';

const png = async (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 160, height: 120, channels: 3, background: '#e98' } })
    .png()
    .toBuffer(),
});

/** A datetime-local value in Japan time, `ms` from now. */
const jstInput = (ms: number) => new Date(Date.now() + ms + 9 * 3600_000).toISOString().slice(0, 16);
const HOUR = 3600_000;

async function signIn(page: Page, lang: Lang, request: Parameters<typeof creatorThroughApi>[0]) {
  const t = (ns: Parameters<typeof text>[1], key: string) => text(lang, ns, key);
  const creator = await creatorThroughApi(request, {
    nickname: lang === 'ja' ? '配信さくら' : 'Broadcaster',
  });
  await page.goto(pathIn(lang, '/creator/login'));
  await field(page, lang, t('auth', 'fields.email')).fill(creator.email);
  await field(page, lang, t('auth', 'fields.password')).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('auth', 'creatorLogin.submit') }).click();
  await expectPath(page, lang, '/home');
  // A new account's home opens its help once (over the links): close it.
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('home', 'help.close') })
    .click();
  await expect(page.getByRole('dialog')).toBeHidden();
  return creator;
}

test('[ja] a creator schedules a broadcast with a message and a photo, moves it, deletes another', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const lang = 'ja';
  const t = (ns: Parameters<typeof text>[1], key: string, vars?: Record<string, unknown>) =>
    text(lang, ns, key, vars);
  await signIn(page, lang, request);

  // From the creator's home.
  await page
    .getByRole('link', { name: t('common', 'titles.broadcastReserves') })
    .first()
    .click();
  await expectPath(page, lang, '/home/broadcasting/reserve');
  await expect(page.getByText(t('broadcasts', 'reserve.list.empty'))).toBeVisible();
  await page.getByRole('link', { name: t('broadcasts', 'reserve.list.create') }).click();
  await expectPath(page, lang, '/home/broadcasting/reserve/create');

  await page.getByLabel(t('broadcasts', 'form.condition')).selectOption('1');
  await page.getByLabel(t('broadcasts', 'reserve.form.reservedAt')).fill(jstInput(2 * HOUR));
  await page
    .getByRole('textbox', { name: t('broadcasts', 'chats.textLabel', { n: 1 }) })
    .fill('今週末にライブ配信をします！');
  await page.getByRole('button', { name: t('broadcasts', 'chats.add') }).click();
  await page.getByLabel(t('broadcasts', 'chats.kindLabel', { n: 2 })).selectOption('file');
  const second = page.getByTestId('chat-item').nth(1);
  await second.getByTestId('chat-file').setInputFiles(await png('live.png'));
  await expect(
    second.getByRole('img', { name: t('broadcasts', 'chats.previewAlt', { n: 2 }) }),
  ).toBeVisible();
  await expect(second.locator('progress')).toHaveCount(0);
  await page.getByRole('button', { name: t('broadcasts', 'form.save') }).click();

  await expectPath(page, lang, '/home/broadcasting/reserve');
  await expect(page.getByText(t('broadcasts', 'reserve.form.saved'))).toBeVisible();
  const rows = page.getByTestId('reserve-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('reserve-status')).toHaveText(t('broadcasts', 'status.0'));
  await expect(rows.first()).toContainText(t('broadcasts', 'conditions.reserve.1'));
  await expect(rows.first()).toContainText(t('broadcasts', 'reserve.list.chatCount_other', { count: 2 }));

  // Moving its time: the form opens with the photo kept; a past time is refused on its field.
  await rows
    .first()
    .getByRole('link', { name: t('broadcasts', 'reserve.list.edit') })
    .click();
  const at = page.getByLabel(t('broadcasts', 'reserve.form.reservedAt'));
  await expect(page.getByRole('img', { name: t('broadcasts', 'chats.previewAlt', { n: 2 }) })).toBeVisible();
  await at.fill(jstInput(-HOUR));
  await page.getByRole('button', { name: t('broadcasts', 'form.save') }).click();
  await expect(page.getByText(t('validation', 'broadcastReservedAt'))).toBeVisible();
  const later = jstInput(26 * HOUR);
  await at.fill(later);
  await page.getByRole('button', { name: t('broadcasts', 'form.save') }).click();
  await expect(page.getByText(t('broadcasts', 'reserve.form.saved'))).toBeVisible();
  await rows
    .first()
    .getByRole('link', { name: t('broadcasts', 'reserve.list.edit') })
    .click();
  await expect(page.getByLabel(t('broadcasts', 'reserve.form.reservedAt'))).toHaveValue(later);
  await page.getByRole('link', { name: t('broadcasts', 'reserve.form.back') }).click();

  // Another one (through the API), deleted from the list after the confirmation.
  const other = await request.post('/api/broadcasting/reserve', {
    headers: await authHeaders(page),
    data: {
      condition: 3,
      reserved_at: new Date(Date.now() + 48 * HOUR).toISOString(),
      chats: [{ kind: 'text', text: '消す予定の配信' }],
    },
  });
  expect(other.ok()).toBe(true);
  await page.reload();
  await expect(rows).toHaveCount(2);
  const doomed = rows.filter({ hasText: t('broadcasts', 'conditions.reserve.3') });
  await doomed.getByRole('button', { name: t('broadcasts', 'reserve.list.delete') }).click();
  const dialog = page.getByRole('dialog', { name: t('broadcasts', 'reserve.list.deleteTitle') });
  await dialog.getByRole('button', { name: t('broadcasts', 'reserve.list.delete') }).click();
  await expect(page.getByText(t('broadcasts', 'reserve.list.deleted'))).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(t('broadcasts', 'conditions.reserve.1'));
});

test('[en] a creator sets up a trigger on likes with an interval and a delivery window', async ({
  page,
  request,
}) => {
  const lang = 'en';
  const t = (ns: Parameters<typeof text>[1], key: string, vars?: Record<string, unknown>) =>
    text(lang, ns, key, vars);
  await signIn(page, lang, request);
  await page.goto(pathIn(lang, '/home/broadcasting/trigger'));
  await expect(page.getByText(t('broadcasts', 'trigger.list.empty'))).toBeVisible();
  await page.getByRole('link', { name: t('broadcasts', 'trigger.list.create') }).click();
  await expectPath(page, lang, '/home/broadcasting/trigger/create');

  // Nothing chosen: the spec's messages on their fields.
  await page.getByRole('button', { name: t('broadcasts', 'form.save') }).click();
  await expect(page.getByText(t('validation', 'broadcastCondition'))).toBeVisible();
  await expect(page.getByText(t('validation', 'broadcastChat'))).toBeVisible();

  await page
    .getByLabel(t('broadcasts', 'form.condition'))
    .selectOption({ label: t('broadcasts', 'conditions.trigger.3') });
  const interval = page.getByLabel(t('broadcasts', 'trigger.form.interval'));
  await interval.fill('0');
  await page.getByLabel(t('broadcasts', 'trigger.form.windowStart'), { exact: true }).selectOption('9');
  await page.getByLabel(t('broadcasts', 'trigger.form.windowEnd'), { exact: true }).selectOption('22');
  await page
    .getByRole('textbox', { name: t('broadcasts', 'chats.textLabel', { n: 1 }) })
    .fill('Thanks for the like! Say hi anytime.');
  await page.getByRole('button', { name: t('broadcasts', 'form.save') }).click();
  await expect(
    page.getByText(t('validation', 'broadcastInterval', { broadcast_interval_max: 720 })),
  ).toBeVisible();
  await interval.fill('12');
  await page.getByRole('button', { name: t('broadcasts', 'form.save') }).click();

  await expectPath(page, lang, '/home/broadcasting/trigger');
  await expect(page.getByText(t('broadcasts', 'trigger.form.saved'))).toBeVisible();
  const rows = page.getByTestId('trigger-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(t('broadcasts', 'conditions.trigger.3'));
  await expect(rows.first()).toContainText(t('broadcasts', 'trigger.list.interval', { hours: 12 }));
  await expect(rows.first()).toContainText(t('broadcasts', 'trigger.list.window', { start: 9, end: 22 }));
  await expect(page.getByText(t('broadcasts', 'quota', { used: 1, max: 3 }))).toBeVisible();
});
