/**
 * Organizations and their casts (issue 16): the owner's application and its validation, the
 * review's transitions and mails, cast management (a taken username, the first-login password
 * change enforced on every route and the socket, suspension and removal ending sessions at once),
 * owner actions on another organization's cast refused in the service, and a cast's income
 * credited to its organization (rows keep the cast; sales per cast; reversal).
 */
import { businessConfig } from '@app/shared/config';
import { jstMonth } from '@app/shared/time';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { newId } from '../src/lib/crypto.ts';
import { reviewOrganization } from '../src/services/organizations/review.ts';
import { reverseSpend } from '../src/services/points/ledger.ts';
import { PASSWORD, uniqueUsername } from './helpers/accounts.ts';
import { creator, fan, give, openSocket, priceToday, room, send } from './helpers/chat.ts';
import { api, issuePaths, mailsTo, manualClock, testDb } from './helpers/cloud.ts';
import { png, postForm, type Target } from './helpers/media.ts';
import {
  application,
  apply,
  approvedOwner,
  CAST_PASSWORD,
  cast,
  castAction,
  loginCast,
  owner,
  review,
} from './helpers/organizations.ts';

const db = testDb();
const L = businessConfig.limits;

beforeAll(() => {
  Object.assign(process.env, inject('localEnv'));
});

const org = async (id: string) =>
  (await db.entities.organization.get({ organizationId: id }).go({ consistent: true })).data;

describe('POST /organizations: the application', () => {
  it('is for shop/organization owners whose sign-up is complete', async () => {
    const [c, f, unfinished] = await Promise.all([creator(), fan(), owner({ complete: false })]);
    expect((await apply(c)).status).toBe(403);
    expect((await apply(f)).status).toBe(403);
    expect((await api('/organizations', { token: c.token })).status).toBe(403);
    const res = await apply(unfinished);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('registration_incomplete');
    expect((await api('/organizations', { body: application() })).status).toBe(401);
  });

  it('answers each field with its message, and writes nothing', async () => {
    const o = await owner();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'validation.organizationName'],
      [{ name: '　 ' }, 'name', 'validation.organizationName'],
      [{ name: 'あ'.repeat(L.organizationNameMax + 1) }, 'name', 'validation.organizationNameMax'],
      [{ category: 3 }, 'category', 'validation.organizationCategory'],
      [{ category: '1' }, 'category', 'validation.organizationCategory'],
      [
        { address: 'あ'.repeat(L.organizationAddressMax + 1) },
        'address',
        'validation.organizationAddressMax',
      ],
      [{ is_public: 'yes' }, 'is_public', 'validation.required'],
      [
        { logo_upload_key: 'uploads/logo/someone-else.png' },
        'logo_upload_key',
        'validation.organizationLogo',
      ],
      [{ logo_upload_key: '../../etc/passwd' }, 'logo_upload_key', 'validation.organizationLogo'],
    ];
    for (const [over, path, message] of cases) {
      const res = await apply(o, application(over));
      expect(res.status, JSON.stringify(over).slice(0, 60)).toBe(422);
      expect(issuePaths(res.body)[path]).toBe(message);
    }
    const missing = await apply(o, { is_public: true });
    expect(issuePaths(missing.body)).toMatchObject({
      name: 'validation.organizationName',
      category: 'validation.organizationCategory',
    });
    expect(await org(o.profileId)).toBeNull();
    expect((await api('/organizations', { token: o.token })).body).toEqual({ organization: null });
  });

  it('goes under review with its logo re-encoded; the owner may still edit it', async () => {
    const o = await owner();
    const target = (
      await api('/organizations/logo-url', { token: o.token, body: { content_type: 'image/png' } })
    ).body as Target;
    expect(target.key.startsWith(`uploads/logo/${o.profileId}-`)).toBe(true);
    expect((await postForm(target, await png(64, 64))).status).toBe(204);
    const res = await apply(o, application({ logo_upload_key: target.key, address: '' }));
    expect(res.status).toBe(200);
    const view = res.body.organization;
    expect(view).toMatchObject({
      id: o.profileId,
      name: 'ラウンジ きのこ',
      category: 1,
      address: '',
      is_public: true,
      status: 'review',
      reject_reason: null,
      reviewed_at: null,
      cast_count: 0,
      casts_max: businessConfig.organizations.castsMax,
    });
    expect(view.logo_url).toMatch(/\/media\/logo\/.+\/full\.webp$/);
    const logo = await fetch(view.logo_url);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/webp');

    const edited = await apply(o, application({ name: 'ラウンジ きのこ 渋谷店', category: 99 }));
    expect(edited.body.organization).toMatchObject({
      name: 'ラウンジ きのこ 渋谷店',
      category: 99,
      status: 'review',
    });
    // Absent keeps the logo; null removes it.
    expect(edited.body.organization.logo_url).toBe(view.logo_url);
    const removed = await apply(o, application({ logo_upload_key: null }));
    expect(removed.body.organization.logo_url).toBeNull();
    // The removed logo's files are gone (public files nobody should still reach).
    expect((await fetch(view.logo_url)).status).toBe(404);
    expect((await api('/organizations', { token: o.token })).body.organization.status).toBe('review');
  });

  it("refuses a file that is not the image it claims ('image processing error')", async () => {
    const o = await owner();
    const target = (
      await api('/organizations/logo-url', { token: o.token, body: { content_type: 'image/png' } })
    ).body as Target;
    expect((await postForm(target, Buffer.from('not an image at all'))).status).toBe(204);
    const res = await apply(o, application({ logo_upload_key: target.key }));
    expect(res.status).toBe(422);
    expect(issuePaths(res.body).logo_upload_key).toBeDefined();
    expect(await org(o.profileId)).toBeNull();
    const wrongType = await api('/organizations/logo-url', {
      token: o.token,
      body: { content_type: 'image/gif' },
    });
    expect(wrongType.status).toBe(422);
  });
});

describe('the review', () => {
  it('rejects with a reason (mailed), the owner edits and applies again, then it is approved (mailed)', async () => {
    const o = await owner();
    await apply(o);
    const first = (await org(o.profileId))?.submittedAt;
    // Casts wait for the approval.
    const early = await api('/organizations/casts', {
      token: o.token,
      body: {
        nickname: 'A',
        username: uniqueUsername('c'),
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('organization_not_approved');

    expect((await review(o, { approve: false, reason: '  ' })).status).toBe(400);
    const rejected = await review(o, { approve: false, reason: '所在地を確認できませんでした。' });
    expect(rejected.status).toBe(200);
    const seen = (await api('/organizations', { token: o.token })).body.organization;
    expect(seen).toMatchObject({ status: 'rejected', reject_reason: '所在地を確認できませんでした。' });
    expect(seen.reviewed_at).not.toBeNull();
    const [rejectMail] = await mailsTo(o.email);
    expect(rejectMail?.subject).toContain('登録審査の結果');
    expect(rejectMail?.text).toContain('所在地を確認できませんでした。');
    // Reviewing what is not under review is refused.
    expect((await review(o, { approve: true })).body.code).toBe('organization_state');

    const again = await apply(o, application({ address: '東京都渋谷区道玄坂2-3-4' }));
    expect(again.body.organization).toMatchObject({ status: 'review', reject_reason: null });
    expect(((await org(o.profileId))?.submittedAt ?? '') > (first ?? '')).toBe(true);

    expect((await review(o, { approve: true })).status).toBe(200);
    expect((await api('/organizations', { token: o.token })).body.organization.status).toBe('approved');
    const [approveMail] = await mailsTo(o.email);
    expect(approveMail?.subject).toContain('承認されました');
    expect(approveMail?.text).toContain('/organization');
    expect((await review(o, { approve: true })).body.code).toBe('organization_state');
  });

  it('writes the mail in the language the owner applied in', async () => {
    const o = await owner();
    await api('/organizations', {
      token: o.token,
      body: application(),
      headers: { 'accept-language': 'en' },
    });
    expect((await org(o.profileId))?.lang).toBe('en');
    await review(o, { approve: true });
    expect((await mailsTo(o.email))[0]?.subject).toContain('has been approved');
  });

  it('of two reviewers at once, one decides', async () => {
    const o = await owner();
    await apply(o);
    const deps = { db, clock: manualClock(), mailer: { send: async () => undefined } };
    const results = await Promise.allSettled([
      reviewOrganization(deps, o.profileId, { approve: true }, 'op-1'),
      reviewOrganization(deps, o.profileId, { approve: false, reason: '重複' }, 'op-2'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(['organization_conflict', 'organization_state']).toContain(refused.reason.code);
  });

  it('keeps an approved organization approved; its name and category cannot change', async () => {
    const o = await approvedOwner();
    const renamed = await apply(o, application({ name: '別の名前' }));
    expect(renamed.status).toBe(422);
    expect(issuePaths(renamed.body).name).toBe('validation.organizationLocked');
    expect(issuePaths((await apply(o, application({ category: 2 }))).body).category).toBe(
      'validation.organizationLocked',
    );
    const priv = await apply(o, application({ is_public: false, address: '' }));
    expect(priv.body.organization).toMatchObject({ status: 'approved', is_public: false, address: '' });
  });
});

describe('casts', () => {
  it('are created with the username rules; a taken username is refused', async () => {
    const o = await approvedOwner();
    const other = await creator();
    const body = (username: string) => ({
      nickname: 'みお',
      username,
      password: CAST_PASSWORD,
      password_confirmation: CAST_PASSWORD,
    });
    const taken = await api('/organizations/casts', {
      token: o.token,
      body: body(other.username.toUpperCase()),
    });
    expect(taken.status).toBe(422);
    expect(issuePaths(taken.body).username).toBe('errors.usernameTaken');
    const bad = await api('/organizations/casts', {
      token: o.token,
      body: { ...body('ab'), nickname: '', password: 'short', password_confirmation: 'other' },
    });
    expect(issuePaths(bad.body)).toMatchObject({
      username: 'validation.username',
      nickname: 'validation.nicknameRequired',
      password: 'validation.password',
    });
    const username = uniqueUsername('mio');
    const made = await api('/organizations/casts', { token: o.token, body: body(username) });
    expect(made.status).toBe(200);
    expect(made.body.cast).toMatchObject({
      nickname: 'みお',
      username,
      status: 'active',
      password_change_required: true,
      this_month: { revenue: 0, income: 0, count: 0 },
    });
    const list = await api('/organizations/casts', { token: o.token });
    expect(list.body.casts.map((c: { id: string }) => c.id)).toEqual([made.body.cast.id]);
    expect(list.body.this_month).toBe(jstMonth(new Date()));
    expect((await org(o.profileId))?.castCount).toBe(1);
    // The same username again (any case) is taken now.
    expect(
      (await api('/organizations/casts', { token: o.token, body: body(username.toUpperCase()) })).status,
    ).toBe(422);
    expect((await org(o.profileId))?.castCount).toBe(1);
  });

  it('must choose a new password at the first login: every other route and the socket refuse it until then', async () => {
    const o = await approvedOwner();
    const c = await cast(o, { choose: false });
    const login = await loginCast(c.username, CAST_PASSWORD);
    expect(login.body.password_change_required).toBe(true);
    const me = await api('/mypage', { token: c.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      password_change_required: true,
      setup_complete: true,
      cast_of: { name: 'ラウンジ きのこ' },
    });
    for (const [path, body] of [
      ['/chatroom/list', undefined],
      ['/mypage/summary', undefined],
      ['/mypage/business-setting', { chat_cost: 10 }],
      ['/broadcasting/reserve', { condition: 1 }],
    ] as const) {
      const res = await api(path, { token: c.token, ...(body ? { body } : {}) });
      expect(res.status, path).toBe(403);
      expect(res.body.code, path).toBe('password_change_required');
    }
    await expect(openSocket(c)).rejects.toThrow(/refused 403/);
    const same = await api('/auth/cast-password', {
      token: c.token,
      body: { password: CAST_PASSWORD, password_confirmation: CAST_PASSWORD },
    });
    expect(issuePaths(same.body).password).toBe('validation.passwordUnchanged');
    const mismatch = await api('/auth/cast-password', {
      token: c.token,
      body: { password: PASSWORD, password_confirmation: `${PASSWORD}x` },
    });
    expect(issuePaths(mismatch.body).password_confirmation).toBe('validation.passwordMismatch');
    const chosen = await api('/auth/cast-password', {
      token: c.token,
      body: { password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(chosen.status).toBe(200);
    // The same session works everywhere now; a second change is not a first login.
    expect((await api('/mypage/summary', { token: c.token })).status).toBe(200);
    (await openSocket(c)).close();
    expect(
      (
        await api('/auth/cast-password', {
          token: c.token,
          body: { password: 'Other#2026x', password_confirmation: 'Other#2026x' },
        })
      ).status,
    ).toBe(403);
    expect((await loginCast(c.username, CAST_PASSWORD)).status).toBe(401);
    const next = await loginCast(c.username, PASSWORD);
    expect(next.status).toBe(200);
    expect(next.body.password_change_required).toBeUndefined();
    // Other creators' routes are not the cast's: the owner's routes refuse it.
    expect((await api('/organizations/casts', { token: c.token })).status).toBe(403);
  });

  it('once its password is chosen, works like any creator: profile, settings, fan club, broadcasts', async () => {
    const o = await approvedOwner();
    const c = await cast(o);
    const profile = await api('/mypage/profile/update', {
      token: c.token,
      body: { username: c.username, nickname: 'あかり', genre: 'コンカフェ', bio: 'よろしくね', area: 13 },
    });
    expect(profile.status).toBe(200);
    expect((await api('/mypage/business-setting', { token: c.token, body: { chat_cost: 20 } })).status).toBe(
      200,
    );
    const club = await api('/fanclub/setting', {
      token: c.token,
      body: { name: 'あかりの部屋', description: '', benefits: '', price: 500, is_open: true },
    });
    expect(club.status).toBe(200);
    const trigger = await api('/broadcasting/trigger', {
      token: c.token,
      body: {
        condition: 3,
        exclude_duplicated: true,
        interval_hours: 24,
        window_start: 10,
        window_end: 21,
        chats: [{ kind: 'text', text: 'ありがとう' }],
      },
    });
    expect(trigger.status).toBe(200);
    expect((await api(`/profile/${c.username}`)).body).toMatchObject({ nickname: 'あかり' });
  });

  it("refuses every owner action on another organization's cast, a creator or an unknown id", async () => {
    const [a, b, plain] = await Promise.all([approvedOwner(), approvedOwner(), creator()]);
    const theirs = await cast(b);
    for (const id of [theirs.profileId, plain.profileId, newId()]) {
      for (const action of ['suspend', 'resume', 'remove'] as const) {
        const res = await castAction(a, action, id);
        expect(res.status, `${action} ${id}`).toBe(404);
        expect(res.body.code).toBe('cast_not_found');
      }
      const reset = await api('/organizations/casts/password', {
        token: a.token,
        body: { cast_id: id, password: 'New#2026xx', password_confirmation: 'New#2026xx' },
      });
      expect(reset.body.code).toBe('cast_not_found');
    }
    // b's cast is untouched: it still logs in with its password.
    expect((await loginCast(theirs.username, theirs.password)).status).toBe(200);
    expect((await api('/mypage', { token: theirs.token })).status).toBe(200);
    expect((await org(b.profileId))?.castCount).toBe(1);
  });

  it("suspension ends the cast's sessions and sockets at once; resuming lets it log in again", async () => {
    const o = await approvedOwner();
    const c = await cast(o);
    const socket = await openSocket(c);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const suspended = await castAction(o, 'suspend', c.profileId);
    expect(suspended.body.cast.status).toBe('suspended');
    await closed;
    const refused = await api('/mypage', { token: c.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('account_suspended');
    expect((await loginCast(c.username, c.password)).body.code).toBe('account_suspended');
    expect((await api('/auth/update_token', { body: { refresh_token: c.refreshToken } })).status).not.toBe(
      200,
    );
    expect((await castAction(o, 'resume', c.profileId)).body.cast.status).toBe('active');
    expect((await api('/mypage', { token: c.token })).status).toBe(401);
    expect((await loginCast(c.username, c.password)).status).toBe(200);
  });

  it('a password reset ends the sessions and asks for a new password at the next login', async () => {
    const o = await approvedOwner();
    const c = await cast(o);
    const reset = await api('/organizations/casts/password', {
      token: o.token,
      body: { cast_id: c.profileId, password: 'Temp#2026xy', password_confirmation: 'Temp#2026xy' },
    });
    expect(reset.body.cast.password_change_required).toBe(true);
    expect((await api('/mypage', { token: c.token })).status).toBe(401);
    expect((await loginCast(c.username, c.password)).status).toBe(401);
    expect((await loginCast(c.username, 'Temp#2026xy')).body.password_change_required).toBe(true);
  });

  it('removal: the account leaves the product, its place is given back, its sales stay', async () => {
    const o = await approvedOwner();
    const c = await cast(o);
    expect((await castAction(o, 'remove', c.profileId)).status).toBe(200);
    expect((await api('/mypage', { token: c.token })).status).toBe(401);
    expect((await loginCast(c.username, c.password)).status).toBe(401);
    expect((await db.entities.profile.get({ profileId: c.profileId }).go()).data).toBeNull();
    expect(
      (await db.entities.uniqueClaim.get({ kind: 'username', value: c.username.toLowerCase() }).go()).data,
    ).toBeNull();
    expect((await api('/organizations/casts', { token: o.token })).body.casts).toEqual([]);
    expect((await org(o.profileId))?.castCount).toBe(0);
    // Twice, or at once: the place is given back once.
    const [d, e] = await Promise.all([cast(o), cast(o)]);
    expect((await org(o.profileId))?.castCount).toBe(2);
    const both = await Promise.all([
      castAction(o, 'remove', d.profileId),
      castAction(o, 'remove', d.profileId),
    ]);
    expect(both.map((r) => r.status).every((s) => s === 200 || s === 404)).toBe(true);
    expect((await org(o.profileId))?.castCount).toBe(1);
    expect(
      (await api('/organizations/casts', { token: o.token })).body.casts.map((x: { id: string }) => x.id),
    ).toEqual([e.profileId]);
    await castAction(o, 'remove', e.profileId);
    // Twice: nothing more is given back.
    expect((await castAction(o, 'remove', c.profileId)).body.code).toBe('cast_not_found');
    expect((await org(o.profileId))?.castCount).toBe(0);
  });

  it('of concurrent creates at the limit, the ones that fit are made', async () => {
    const o = await approvedOwner();
    await db.entities.organization
      .patch({ organizationId: o.profileId })
      .set({ castCount: businessConfig.organizations.castsMax - 1 })
      .go();
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        api('/organizations/casts', {
          token: o.token,
          body: {
            nickname: 'N',
            username: uniqueUsername('lim'),
            password: CAST_PASSWORD,
            password_confirmation: CAST_PASSWORD,
          },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'cast_limit')).toBe(true);
    expect((await org(o.profileId))?.castCount).toBe(businessConfig.organizations.castsMax);
  });

  it('the same create or application sent many times at once is written once, never a 5xx', async () => {
    const fresh = await owner();
    const applied = await Promise.all(Array.from({ length: 20 }, () => apply(fresh)));
    expect(applied.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(
      applied.filter((r) => r.status === 409).every((r) => r.body.code === 'organization_conflict'),
    ).toBe(true);
    expect((await org(fresh.profileId))?.status).toBe('review');

    const o = await approvedOwner();
    const username = uniqueUsername('same');
    const body = { nickname: 'N', username, password: CAST_PASSWORD, password_confirmation: CAST_PASSWORD };
    const made = await Promise.all(
      Array.from({ length: 20 }, () => api('/organizations/casts', { token: o.token, body })),
    );
    expect(made.filter((r) => r.status === 200)).toHaveLength(1);
    expect(made.every((r) => r.status === 200 || r.status === 422)).toBe(true);
    expect((await org(o.profileId))?.castCount).toBe(1);
    expect((await api('/organizations/casts', { token: o.token })).body.casts).toHaveLength(1);
  });

  it('an owner with casts cannot leave before removing them', async () => {
    const o = await approvedOwner();
    const c = await cast(o);
    const res = await api('/auth/leave', { token: o.token, body: {} });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('organization_has_casts');
    expect((await api('/mypage', { token: o.token })).status).toBe(200);
    await castAction(o, 'remove', c.profileId);
    expect((await api('/auth/leave', { token: o.token, body: {} })).status).toBe(200);
    expect(await org(o.profileId)).toBeNull();
  });
});

describe("a cast's income", () => {
  it('is credited to the organization, keeps the cast, and is counted per cast', async () => {
    const o = await approvedOwner();
    const c = await cast(o);
    const f = await fan();
    await give(f.profileId, 100);
    await priceToday(c.profileId, 30);
    const chatroomId = await room(f, c);
    expect((await send(f, chatroomId, { text: 'はじめまして' })).status).toBe(200);
    const ym = jstMonth(new Date());

    const { data: ownerRows } = await db.entities.incomeRow.query.byCreator({ creatorId: o.profileId }).go();
    expect(ownerRows).toHaveLength(1);
    const price = 30;
    expect(ownerRows[0]).toMatchObject({
      castId: c.profileId,
      buyerId: f.profileId,
      points: price,
      revenue: price,
    });
    const { data: castRows } = await db.entities.incomeRow.query.byCreator({ creatorId: c.profileId }).go();
    expect(castRows).toEqual([]);
    const income = ownerRows[0]?.income ?? 0;
    expect(income).toBeGreaterThan(0);

    const summary = await api('/mypage/summary', { token: o.token });
    expect(summary.body.by_type.find((t: { payment_type: number }) => t.payment_type === 1)?.income).toBe(
      income,
    );
    const sales = await api('/organizations/sales', { token: o.token });
    expect(sales.body).toEqual({
      month: ym,
      total: { revenue: price, income, count: 1 },
      casts: [
        {
          cast_id: c.profileId,
          nickname: 'キャスト',
          username: c.username,
          revenue: price,
          income,
          count: 1,
        },
      ],
    });
    // The organization's income rows name the cast who made the sale.
    const rows = (await api('/mypage/incomes', { token: o.token })).body.rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ cast: { id: c.profileId, nickname: 'キャスト' }, income });
    expect((await api('/mypage/incomes', { token: c.token })).body.rows).toEqual([]);
    const listed = (await api('/organizations/casts', { token: o.token })).body.casts[0];
    expect(listed.this_month).toEqual({ revenue: price, income, count: 1 });

    // The cast cannot withdraw what is the organization's.
    const withdraw = await api('/mypage/request-withdraw', {
      token: c.token,
      body: { year: 2026, month: 1 },
    });
    expect(withdraw.status).toBe(403);
    expect(withdraw.body.code).toBe('cast_rewards_to_organization');

    // A reversal takes it back from the organization and from the cast's figures.
    await reverseSpend({ db, clock: manualClock() }, ownerRows[0]?.txId as string);
    const after = await api('/organizations/sales', { token: o.token });
    expect(after.body.total).toEqual({ revenue: 0, income: 0, count: 0 });
  });

  it("is hidden from the owner: no route reads the cast's chats", async () => {
    const o = await approvedOwner();
    const c = await cast(o);
    const f = await fan();
    await give(f.profileId, 100);
    const chatroomId = await room(f, c);
    expect((await send(f, chatroomId, { text: '秘密の話' })).status).toBe(200);
    for (const path of [`/chatroom/${chatroomId}`, `/chat/${chatroomId}/latest`]) {
      const res = await api(path, { token: o.token });
      expect([403, 404], path).toContain(res.status);
      expect(JSON.stringify(res.body)).not.toContain('秘密の話');
    }
  });

  it('the public profile shows a public organization, never a private one', async () => {
    const pub = await approvedOwner();
    const pubCast = await cast(pub);
    const shown = await api(`/profile/${pubCast.username}`);
    expect(shown.body.organization).toMatchObject({ name: 'ラウンジ きのこ' });
    const priv = await approvedOwner({ is_public: false });
    const privCast = await cast(priv);
    expect((await api(`/profile/${privCast.username}`)).body.organization).toBeNull();
    const plain = await creator();
    expect((await api(`/profile/${plain.username}`)).body.organization).toBeNull();
  });
});
