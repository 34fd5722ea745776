/**
 * Issue 14, the money side of the fan club: joining (through the gateway: once per key, one of
 * racing joins, refusals that write nothing), the daily renewal job (twice in a day renews once,
 * retries of a short balance with their notices, then the end), auto-renewal and the 24-hour rule,
 * and back-number passes. Time-dependent cases run the services on a manual clock, each in a year
 * of its own so that one case's memberships are never due in another's run.
 */
import { randomUUID } from 'node:crypto';
import { joinResponse } from '@app/shared/schemas/fanclub';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProfileItem } from '../src/lib/auth.ts';
import { AppError } from '../src/lib/errors.ts';
import { loadViewer, lockOf } from '../src/services/fanclub/access.ts';
import { setAutoRenew } from '../src/services/fanclub/membership.ts';
import { buyPass } from '../src/services/fanclub/passes.ts';
import { renewDueMemberships } from '../src/services/fanclub/renewals.ts';
import { balanceFor } from '../src/services/points/balance.ts';
import { creator, fan, give, type Member } from './helpers/chat.ts';
import { api, drainStreams, manualClock, testDb } from './helpers/cloud.ts';
import { fanclubTestDeps, joinAs, putFanclub, putPost } from './helpers/fanclub.ts';

const db = testDb();
/** Runs of the job here touch only this file's fan clubs (other files' memberships may be due in the same years). */
const ours = new Set<string>();
const mine = (m: { creatorId: string }) => ours.has(m.creatorId);
const jst = (date: string, time = '00:05') => new Date(`${date}T${time}:00+09:00`);
const mushrooms = async (id: string) => (await balanceFor(db, id, new Date())).mushroom;
const profileOf = async (m: Member) =>
  (await db.entities.profile.get({ profileId: m.profileId }).go()).data as ProfileItem;
const membershipOf = async (fanId: string, creatorId: string) =>
  (await db.entities.membership.get({ fanId, creatorId }).go({ consistent: true })).data;
const membersOf = async (creatorId: string) =>
  (await db.entities.fanclub.get({ creatorId }).go({ consistent: true })).data?.members;
/** The member's notices as stored (the list hides ones dated in a past year by their TTL). */
const noticeKinds = async (m: Member) =>
  (await db.entities.notice.query.byProfile({ profileId: m.profileId }).go({ pages: 'all' })).data.map(
    (n) => n.kind,
  );
const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
};

const joinBody = (creatorId: string, over: Record<string, unknown> = {}) => ({
  creator_id: creatorId,
  price: 300,
  use_original_points: false,
  agree_terms: true,
  key: randomUUID(),
  ...over,
});

describe('POST /fanclub/join', () => {
  let c: Member;
  beforeAll(async () => {
    c = await creator();
    await putFanclub(c.profileId, { price: 300, name: '桜の会' });
  });

  it('joins once per key, pays the creator at the subscription rate and tells both sides', async () => {
    const f = await fan();
    await give(f.profileId, 500);
    const body = joinBody(c.profileId);
    const [a, b] = await Promise.all([
      api('/fanclub/join', { token: f.token, body }),
      api('/fanclub/join', { token: f.token, body }),
    ]);
    const again = await api('/fanclub/join', { token: f.token, body });
    for (const r of [a, b, again]) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const view = joinResponse.parse(again.body);
    expect(view.replayed).toBe(true);
    expect(view.membership).toMatchObject({ status: 'active', auto_renew: true, price: 300, months_paid: 1 });
    expect(view.membership.creator.username).toBe(c.username);
    expect(await mushrooms(f.profileId)).toBe(200);
    expect(await membersOf(c.profileId)).toBe(1);
    const { data: incomes } = await db.entities.incomeRow.query.byCreator({ creatorId: c.profileId }).go();
    expect(incomes.find((r) => r.buyerId === f.profileId)).toMatchObject({
      paymentType: 3,
      revenue: 300,
      income: 270,
    });
    const event = await db.entities.fanclubEvent.get({ eventId: `${f.profileId}#${c.profileId}#1` }).go();
    expect(event.data).toMatchObject({ kind: 'join', first: true, points: 300 });
    await drainStreams();
    expect(await noticeKinds(f)).toContain('fanclub_joined');
    expect(await noticeKinds(c)).toContain('fanclub_member_joined');
    // A member joins no second time.
    const twice = await api('/fanclub/join', { token: f.token, body: joinBody(c.profileId) });
    expect([twice.status, twice.body.code]).toEqual([409, 'fanclub_already_member']);
  });

  it('lets one of several racing joins with different keys charge', async () => {
    const f = await fan();
    await give(f.profileId, 1500);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => api('/fanclub/join', { token: f.token, body: joinBody(c.profileId) })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200))
      expect(r.body.code).toBe('fanclub_already_member');
    expect(await mushrooms(f.profileId)).toBe(1200);
  });

  it('refuses a changed price, a closed club, a short balance, no club and creator accounts, writing nothing', async () => {
    const f = await fan();
    await give(f.profileId, 100);
    const cases: [Member, Record<string, unknown>, number, string][] = [
      [f, { price: 200 }, 409, 'fanclub_price_changed'],
      [f, {}, 409, 'insufficient_points'],
      [c, {}, 403, 'creator_purchase'],
    ];
    for (const [who, over, status, code] of cases) {
      const r = await api('/fanclub/join', { token: who.token, body: joinBody(c.profileId, over) });
      expect([r.status, r.body.code]).toEqual([status, code]);
    }
    const other = await creator();
    const none = await api('/fanclub/join', { token: f.token, body: joinBody(other.profileId) });
    expect([none.status, none.body.code]).toEqual([404, 'fanclub_not_found']);
    await putFanclub(other.profileId, { price: 300, isOpen: false });
    await give(f.profileId, 300);
    const closed = await api('/fanclub/join', { token: f.token, body: joinBody(other.profileId) });
    expect([closed.status, closed.body.code]).toEqual([409, 'fanclub_closed']);
    const bad = await api('/fanclub/join', {
      token: f.token,
      body: { ...joinBody(c.profileId), agree_terms: false },
    });
    expect(bad.status).toBe(422);
    expect(await mushrooms(f.profileId)).toBe(400);
    expect(await membershipOf(f.profileId, c.profileId)).toBeNull();
  });
});

describe('the daily renewal job', () => {
  // A fan club of its own for each case (their counts and notices stay apart).
  let c: Member;
  let creatorId: string;
  beforeEach(async () => {
    c = await creator();
    creatorId = c.profileId;
    ours.add(creatorId);
    await putFanclub(creatorId, { price: 400, name: '月の会' });
  });

  it('renews on the join day (the month-end clamp) once, however often it runs that day', async () => {
    const clock = manualClock(jst('2021-01-31', '12:00'));
    const deps = fanclubTestDeps(clock);
    const f = await profileOf(await fan());
    await joinAs(deps, f, creatorId, 400, 800);
    expect((await membershipOf(f.profileId, creatorId))?.renewsOn).toBe('2021-02-28');
    clock.set(jst('2021-02-27'));
    await renewDueMemberships(deps, mine);
    expect(await mushrooms(f.profileId)).toBe(800);
    clock.set(jst('2021-02-28'));
    await Promise.all([renewDueMemberships(deps, mine), renewDueMemberships(deps, mine)]);
    await renewDueMemberships(deps, mine);
    expect(await mushrooms(f.profileId)).toBe(400);
    const m = await membershipOf(f.profileId, creatorId);
    expect(m).toMatchObject({ status: 'active', renewsOn: '2021-03-31', monthsPaid: 2, failures: 0 });
    expect(m?.months).toEqual(['2021-01', '2021-02', '2021-03']);
  });

  it('retries a short balance daily with a notice each time, then ends the membership', async () => {
    const clock = manualClock(jst('2022-03-10', '09:00'));
    const deps = fanclubTestDeps(clock);
    const member = await fan();
    const f = await profileOf(member);
    await joinAs(deps, f, creatorId, 400);
    for (const [day, status, failures] of [
      ['2022-04-10', 'past_due', 1],
      ['2022-04-11', 'past_due', 2],
      ['2022-04-12', 'past_due', 3],
      ['2022-04-13', 'ended', 0],
    ] as const) {
      clock.set(jst(day));
      await renewDueMemberships(deps, mine);
      await renewDueMemberships(deps, mine);
      expect(await membershipOf(f.profileId, creatorId), day).toMatchObject({ status, failures });
    }
    expect(await membersOf(creatorId)).toBe(0);
    await drainStreams();
    const kinds = await noticeKinds(member);
    expect(kinds.filter((k) => k === 'fanclub_renewal_failed')).toHaveLength(3);
    expect(kinds.filter((k) => k === 'fanclub_ended')).toHaveLength(1);
    expect((await noticeKinds(c)).filter((k) => k === 'fanclub_member_ended')).toHaveLength(1);
  });

  it('renews on a retry day once the points are there, keeping the renewal day', async () => {
    const clock = manualClock(jst('2023-05-20', '20:00'));
    const deps = fanclubTestDeps(clock);
    const f = await profileOf(await fan());
    await joinAs(deps, f, creatorId, 400);
    clock.set(jst('2023-06-20'));
    await renewDueMemberships(deps, mine);
    expect((await membershipOf(f.profileId, creatorId))?.status).toBe('past_due');
    await give(f.profileId, 400);
    clock.set(jst('2023-06-21'));
    await renewDueMemberships(deps, mine);
    expect(await membershipOf(f.profileId, creatorId)).toMatchObject({
      status: 'active',
      renewsOn: '2023-07-20',
      failures: 0,
    });
    expect(await mushrooms(f.profileId)).toBe(0);
  });

  it('stops auto-renewal until 24 hours before the renewal, then ends without a charge', async () => {
    const clock = manualClock(jst('2024-01-15', '12:00'));
    const deps = fanclubTestDeps(clock);
    const f = await profileOf(await fan());
    await joinAs(deps, f, creatorId, 400, 400);
    clock.set(jst('2024-02-14', '00:00'));
    expect(await codeOf(setAutoRenew(deps, f, creatorId, false))).toBe('fanclub_auto_renew_locked');
    clock.set(jst('2024-02-13', '23:59'));
    const stopped = await setAutoRenew(deps, f, creatorId, false);
    expect(stopped.membership).toMatchObject({ auto_renew: false, renews_on: null });
    expect((await setAutoRenew(deps, f, creatorId, true)).membership.auto_renew).toBe(true);
    await setAutoRenew(deps, f, creatorId, false);
    clock.set(jst('2024-02-15'));
    await renewDueMemberships(deps, mine);
    expect((await membershipOf(f.profileId, creatorId))?.status).toBe('active');
    clock.set(jst('2024-02-16'));
    await renewDueMemberships(deps, mine);
    expect((await membershipOf(f.profileId, creatorId))?.status).toBe('ended');
    expect(await mushrooms(f.profileId)).toBe(400);
    expect(await codeOf(setAutoRenew(deps, f, creatorId, true))).toBe('fanclub_not_member');
  });
});

describe('back-number passes', () => {
  it('sells a lapsed member a past month once, which then opens its posts', async () => {
    const c = await creator();
    const creatorId = c.profileId;
    await putFanclub(creatorId, { price: 300 });
    const post = await putPost(creatorId, { publishedAt: jst('2025-01-10', '12:00').toISOString() });
    const clock = manualClock(jst('2025-01-05', '12:00'));
    const deps = fanclubTestDeps(clock);
    const f = await profileOf(await fan());
    await joinAs(deps, f, creatorId, 300, 900);
    const pass = (month: string, key = randomUUID()) =>
      buyPass(deps, f, { creatorId, month, price: 300, useOriginal: false, key });
    // In February a member still sees January: no pass for it.
    clock.set(jst('2025-02-03', '12:00'));
    expect(await codeOf(pass('2025-01'))).toBe('backnumber_covered');
    await setAutoRenew(deps, f, creatorId, false);
    clock.set(jst('2025-03-01', '12:00'));
    const viewer = await loadViewer(db, f, creatorId);
    // Joining now opens March on; January only with a pass (re-view is off).
    expect(lockOf(post, viewer, clock.now())).toEqual({ join: false, pass: true });
    const key = randomUUID();
    const bought = await pass('2025-01', key);
    expect(bought.pass).toMatchObject({ month: '2025-01', points: 300 });
    expect((await pass('2025-01', key)).replayed).toBe(true);
    expect(await codeOf(pass('2025-01'))).toBe('backnumber_owned');
    expect(await codeOf(pass('2025-03'))).toBe('backnumber_not_past');
    expect(await codeOf(pass('2024-12'))).toBe('backnumber_empty');
    expect(
      await codeOf(
        buyPass(deps, f, { creatorId, month: '2025-02', price: 200, useOriginal: false, key: randomUUID() }),
      ),
    ).toBe('backnumber_empty');
    // The join and one pass: 1,200 − 300 − 300.
    expect(await mushrooms(f.profileId)).toBe(600);
    expect(lockOf(post, await loadViewer(db, f, creatorId), clock.now())).toBeNull();
    const stranger = await profileOf(await fan());
    await give(stranger.profileId, 300);
    expect(
      await codeOf(
        buyPass(deps, stranger, {
          creatorId,
          month: '2025-01',
          price: 300,
          useOriginal: false,
          key: randomUUID(),
        }),
      ),
    ).toBe('backnumber_not_member');
    const byCreator = await api('/fanclub/backnumber', {
      token: c.token,
      body: { creator_id: creatorId, month: '2025-01', price: 300, agree_terms: true, key: randomUUID() },
    });
    expect([byCreator.status, byCreator.body.code]).toEqual([403, 'creator_purchase']);
  });
});

describe('leaving the product', () => {
  it("takes the fan's memberships and passes with the account, and out of the fan clubs' counts", async () => {
    const c = await creator();
    await putFanclub(c.profileId, { price: 300 });
    const member = await fan();
    const f = await profileOf(member);
    await joinAs(fanclubTestDeps(manualClock()), f, c.profileId, 300);
    expect(await membersOf(c.profileId)).toBe(1);
    const left = await api('/auth/leave', { method: 'POST', body: {}, token: member.token });
    expect(left.status).toBe(200);
    expect(await membersOf(c.profileId)).toBe(0);
    expect(await membershipOf(f.profileId, c.profileId)).toBeNull();
  });
});
