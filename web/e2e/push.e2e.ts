/**
 * Web Push (issue 15), ja and en: a fan and a creator each turn on notifications for this device on
 * the account screen; the local push stand-in records both subscriptions; a message from the fan
 * yields a push to the creator's device, recorded (and decrypted) by the stand-in.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  authHeaders,
  creatorLogin,
  creatorThroughApi,
  fanWithMushrooms,
  LANGS,
  type Lang,
  pathIn,
  phonePage,
  type T,
  text,
} from './support.ts';

/** `SHOTS_DIR=/work/shots15/push npm run test:e2e -- push` saves the settings at 390×844. */
const SHOTS = process.env.SHOTS_DIR;

interface StandInState {
  subscriptions: { id: string; endpoint: string }[];
  pushes: { endpoint: string; payload: { title: string; body: string; url: string; tag: string } }[];
}

/** Turns notifications on for this device on the account screen; answers the device's endpoint. */
async function turnOn(page: Page, lang: Lang, t: T, who: string): Promise<string> {
  await page.goto(pathIn(lang, '/mypage/account'));
  const section = page.getByRole('region', { name: t('push', 'heading') });
  await expect(section.getByText(t('push', 'devicesEmpty'))).toBeVisible();
  const toggle = section.getByRole('switch', { name: new RegExp(t('push', 'toggle')) });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(section.getByText(t('push', 'enabled'))).toBeVisible();
  await expect(toggle).toBeChecked();
  await expect(section.getByText(t('push', 'thisDevice'), { exact: true })).toBeVisible();
  await expect(section.getByRole('checkbox', { name: t('push', 'topics.messages') })).toBeChecked();
  await expect(section.getByRole('checkbox', { name: t('push', 'topics.notices') })).toBeChecked();
  if (SHOTS) {
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${lang}-${who}-settings.png` });
    await section.getByRole('list').evaluate((list) => list.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${SHOTS}/${lang}-${who}-devices.png` });
  }
  const endpoint = await page.evaluate(() => localStorage.getItem('push_endpoint'));
  expect(endpoint).toMatch(/\/_local\/push\/send\//);
  return endpoint as string;
}

for (const lang of LANGS) {
  const t: T = (ns, key, vars) => text(lang, ns, key, vars);

  test(`[${lang}] a fan and a creator turn on notifications; the creator's device gets a push for the fan's message`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const creator = await creatorThroughApi(
      request,
      { nickname: lang === 'ja' ? 'みなと' : 'Minato' },
      'push',
    );
    const fanName = lang === 'ja' ? 'ひかり' : 'Hikari';
    const [creatorPage, fanPage] = [await phonePage(browser), await phonePage(browser)];

    await creatorLogin(creatorPage, lang, t, creator);
    // The installable site: the service worker at the root, the manifest it links.
    await expect
      .poll(() =>
        creatorPage.evaluate(
          async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL,
        ),
      )
      .toMatch(/\/sw\.js$/);
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toBe('application/manifest+json');
    expect(await manifest.json()).toMatchObject({ display: 'standalone', start_url: '/home' });
    const creatorEndpoint = await turnOn(creatorPage, lang, t, 'creator');
    await fanWithMushrooms(fanPage, lang, t, fanName, 100);
    const fanEndpoint = await turnOn(fanPage, lang, t, 'fan');

    // The stand-in recorded both subscriptions.
    const state = async () => (await (await request.get('/_local/push.json')).json()) as StandInState;
    const endpoints = (await state()).subscriptions.map((s) => s.endpoint);
    expect(endpoints).toContain(creatorEndpoint);
    expect(endpoints).toContain(fanEndpoint);

    // The fan writes to the creator: the creator's device gets the push, the fan's does not.
    await fanPage.goto(pathIn(lang, `/chatroom/${creator.username}`));
    await fanPage.getByRole('textbox', { name: t('chat', 'composer.label') }).fill('こんばんは');
    await fanPage.getByRole('button', { name: new RegExp(`^${t('chat', 'composer.send')}`) }).click();
    await expect
      .poll(async () => (await state()).pushes.filter((p) => p.endpoint === creatorEndpoint).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const push = (await state()).pushes.find((p) => p.endpoint === creatorEndpoint);
    expect(push?.payload).toMatchObject({
      title: t('push', 'notification.messageTitle'),
      body: t('push', 'notification.messageBody', { nickname: fanName }),
      tag: expect.stringMatching(/^room-/),
    });
    expect(push?.payload.url).toMatch(new RegExp(`^/${lang}/chatroom/`));
    expect((await state()).pushes.filter((p) => p.endpoint === fanEndpoint)).toEqual([]);

    // The push log shows it to a developer.
    await creatorPage.goto('/_local/push');
    await expect(
      creatorPage.getByText(t('push', 'notification.messageBody', { nickname: fanName })),
    ).toBeVisible();
    if (SHOTS) await creatorPage.screenshot({ path: `${SHOTS}/${lang}-push-log.png` });

    // The fan logs out: the browser's notifications go with the session, so the creator's reply
    // pushes nothing to it.
    await fanPage.goto(pathIn(lang, '/mypage/account'));
    await fanPage.getByRole('button', { name: t('mypage', 'account.logout') }).click();
    await expect(fanPage).toHaveURL(/\/user\/login/);
    const chatroomId = (push?.payload.tag ?? '').replace(/^room-/, '');
    const reply = await request.post('/api/chat', {
      headers: await authHeaders(creatorPage),
      data: { chatroom_id: chatroomId, uuid: crypto.randomUUID(), text: 'ありがとう' },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
    expect((await request.post('/_local/streams/drain')).ok()).toBe(true);
    expect((await request.post('/_local/streams/drain')).ok()).toBe(true);
    expect((await state()).pushes.filter((p) => p.endpoint === fanEndpoint)).toEqual([]);

    // The creator turns this device off: the list is empty again.
    await creatorPage.goto(pathIn(lang, '/mypage/account'));
    const section = creatorPage.getByRole('region', { name: t('push', 'heading') });
    await section.getByRole('switch', { name: new RegExp(t('push', 'toggle')) }).click();
    await expect(section.getByText(t('push', 'disabled'))).toBeVisible();
    await expect(section.getByText(t('push', 'devicesEmpty'))).toBeVisible();
  });
}
