/**
 * Issue 14 (the card and the fan's memberships): `GET /fanclub/card/{id}` for a guest, a fan, a
 * member, the owner and another creator (what a join opens with and without re-view, the back
 * numbers' states, the join refusal, the wallet), and `GET /fanclub/memberships/{id}` (current
 * first, passes newest first; another fan's id, a creator and a guest refused). The fan club, its
 * months, memberships and passes are written straight into the table, as the services write them.
 */

import { randomUUID } from 'node:crypto';
import { ended, joined, type MembershipState, nextMonth } from '@app/shared/fanclub';
import { fanclubCardResponse, myMembershipsResponse } from '@app/shared/schemas/fanclub';
import { jstMonth } from '@app/shared/time';
import { describe, expect, it } from 'vitest';
import { buyPass } from '../src/services/fanclub/passes.ts';
import { membershipFieldsOf } from '../src/services/fanclub/views.ts';
import { creator, fan, give, type Member } from './helpers/chat.ts';
import { api, manualClock, testDb } from './helpers/cloud.ts';
import { fanclubTestDeps, joinAs } from './helpers/fanclub.ts';
import { profileOf, publicCreator } from './helpers/social.ts';

const db = testDb();
const DAY = 86_400_000;

/** The month before a YYYY-MM. */
function prevMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

const now = new Date();
const M0 = jstMonth(now);
const M1 = prevMonth(M0);
const M2 = prevMonth(M1);
const M3 = prevMonth(M2);

async function putFanclub(creatorId: string, over: { isOpen?: boolean; members?: number } = {}) {
  const at = new Date().toISOString();
  await db.entities.fanclub
    .put({
      creatorId,
      name: 'きのこ倶楽部',
      description: '毎月の写真',
      benefits: '限定写真',
      price: 500,
      isOpen: over.isOpen ?? true,
      members: over.members ?? 3,
      createdAt: at,
      updatedAt: at,
    })
    .go();
}

async function putMonths(creatorId: string, counts: Record<string, number>) {
  await Promise.all(
    Object.entries(counts).map(([month, posts]) =>
      db.entities.postMonth.put({ creatorId, month, posts }).go(),
    ),
  );
}

async function putMembership(fanId: string, creatorId: string, state: MembershipState, joinedAt: Date) {
  await db.entities.membership
    .put({
      fanId,
      creatorId,
      ...membershipFieldsOf(state),
      // Ended: out of the renewal index (its condition skips an empty date).
      ...(state.status === 'ended' ? { dueOn: '' } : {}),
      price: 500,
      useOriginal: false,
      joinedAt: joinedAt.toISOString(),
      firstJoinedAt: joinedAt.toISOString(),
      dueShard: '0',
      version: 1,
      updatedAt: joinedAt.toISOString(),
    })
    .go();
}

async function putPass(fanId: string, creatorId: string, month: string, createdAt: Date) {
  await db.entities.backNumberPass
    .put({ fanId, creatorId, month, points: 500, txId: `tx-${month}`, createdAt: createdAt.toISOString() })
    .go();
}

async function allowReView(creatorId: string) {
  await db.entities.businessSettings
    .put({
      profileId: creatorId,
      allowBackNumberReview: true,
      costPending: false,
      chatCostNextFrom: '2026-01-01',
      version: 1,
      updatedAt: new Date().toISOString(),
    })
    .go();
}

async function card(id: string, m?: Member) {
  const r = await api(`/fanclub/card/${id}`, m ? { token: m.token } : {});
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return fanclubCardResponse.parse(r.body);
}

const states = (c: Awaited<ReturnType<typeof card>>) =>
  Object.fromEntries((c.fanclub?.back_numbers ?? []).map((b) => [b.month, b.state]));

/** A creator with a fan club and members-only posts in this month and the three before. */
async function creatorWithFanclub() {
  const c = await publicCreator();
  await putFanclub(c.profileId);
  await putMonths(c.profileId, { [M0]: 2, [M1]: 3, [M2]: 1, [M3]: 4 });
  return c;
}

// Each case signs up creators and fans through the API: slow on a loaded machine.
describe('the fan club card', { timeout: 90_000 }, () => {
  it('a creator without a fan club: the empty card, for a guest and a fan', async () => {
    const c = await publicCreator();
    const guest = await card(c.username);
    expect(guest.fanclub).toBeNull();
    expect(guest.membership).toBeNull();
    expect(guest.join_refusal).toBeNull();
    expect(guest.wallet).toBeNull();
    expect(guest.creator).toMatchObject({ id: c.profileId, username: c.username });
    const f = await fan();
    expect((await card(c.profileId, f)).join_refusal).toBe('fanclub_not_found');
  });

  it('a guest: the settings, what a join opens (this period only), every back number locked', async () => {
    const c = await creatorWithFanclub();
    const r = await card(c.username);
    expect(r.fanclub).toMatchObject({ name: 'きのこ倶楽部', price: 500, is_open: true, members: 3 });
    // A join now pays this month (and the next when the period reaches it): only M0 has posts of those.
    expect(r.fanclub?.join_opens).toEqual([{ month: M0, posts: 2 }]);
    // Back numbers are the months before this one; this month's posts are what a join opens.
    expect(r.fanclub?.back_numbers.map((b) => b.month)).toEqual([M1, M2, M3]);
    expect(states(r)).toEqual({ [M1]: 'locked', [M2]: 'locked', [M3]: 'locked' });
    expect(r.join_refusal).toBeNull();
    expect(r.wallet).toBeNull();
  });

  it('a fan who never joined: may join, holds a wallet with this creator original points, no pass to buy', async () => {
    const c = await creatorWithFanclub();
    const f = await fan();
    await give(f.profileId, 700);
    await give(f.profileId, 120, 'original', c.profileId);
    const r = await card(c.username, f);
    expect(r.join_refusal).toBeNull();
    expect(r.membership).toBeNull();
    expect(r.wallet?.balance.mushroom).toBe(700);
    expect(r.wallet?.original_points).toBe(120);
    expect(Object.values(states(r))).toEqual(['locked', 'locked', 'locked']);
  });

  it('a member: the paid months open, earlier ones for a pass, a bought pass open; joining refused', async () => {
    const c = await creatorWithFanclub();
    const f = await fan();
    await putMembership(f.profileId, c.profileId, joined(null, now), now);
    await putPass(f.profileId, c.profileId, M2, now);
    const r = await card(c.profileId, f);
    expect(states(r)).toEqual({ [M1]: 'pass', [M2]: 'open', [M3]: 'pass' });
    expect(r.join_refusal).toBe('fanclub_already_member');
    expect(r.membership).toMatchObject({
      status: 'active',
      auto_renew: true,
      price: 500,
      fanclub_name: 'きのこ倶楽部',
      creator: { id: c.profileId },
    });
    expect(r.membership?.renews_on).toBe(joined(null, now).renewsOn);
    expect(r.membership?.stop_deadline).not.toBeNull();
  });

  it('a rejoining fan: the earlier months open again on joining only with re-view', async () => {
    const c = await creatorWithFanclub();
    const f = await fan();
    // A stint of some 45 days ago (it paid the month before this one), ended.
    const before = new Date(now.getTime() - 45 * DAY);
    const first = ended(joined(null, before));
    await putMembership(f.profileId, c.profileId, first, before);
    const without = await card(c.username, f);
    expect(without.join_refusal).toBeNull();
    expect(without.membership?.status).toBe('ended');
    expect(without.fanclub?.join_opens.map((o) => o.month)).toEqual([M0]);
    // A past member may buy passes of past months.
    expect(states(without)[M3]).toBe('pass');

    await allowReView(c.profileId);
    const withReView = await card(c.username, f);
    const expected = [M0, ...first.months.filter((m) => m !== M0 && [M1, M2, M3].includes(m))];
    expect(withReView.fanclub?.join_opens.map((o) => o.month)).toEqual(expected);
    expect(withReView.fanclub?.join_opens.length).toBeGreaterThan(1);
  });

  it('the owner sees every month open and may not join; another creator is told creators cannot buy', async () => {
    const c = await creatorWithFanclub();
    const mine = await card(c.username, c);
    expect(Object.values(states(mine))).toEqual(['open', 'open', 'open']);
    expect(mine.join_refusal).toBe('fanclub_own');
    expect(mine.wallet).toBeNull();
    const other = await creator();
    const theirs = await card(c.username, other);
    expect(theirs.join_refusal).toBe('creator_purchase');
    expect(Object.values(states(theirs))).toEqual(['locked', 'locked', 'locked']);
  });

  it('a join through the service: the card shows the membership and the member count', async () => {
    const c = await creatorWithFanclub();
    await db.entities.fanclub.patch({ creatorId: c.profileId }).set({ members: 0 }).go();
    const f = await fan();
    await joinAs(fanclubTestDeps(manualClock()), await profileOf(f), c.profileId);
    const r = await card(c.username, f);
    expect(r.fanclub?.members).toBe(1);
    expect(r.membership).toMatchObject({ status: 'active', auto_renew: true, months_paid: 1 });
    expect(r.join_refusal).toBe('fanclub_already_member');
    expect(states(r)[M1]).toBe('pass');
    expect(r.wallet?.balance.mushroom).toBe(0);
  });

  it('a closed fan club refuses new members on the card', async () => {
    const c = await publicCreator();
    await putFanclub(c.profileId, { isOpen: false });
    const f = await fan();
    const r = await card(c.username, f);
    expect(r.fanclub?.is_open).toBe(false);
    expect(r.join_refusal).toBe('fanclub_closed');
  });

  it('an unknown profile, a fan profile and an oversized or forged id are profile_not_found', async () => {
    const f = await fan();
    for (const id of ['nobody_here_xyz', f.profileId, 'x'.repeat(300), '..%2F..%2Fetc']) {
      const r = await api(`/fanclub/card/${id}`);
      expect(r.status, id).toBe(404);
      expect(r.body.code, id).toBe('profile_not_found');
    }
  });
});

describe("the fan's memberships", { timeout: 90_000 }, () => {
  it('current memberships first, then ended ones, with their creators; passes newest first', async () => {
    const [a, b] = await Promise.all([creatorWithFanclub(), creatorWithFanclub()]);
    const f = await fan();
    const old = new Date(now.getTime() - 80 * DAY);
    await putMembership(f.profileId, a.profileId, ended(joined(null, old)), old);
    await putMembership(f.profileId, b.profileId, joined(null, now), now);
    await putPass(f.profileId, a.profileId, M3, new Date(now.getTime() - 2 * DAY));
    await putPass(f.profileId, a.profileId, M2, new Date(now.getTime() - DAY));
    const r = await api(`/fanclub/memberships/${f.profileId}`, { token: f.token });
    expect(r.status).toBe(200);
    const body = myMembershipsResponse.parse(r.body);
    expect(body.memberships.map((m) => [m.creator.id, m.status])).toEqual([
      [b.profileId, 'active'],
      [a.profileId, 'ended'],
    ]);
    expect(body.memberships[0]).toMatchObject({ fanclub_name: 'きのこ倶楽部', price: 500, auto_renew: true });
    expect(body.memberships[0]?.creator.username).toBe(b.username);
    expect(body.memberships[1]).toMatchObject({ renews_on: null, auto_renew: false, stop_deadline: null });
    expect(body.passes.map((p) => [p.creator.id, p.month, p.points])).toEqual([
      [a.profileId, M2, 500],
      [a.profileId, M3, 500],
    ]);
  });

  it('a join and a pass through the services show in the list and on the card', async () => {
    const c = await creatorWithFanclub();
    const f = await fan();
    const deps = fanclubTestDeps(manualClock());
    const me = await profileOf(f);
    await joinAs(deps, me, c.profileId, 500, 500);
    await buyPass(deps, me, {
      creatorId: c.profileId,
      month: M1,
      price: 500,
      useOriginal: false,
      key: randomUUID(),
    });
    const r = await api(`/fanclub/memberships/${f.profileId}`, { token: f.token });
    const body = myMembershipsResponse.parse(r.body);
    expect(body.memberships.map((m) => [m.creator.id, m.status, m.price])).toEqual([
      [c.profileId, 'active', 500],
    ]);
    expect(body.passes.map((p) => [p.creator.id, p.month, p.points, p.fanclub_name])).toEqual([
      [c.profileId, M1, 500, 'きのこ倶楽部'],
    ]);
    expect(states(await card(c.username, f))[M1]).toBe('open');
  });

  it('none yet: empty lists', async () => {
    const f = await fan();
    const r = await api(`/fanclub/memberships/${f.profileId}`, { token: f.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ memberships: [], passes: [] });
  });

  it("another fan's id, a creator and a guest are refused", async () => {
    const [f, other] = await Promise.all([fan(), fan()]);
    const c = await creatorWithFanclub();
    await putMembership(other.profileId, c.profileId, joined(null, now), now);
    const theirs = await api(`/fanclub/memberships/${other.profileId}`, { token: f.token });
    expect(theirs.status).toBe(403);
    expect(JSON.stringify(theirs.body)).not.toContain(c.profileId);
    const byCreator = await api(`/fanclub/memberships/${c.profileId}`, { token: c.token });
    expect(byCreator.status).toBe(403);
    expect(byCreator.body.code).toBe('creator_purchase');
    const guest = await api(`/fanclub/memberships/${other.profileId}`);
    expect(guest.status).toBe(401);
    const forged = await api(`/fanclub/memberships/${'x'.repeat(300)}`, { token: f.token });
    expect([403, 404]).toContain(forged.status);
  });
});

// `nextMonth` keeps the month helpers honest against the rules' own.
it('prevMonth is the inverse of the rules nextMonth', () => {
  expect(nextMonth(prevMonth('2026-01'))).toBe('2026-01');
  expect(nextMonth(prevMonth('2026-11'))).toBe('2026-11');
});
