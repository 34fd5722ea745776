/**
 * The operators' console (issue 17), reports: a fan reports a creator's message; an operator
 * opens the report, deletes the message for terms, and the fan's open room shows the placeholder
 * at once and after a reload.
 */
import { expect, test } from '@playwright/test';
import {
  adminLogin,
  authHeaders,
  creatorThroughApi,
  DEMO_PASSWORD,
  fanSignUpSteps,
  LANGS,
  lineStandInNewUser,
  pathIn,
  phonePage,
  type T,
  text,
} from './support.ts';

for (const lang of LANGS) {
  const t: T = (ns, key, vars) => text(lang, ns, key, vars);
  test(`${lang}: an operator deletes a reported message for terms and the fan's room shows it`, async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const nickname =
      lang === 'ja' ? `乱暴クリエイター${Date.now().toString(36)}` : `Rude ${Date.now().toString(36)}`;
    const bad = lang === 'ja' ? 'もう二度と来るな' : 'Never come back';
    const fan = await phonePage(browser);
    try {
      // The fan signs up through the LINE stand-in.
      await fan.goto(pathIn(lang, '/user/login'));
      await fan.getByRole('button', { name: t('auth', 'userLogin.lineButton') }).click();
      await lineStandInNewUser(fan, `fan-${lang}`);
      // The LINE callback's first call may start its function cold.
      await expect(fan).toHaveURL(/\/mypage\/signup\/1$/, { timeout: 30_000 });
      await fanSignUpSteps(fan, lang, '/home');
      const fanHeaders = await authHeaders(fan);

      // A creator (through the API) writes to the fan; the fan reports the message.
      const creator = await creatorThroughApi(request, { nickname });
      const login = await request.post('/api/auth/login', {
        data: { email: creator.email, password: DEMO_PASSWORD },
      });
      const session = await login.json();
      const creatorHeaders = {
        Authorization: `Bearer ${session.access_token}`,
        'X-Profile-Id': session.profile_id,
      };
      const room = await (
        await request.post('/api/chatroom/create', {
          headers: creatorHeaders,
          data: { profile_id: fanHeaders['X-Profile-Id'] },
        })
      ).json();
      const sent = await request.post('/api/chat', {
        headers: creatorHeaders,
        data: { chatroom_id: room.id, uuid: crypto.randomUUID(), text: bad },
      });
      expect(sent.ok()).toBe(true);
      const { message } = await sent.json();
      const reported = await fan.request.post('/api/report', {
        headers: fanHeaders,
        data: { type: 3, chatroom_id: room.id, message_id: message.id },
      });
      expect(reported.ok()).toBe(true);

      // The fan has the room open.
      await fan.goto(pathIn(lang, `/chatroom/${creator.username}`));
      await expect(fan.getByText(bad)).toBeVisible();

      // The operator finds the report in the queue and deletes the message.
      await adminLogin(page, lang, t);
      await page.goto(pathIn(lang, '/admin/reports?type=3'));
      const row = page.getByRole('row').filter({ hasText: nickname });
      await row.getByRole('link').click();
      await expect(page.getByRole('heading', { name: t('admin', 'reports.detail.heading') })).toBeVisible();
      await expect(page.getByText(bad)).toBeVisible();
      await page.getByRole('button', { name: t('admin', 'reports.actions.deleteMessage') }).click();
      const dialog = page.getByRole('dialog', { name: t('admin', 'reports.confirm.deleteMessageTitle') });
      await dialog.getByRole('button', { name: t('admin', 'reports.confirm.deleteMessage') }).click();
      await expect(page.getByText(t('admin', 'reports.done.delete_message'))).toBeVisible();
      await expect(page.getByText(t('chat', 'room.deletedTerms'))).toBeVisible();
      await expect(page.getByText(bad)).toHaveCount(0);

      // The fan's room shows the placeholder live, and again after a reload.
      await expect(fan.getByText(t('chat', 'room.deletedTerms'))).toBeVisible();
      await expect(fan.getByText(bad)).toHaveCount(0);
      await fan.reload();
      await expect(fan.getByText(t('chat', 'room.deletedTerms'))).toBeVisible();
      await expect(fan.getByText(bad)).toHaveCount(0);
    } finally {
      await fan.context().close();
    }
  });
}
