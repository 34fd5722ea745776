/**
 * The operators' organization review (issue 17), in ja and en: an owner applies (through the API),
 * an operator logs in with the authenticator and approves the application in the console's queue
 * (confirmed in a dialog); the owner's mail is in the outbox and the owner's /organization shows
 * it approved.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  adminLogin,
  creatorLogin,
  creatorThroughApi,
  DEMO_PASSWORD,
  LANGS,
  type Lang,
  pathIn,
  phonePage,
  type T,
  text,
} from './support.ts';

/** `SHOTS_DIR=/tmp/shots/review npx playwright test … admin-review` saves the screens. */
const SHOTS = process.env.SHOTS_DIR;
async function shot(page: Page, lang: Lang, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${lang}-${name}.png`, fullPage: true });
}

for (const lang of LANGS) {
  const t: T = (ns, key, vars) => text(lang, ns, key, vars);
  const r = (key: string, vars?: Record<string, unknown>) =>
    t('admin', `catalog.review.organizations.${key}`, vars);

  test(`[${lang}] an operator approves an organization under review; the owner is mailed and sees it approved`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    // The owner (a set-up role-1 account) applies through the API.
    const account = await creatorThroughApi(request, { nickname: 'オーナー' }, `rev${lang}`, 1);
    const login = await request.post('/api/auth/login', {
      data: { email: account.email, password: DEMO_PASSWORD },
    });
    expect(login.ok(), await login.text()).toBe(true);
    const session = (await login.json()) as { access_token: string; profile_id: string };
    const orgName =
      lang === 'ja'
        ? `スナック 夕凪 ${account.username.slice(-4)}`
        : `Evening Calm ${account.username.slice(-4)}`;
    const applied = await request.post('/api/organizations', {
      headers: { Authorization: `Bearer ${session.access_token}`, 'X-Profile-Id': session.profile_id },
      data: { name: orgName, category: 2, address: '大阪府大阪市北区曽根崎2-4-6', is_public: false },
    });
    expect(applied.ok(), await applied.text()).toBe(true);

    // The operator finds it in the queue, with its owner, and approves it.
    await adminLogin(page, lang, t);
    await page.getByRole('link', { name: t('admin', 'access.nav.organizations') }).click();
    const card = page.getByRole('article', { name: orgName });
    await expect(card).toBeVisible();
    await expect(card.getByText(account.email)).toBeVisible();
    await expect(card.getByText(r('visibility.private'))).toBeVisible();
    await shot(page, lang, 'queue');
    await card.getByRole('button', { name: r('approve') }).click();
    const dialog = page.getByRole('dialog', { name: r('approveTitle') });
    await expect(dialog).toContainText(orgName);
    await dialog.getByRole('button', { name: r('approveConfirm') }).click();
    await expect(page.getByText(r('approvedNotice', { name: orgName }))).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.getByRole('button', { name: r('tabs.approved') }).click();
    await expect(page.getByRole('article', { name: orgName })).toBeVisible();
    await shot(page, lang, 'approved');

    // The owner's mail, and the owner's own screen.
    const outbox = await request.get(`/_local/outbox.json?to=${encodeURIComponent(account.email)}`);
    const mails = (await outbox.json()) as { subject: string; text: string | null }[];
    const mail = mails.find((m) => m.text?.includes(orgName));
    expect(mail?.subject).toMatch(/承認されました|has been approved/);
    const owner = await phonePage(browser);
    try {
      await creatorLogin(owner, lang, t, account);
      await owner.goto(pathIn(lang, '/organization'));
      await expect(owner.getByTestId('org-status')).toHaveText(t('organizations', 'status.approved'));
    } finally {
      await owner.context().close();
    }
  });
}
