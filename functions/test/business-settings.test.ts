/**
 * Issue 12, business settings: the invoice registration number, the creator terms' consent and
 * the campaign code at registration, and the campaign chat rate on a creator's income.
 */
import { businessConfig } from '@app/shared/config';
import { SAMPLE_OPERATOR } from '@app/shared/operator';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_AUTH_SECRET } from '../../scripts/local/env.ts';
import { newId } from '../src/lib/crypto.ts';
import { credit } from '../src/services/points/ledger.ts';
import { startSession } from '../src/services/sessions.ts';
import { codeIn, PASSWORD, uniqueEmail } from './helpers/accounts.ts';
import { creator, fan, type Member, room, send } from './helpers/chat.ts';
import { api, issuePaths, latestMail, manualClock, setClock, testDb } from './helpers/cloud.ts';

const db = testDb();
const R = businessConfig.rewards;

const setting = (m: Member, body: Record<string, unknown>) =>
  api('/mypage/business-setting', { token: m.token, body });

describe('invoice registration number', () => {
  it('stores a valid number normalized, refuses a wrong check digit, keeps it when absent, clears with null', async () => {
    const c = await creator();
    expect((await api('/mypage', { token: c.token })).body.business.invoice_number).toBeNull();

    const saved = await setting(c, { invoice_number: 'Ｔ７０００－０１２０－５０００２' });
    expect(saved.status).toBe(200);
    expect(saved.body.invoice_number).toBe('T7000012050002');
    const { data } = await db.entities.businessSettings.get({ profileId: c.profileId }).go();
    expect(data?.invoiceNumber).toBe('T7000012050002');

    for (const invoice_number of ['T7000012050003', 'T700001205000', '7000012050002', 'X7000012050002', 12]) {
      const res = await setting(c, { invoice_number });
      expect(res.status, String(invoice_number)).toBe(422);
      expect(issuePaths(res.body)).toEqual({ invoice_number: 'validation.invoiceNumber' });
    }
    // Other settings leave it as it is.
    const other = await setting(c, { chat_locked: true });
    expect(other.body).toMatchObject({ invoice_number: 'T7000012050002', chat_locked: true });

    const cleared = await setting(c, { invoice_number: null });
    expect(cleared.body).toMatchObject({ invoice_number: null, chat_locked: true });
    const after = await db.entities.businessSettings.get({ profileId: c.profileId }).go();
    expect(after.data?.invoiceNumber).toBeUndefined();
    expect((await api('/mypage', { token: c.token })).body.business.invoice_number).toBeNull();

    await setting(c, { invoice_number: 'T1180301018771' });
    expect((await setting(c, { invoice_number: '' })).body.invoice_number).toBeNull();
  });
});

/** Registration up to the code, then the verify call with `extra`. */
async function verifyWith(extra: Record<string, unknown>) {
  const email = uniqueEmail();
  await api('/auth/register', { body: { email } });
  const code = codeIn((await latestMail(email))?.text ?? '');
  const body = { email, code, password: PASSWORD, password_confirmation: PASSWORD, ...extra };
  return { email, res: await api('/auth/register/verify', { body }) };
}

describe('registration: creator terms and campaign code', () => {
  afterAll(() => setClock(0));

  it('refuses an account without consent to the creator terms, or with an unknown code; the code stays usable', async () => {
    const none = await verifyWith({});
    expect(none.res.status).toBe(422);
    expect(issuePaths(none.res.body)).toEqual({ agree_creator_terms: 'validation.creatorTerms' });
    const no = await verifyWith({ agree_creator_terms: false });
    expect(issuePaths(no.res.body)).toEqual({ agree_creator_terms: 'validation.creatorTerms' });
    const unknown = await verifyWith({ agree_creator_terms: true, campaign_code: 'NOPE' });
    expect(unknown.res.status).toBe(422);
    expect(issuePaths(unknown.res.body)).toEqual({ campaign_code: 'validation.campaignCode' });
  });

  it('stores the terms version, the time of consent and the campaign code on the profile', async () => {
    const { res } = await verifyWith({
      agree_creator_terms: true,
      campaign_code: ` ${R.campaignCode.toLowerCase()} `,
    });
    expect(res.status).toBe(200);
    const { data } = await db.entities.profile.get({ profileId: res.body.profile_id }).go();
    expect(data).toMatchObject({
      campaignCode: R.campaignCode,
      termsVersion: SAMPLE_OPERATOR.termsEffectiveDate,
    });
    expect(Math.abs(Date.parse(data?.termsAgreedAt ?? '') - Date.now())).toBeLessThan(60_000);

    const plain = await verifyWith({ agree_creator_terms: true, campaign_code: '' });
    expect(plain.res.status).toBe(200);
    const { data: p } = await db.entities.profile.get({ profileId: plain.res.body.profile_id }).go();
    expect(p?.campaignCode).toBeUndefined();
    expect(p?.termsVersion).toBe(SAMPLE_OPERATOR.termsEffectiveDate);
  });

  it('refuses the code once the campaign has ended, and registers without it', async () => {
    await setClock(Date.parse(R.campaignEndsAt) - Date.now() + 60_000);
    const email = uniqueEmail();
    await api('/auth/register', { body: { email } });
    const code = codeIn((await latestMail(email))?.text ?? '');
    const body = {
      email,
      code,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agree_creator_terms: true,
    };
    const late = await api('/auth/register/verify', { body: { ...body, campaign_code: R.campaignCode } });
    expect(late.status).toBe(422);
    expect(issuePaths(late.body)).toEqual({ campaign_code: 'validation.campaignEnded' });
    const ok = await api('/auth/register/verify', { body });
    expect(ok.status).toBe(200);
    await setClock(0);
  });
});

/** Mushrooms credited at the cloud's time (lots expire after `points.lotDays`). */
async function giveAt(holderId: string, points: number, at: Date) {
  await credit(
    { db, clock: manualClock(at) },
    {
      holderId,
      kind: 'mushroom',
      points,
      txId: newId(),
      journalKind: 'purchase',
      log: { type: 3, detail: 'purchased', yen: points * 10 },
    },
  );
}

/** A fan (`f`, or a new one) gets mushrooms at `at` and sends `c` one paid message (a stamp when `stampId`); its income row. */
async function paidMessageIncome(c: Member, at: Date, opts: { stampId?: string; f?: Member } = {}) {
  const f = opts.f ?? (await fan());
  await giveAt(f.profileId, 100, at);
  const chatroomId = await room(f, c);
  const sent = await send(f, chatroomId, opts.stampId ? { stamp_id: opts.stampId } : { text: 'こんにちは' });
  expect(sent.status).toBe(200);
  const { data } = await db.entities.incomeRow.query
    .byCreator({ creatorId: c.profileId })
    .go({ pages: 'all' });
  return data.filter((r) => r.buyerId === f.profileId).map((r) => [r.paymentType, r.revenue, r.income]);
}

/** Today's price set in the table (a change through the API waits for tomorrow). */
async function priceToday(c: Member, cost: number) {
  await db.entities.businessSettings
    .put({
      profileId: c.profileId,
      chatCost: cost,
      chatCostNext: cost,
      chatCostNextFrom: '2026-01-01',
      costPending: false,
      version: 1,
      updatedAt: new Date().toISOString(),
    })
    .go();
}

describe('the campaign chat rate', () => {
  afterAll(() => setClock(0));

  it('a creator registered with the code earns the campaign rate on chat until the end, the usual rate after', async () => {
    const price = 10;
    const [campaign, usual] = await Promise.all([creator({ campaignCode: R.campaignCode }), creator()]);
    await Promise.all([priceToday(campaign, price), priceToday(usual, price)]);
    const now = new Date();
    expect(await paidMessageIncome(campaign, now)).toEqual([[1, price, price * R.chatCampaignRate]]);
    expect(await paidMessageIncome(usual, now)).toEqual([[1, price, price * R.chatRate]]);
    // Stamps are gifts: the gift rate, campaign or not.
    const thanks = businessConfig.chat.stamps[0];
    expect(await paidMessageIncome(campaign, now, { stampId: thanks.id })).toEqual([
      [4, thanks.cost, thanks.cost * R.giftRate],
    ]);

    // Months later (past every token's life): the fan signs in again at the cloud's time.
    const late = await fan();
    const after = await setClock(Date.parse(R.campaignEndsAt) - Date.now() + 60_000);
    const session = await startSession(
      { db, clock: manualClock(after), authSecret: LOCAL_AUTH_SECRET },
      { profileId: late.profileId, roleId: late.roleId },
    );
    late.token = session.access_token;
    expect(await paidMessageIncome(campaign, after, { f: late })).toEqual([[1, price, price * R.chatRate]]);
  });
});
