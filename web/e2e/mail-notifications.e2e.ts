/**
 * E-mail notifications (issue 15, mail helper), in ja and en: a creator turns the reply digest off
 * and on in the account settings; a fan's paid message waits, the clock passes the digest's time,
 * the digest job mails the creator, and the mail's unsubscribe link (read from the outbox) turns
 * the digest off without login.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  authHeaders,
  creatorThroughApi,
  DEMO_PASSWORD,
  expectPath,
  fanWithMushrooms,
  field,
  LANGS,
  pathIn,
  phonePage,
  setClock,
  setClockParked,
  type T,
  text,
} from './support.ts';

const MINUTE = 60_000;
const SHOTS = '/work/shots15/mail';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

for (const [index, lang] of LANGS.entries()) {
  test(`[${lang}] a creator turns the reply digest off and on; the digest's unsubscribe link turns it off`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const t: T = (ns, key, vars) => text(lang, ns, key, vars);
    const creator = await creatorThroughApi(
      request,
      { nickname: lang === 'ja' ? '夜空みずき' : 'Mizuki Night' },
      'mail',
    );
    const fanName = lang === 'ja' ? 'ひかり' : 'Hikari';
    const label = t('emailNotifications', 'kinds.replies.label');
    try {
      await page.goto(pathIn(lang, '/creator/login'));
      await field(page, lang, t('auth', 'fields.email')).fill(creator.email);
      await field(page, lang, t('auth', 'fields.password')).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: t('auth', 'creatorLogin.submit') }).click();
      await expectPath(page, lang, '/home');
      const cost = await page.request.post('/api/mypage/business-setting', {
        headers: await authHeaders(page),
        data: { chat_cost: 2 },
      });
      expect(cost.ok()).toBe(true);

      // The settings: on by default, off, still off after a reload, on again.
      await page.goto(pathIn(lang, '/mypage/account'));
      await expect(page.getByRole('heading', { name: t('emailNotifications', 'heading') })).toBeVisible();
      const toggle = page.getByRole('switch', { name: label });
      await expect(toggle).toBeChecked();
      await expect(page.getByText(t('emailNotifications', 'sendTo', { email: creator.email }))).toBeVisible();
      await toggle.click();
      await expect(page.getByText(t('emailNotifications', 'saved'))).toBeVisible();
      await expect(toggle).not.toBeChecked();
      await page.reload();
      await expect(page.getByRole('switch', { name: label })).not.toBeChecked();
      await page.getByRole('switch', { name: label }).click();
      await expect(page.getByText(t('emailNotifications', 'saved'))).toBeVisible();
      await expect(page.getByRole('switch', { name: label })).toBeChecked();
      await page.getByRole('heading', { name: t('emailNotifications', 'heading') }).scrollIntoViewIfNeeded();
      await shot(page, `settings-creator-${lang}`);

      // A fan's paid message waits for the creator's reply.
      const fan = await phonePage(browser);
      await fanWithMushrooms(fan, lang, t, fanName);
      // A fan whose notification e-mail is not confirmed: why nothing can be sent, where to confirm.
      await fan.goto(pathIn(lang, '/mypage/account'));
      await expect(fan.getByText(t('emailNotifications', 'unconfirmed'))).toBeVisible();
      await expect(
        fan.getByRole('switch', { name: t('emailNotifications', 'kinds.messages.label') }),
      ).toBeDisabled();
      const confirmLink = fan.getByRole('link', { name: t('emailNotifications', 'confirmLink') });
      await confirmLink.scrollIntoViewIfNeeded();
      await shot(fan, `settings-fan-unconfirmed-${lang}`);
      await confirmLink.click();
      await expectPath(fan, lang, '/mypage/account/user');
      const room = await fan.request.get(`/api/chatroom/${creator.username}`, {
        headers: await authHeaders(fan),
      });
      expect(room.ok()).toBe(true);
      const sent = await fan.request.post('/api/chat', {
        headers: await authHeaders(fan),
        data: {
          chatroom_id: (await room.json()).id,
          uuid: crypto.randomUUID(),
          text: 'お返事ください / reply please',
        },
      });
      expect(sent.ok(), await sent.text()).toBe(true);

      // The clock passes the digest's time: the recurring job mails the creator once.
      await setClockParked(request, (20 + 25 * index) * MINUTE, [fan, page]);
      const outbox = `/_local/outbox.json?to=${encodeURIComponent(creator.email)}`;
      const digests = async () =>
        ((await (await request.get(outbox)).json()) as { subject: string; text: string }[]).filter((m) =>
          m.text.includes('/unsubscribe?token='),
        );
      await expect.poll(async () => (await digests()).length, { timeout: 60_000 }).toBe(1);
      const [mail] = await digests();
      expect(mail?.subject).toContain(
        lang === 'ja' ? '返信を待っているファンが1人います' : '1 fan is waiting for your reply',
      );
      expect(mail?.text).toContain(fanName);
      const link = /(https?:\/\/\S+\/unsubscribe\?token=\S+)/.exec(mail?.text ?? '')?.[1] as string;
      await page.goto(`/_local/outbox?to=${encodeURIComponent(creator.email)}`);
      await expect(page.getByText('List-Unsubscribe-Post', { exact: true })).toBeVisible();
      await shot(page, `outbox-digest-${lang}`);
      expect(new URL(link).pathname).toBe(pathIn(lang, '/unsubscribe'));

      // The link, without login (a fresh browser context): asks, then turns the digest off.
      const guest = await phonePage(browser);
      const url = new URL(link);
      await guest.goto(`${url.pathname}${url.search}`);
      await expect(
        guest.getByRole('heading', { name: t('emailNotifications', 'unsubscribe.heading') }),
      ).toBeVisible();
      await expect(
        guest.getByText(t('emailNotifications', 'unsubscribe.confirm', { kind: label })),
      ).toBeVisible();
      await shot(guest, `unsubscribe-ask-${lang}`);
      await guest.getByRole('button', { name: t('emailNotifications', 'unsubscribe.button') }).click();
      await expect(
        guest.getByText(t('emailNotifications', 'unsubscribe.done', { kind: label })),
      ).toBeVisible();
      await shot(guest, `unsubscribe-done-${lang}`);
      // Following it again says so.
      await guest.reload();
      await expect(
        guest.getByText(t('emailNotifications', 'unsubscribe.already', { kind: label })),
      ).toBeVisible();

      // The creator's settings show it off.
      await page.goto(pathIn(lang, '/mypage/account'));
      await expect(page.getByRole('switch', { name: label })).not.toBeChecked();
    } finally {
      await setClock(request, 0);
    }
  });
}
