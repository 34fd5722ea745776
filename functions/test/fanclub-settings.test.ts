/**
 * The creator's fan club settings and member list (issue 14): the first save creates the fan club,
 * later saves patch the form's fields and never `members` (the join and end transactions own it),
 * every validation rule with its own message, who may read and write it, and the member list's
 * order (current members, then ended ones), paging, counts and cursors.
 */
import { randomUUID } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProfileItem } from '../src/lib/auth.ts';
import { countCurrent } from '../src/services/fanclub/members.ts';
import { creator, fan, type Member } from './helpers/chat.ts';
import { api, issuePaths, manualClock, testDb } from './helpers/cloud.ts';
import { fanclubTestDeps, joinAs } from './helpers/fanclub.ts';

const db = testDb();
const F = businessConfig.fanclub;

const form = (more: Record<string, unknown> = {}) => ({
  name: 'さくらの部屋',
  description: '毎週の写真と日記です。',
  benefits: '限定写真\n月1回の配信',
  price: 500,
  is_open: true,
  ...more,
});
const save = (m: Member, body: unknown) => api('/fanclub/setting', { token: m.token, body });
const read = (m: Member) => api('/fanclub/setting', { token: m.token });

/** A stored membership of `fanId` in `creatorId`'s fan club, as the membership core writes it. */
async function putMember(
  creatorId: string,
  fanId: string,
  opts: {
    joinedAt: string;
    status?: 'active' | 'past_due' | 'ended';
    autoRenew?: boolean;
    monthsPaid?: number;
  },
) {
  const status = opts.status ?? 'active';
  await db.entities.membership
    .create({
      fanId,
      creatorId,
      status: status === 'ended' ? 'active' : status,
      anchorDay: 15,
      renewsOn: '2099-01-15',
      accessUntil: '2099-01-15T14:59:59.999Z',
      autoRenew: opts.autoRenew ?? status !== 'ended',
      months: ['2098-12', '2099-01'],
      earlierMonths: [],
      stint: 1,
      monthsPaid: opts.monthsPaid ?? 2,
      failures: status === 'past_due' ? 1 : 0,
      price: 500,
      useOriginal: false,
      listPart: 'a',
      joinedAt: opts.joinedAt,
      firstJoinedAt: opts.joinedAt,
      dueOn: '2099-01-15',
      dueShard: '0',
      version: 1,
      updatedAt: opts.joinedAt,
    })
    .go();
  // An ended one leaves the renewal index (as the end transaction does).
  if (status === 'ended')
    await db.entities.membership
      .patch({ fanId, creatorId })
      .set({ status, listPart: 'z', joinedAt: opts.joinedAt, version: 2 })
      .composite({ dueShard: '0' })
      .remove(['dueOn'])
      .go();
}

describe('the fan club settings', () => {
  it('is null until saved; the first save creates it with no members, a later one edits it', async () => {
    const c = await creator();
    expect((await read(c)).body).toEqual({ fanclub: null });
    const first = await save(c, form());
    expect(first.status).toBe(200);
    expect(first.body.fanclub).toMatchObject({ ...form(), members: 0 });
    const createdAt = first.body.fanclub.created_at;
    expect(createdAt).toBe(first.body.fanclub.updated_at);

    const edit = await save(
      c,
      form({ name: '  さくらの部屋 2  ', price: 1200, is_open: false, description: '' }),
    );
    expect(edit.status).toBe(200);
    expect(edit.body.fanclub).toMatchObject({
      name: 'さくらの部屋 2',
      price: 1200,
      is_open: false,
      description: '',
      benefits: '限定写真\n月1回の配信',
      created_at: createdAt,
    });
    expect((await read(c)).body).toEqual(edit.body);
    const stored = (await db.entities.fanclub.get({ creatorId: c.profileId }).go({ consistent: true })).data;
    expect(stored).toMatchObject({
      name: 'さくらの部屋 2',
      price: 1200,
      isOpen: false,
      members: 0,
      createdAt,
    });
  });

  it('a save never resets the member count the memberships keep', async () => {
    const c = await creator();
    await save(c, form());
    // As a join transaction would: the counter moves beside the settings.
    await db.entities.fanclub.patch({ creatorId: c.profileId }).add({ members: 7 }).go();
    const edit = await save(c, form({ price: 800 }));
    expect(edit.body.fanclub).toMatchObject({ price: 800, members: 7 });
    const stored = (await db.entities.fanclub.get({ creatorId: c.profileId }).go({ consistent: true })).data;
    expect(stored?.members).toBe(7);
  });

  it('refuses each invalid field with its own message, and writes nothing', async () => {
    const c = await creator();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: '' }, { name: 'validation.fanclubName' }],
      [{ name: '   ' }, { name: 'validation.fanclubName' }],
      [{ name: 'あ'.repeat(F.nameMax + 1) }, { name: 'validation.fanclubName' }],
      [{ name: 'a\nb' }, { name: 'validation.textCharacters' }],
      [{ description: 'あ'.repeat(F.descriptionMax + 1) }, { description: 'validation.fanclubDescription' }],
      [{ benefits: 'あ'.repeat(F.benefitsMax + 1) }, { benefits: 'validation.fanclubBenefits' }],
      [{ price: F.priceMin - 1 }, { price: 'validation.fanclubPrice' }],
      [{ price: F.priceMax + 1 }, { price: 'validation.fanclubPrice' }],
      [{ price: 500.5 }, { price: 'validation.fanclubPrice' }],
      [{ price: '500' }, { price: 'validation.fanclubPrice' }],
      [{ is_open: 'yes' }, { is_open: 'validation.required' }],
    ];
    for (const [change, issues] of cases) {
      const res = await save(c, form(change));
      expect(res.status, JSON.stringify(change).slice(0, 60)).toBe(422);
      expect(issuePaths(res.body)).toEqual(issues);
    }
    expect((await read(c)).body).toEqual({ fanclub: null });
    // The bounds themselves are accepted.
    expect((await save(c, form({ price: F.priceMin, name: 'あ'.repeat(F.nameMax) }))).status).toBe(200);
    expect((await save(c, form({ price: F.priceMax }))).status).toBe(200);
    const missing = await save(c, {});
    expect(missing.status).toBe(422);
    expect(Object.keys(issuePaths(missing.body)).sort()).toEqual([
      'benefits',
      'description',
      'is_open',
      'name',
      'price',
    ]);
  });

  it('a fan, a shop owner and a guest can neither read nor write it', async () => {
    const [f, owner] = await Promise.all([fan(), creator({ roleId: 1 })]);
    for (const m of [f, owner]) {
      const r = await read(m);
      expect([r.status, r.body.code]).toEqual([403, 'forbidden']);
      const w = await save(m, form());
      expect([w.status, w.body.code]).toEqual([403, 'forbidden']);
      expect((await db.entities.fanclub.get({ creatorId: m.profileId }).go()).data).toBeNull();
    }
    expect((await api('/fanclub/setting')).status).toBe(401);
    expect((await api('/fanclub/setting', { body: form() })).status).toBe(401);
  });

  it('a join through the membership core counts; a save after it keeps the count, the list shows the fan', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await save(c, form({ price: 500 }));
    const profile = (await db.entities.profile.get({ profileId: f.profileId }).go()).data as ProfileItem;
    const joined = await joinAs(fanclubTestDeps(manualClock()), profile, c.profileId, 500);
    const edit = await save(c, form({ price: 900, description: '値上げしました' }));
    expect(edit.body.fanclub).toMatchObject({ price: 900, members: 1 });
    const list = await api(`/fanclub/members/${c.profileId}`, { token: c.token });
    expect(list.body.members).toEqual([
      {
        fan: { id: f.profileId, nickname: 'きのこ太郎', avatar_url: null },
        status: 'active',
        joined_at: joined.membership.joined_at,
        renews_on: joined.membership.renews_on,
        auto_renew: true,
        months_paid: 1,
      },
    ]);
    expect(list.body.counts).toEqual({ members: 1, auto_renew_off: 0, past_due: 0, complete: true });
  });

  it("a creator's save touches only their own fan club", async () => {
    const [a, b] = await Promise.all([creator(), creator()]);
    await save(a, form({ name: 'Aの部屋' }));
    await save(b, form({ name: 'Bの部屋', creator_id: a.profileId, creatorId: a.profileId }));
    expect((await read(a)).body.fanclub.name).toBe('Aの部屋');
    expect((await read(b)).body.fanclub.name).toBe('Bの部屋');
  });
});

describe('the member list', () => {
  let c: Member;
  let real: Member;
  const CURRENT = F.memberPageSize + 5;
  const ENDED = 3;
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();

  beforeAll(async () => {
    [c, real] = await Promise.all([creator(), fan()]);
    await save(c, form());
    await db.entities.fanclub.patch({ creatorId: c.profileId }).set({ members: CURRENT }).go();
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < CURRENT - 1; i++)
      writes.push(
        putMember(c.profileId, `fan-${randomUUID()}`, {
          joinedAt: at(i),
          ...(i % 5 === 0 ? { autoRenew: false } : {}),
          ...(i % 7 === 0 ? { status: 'past_due' as const } : {}),
        }),
      );
    for (let i = 0; i < ENDED; i++)
      writes.push(putMember(c.profileId, `fan-${randomUUID()}`, { joinedAt: at(100 + i), status: 'ended' }));
    // The newest current member is a real fan (nickname shown).
    writes.push(putMember(c.profileId, real.profileId, { joinedAt: at(99), monthsPaid: 4 }));
    await Promise.all(writes);
  });

  const list = (m: Member, id: string, cursor?: string) =>
    api(`/fanclub/members/${id}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { token: m.token });

  it('lists current members newest first, then the ended ones, a page at a time, with counts', async () => {
    const first = await list(c, c.profileId);
    expect(first.status).toBe(200);
    const rows = first.body.members;
    expect(rows).toHaveLength(F.memberPageSize);
    expect(rows[0]).toEqual({
      fan: { id: real.profileId, nickname: 'きのこ太郎', avatar_url: null },
      status: 'active',
      joined_at: at(99),
      renews_on: '2099-01-15',
      auto_renew: true,
      months_paid: 4,
    });
    const offs = Array.from({ length: CURRENT - 1 }, (_, i) => i).filter((i) => i % 5 === 0).length;
    const pastDue = Array.from({ length: CURRENT - 1 }, (_, i) => i).filter((i) => i % 7 === 0).length;
    expect(first.body.counts).toEqual({
      members: CURRENT,
      auto_renew_off: offs,
      past_due: pastDue,
      complete: true,
    });

    const second = await list(c, c.profileId, first.body.next_cursor);
    expect(second.status).toBe(200);
    // The counts come with every page (carried by the cursor, not counted again).
    expect(second.body.counts).toEqual(first.body.counts);
    const all = [...rows, ...second.body.members];
    let cursor = second.body.next_cursor;
    while (cursor) {
      const more = await list(c, c.profileId, cursor);
      all.push(...more.body.members);
      cursor = more.body.next_cursor;
    }
    expect(all).toHaveLength(CURRENT + ENDED);
    expect(new Set(all.map((r: { fan: { id: string } }) => r.fan.id)).size).toBe(CURRENT + ENDED);
    const statuses = all.map((r: { status: string }) => r.status);
    expect(statuses.slice(0, CURRENT).every((s: string) => s !== 'ended')).toBe(true);
    expect(statuses.slice(CURRENT)).toEqual(['ended', 'ended', 'ended']);
    // Ended ones: newest join first, no next charge.
    expect(all.slice(CURRENT).map((r: { joined_at: string }) => r.joined_at)).toEqual([
      at(102),
      at(101),
      at(100),
    ]);
    expect(
      all
        .slice(CURRENT)
        .every((r: { renews_on: null; auto_renew: boolean }) => !r.renews_on && !r.auto_renew),
    ).toBe(true);
    const current = all.slice(0, CURRENT).map((r: { joined_at: string }) => r.joined_at);
    expect(current).toEqual([...current].sort().reverse());
    const off = all.find(
      (r: { auto_renew: boolean; status: string }) => !r.auto_renew && r.status === 'active',
    );
    expect(off?.renews_on).toBeNull();
  });

  it("refuses another creator's id, a fan, and forged or stolen cursors", async () => {
    const [other, f] = await Promise.all([creator(), fan()]);
    const theirs = await list(other, c.profileId);
    expect([theirs.status, theirs.body.code]).toEqual([403, 'forbidden']);
    const asFan = await list(f, f.profileId);
    expect([asFan.status, asFan.body.code]).toEqual([403, 'forbidden']);
    const mine = (await list(c, c.profileId)).body.next_cursor as string;
    const stolen = await list(other, other.profileId, mine);
    expect([stolen.status, stolen.body.code]).toEqual([400, 'cursor_invalid']);
    for (const forged of [
      'a.0.0.1.',
      'abc',
      `${mine}x`,
      mine.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAAAAAAAA'),
    ]) {
      const res = await list(c, c.profileId, forged);
      expect([res.status, res.body.code], forged.slice(0, 30)).toEqual([400, 'cursor_invalid']);
    }
    // The other creator's own list is empty, with a fan club or without.
    const empty = await list(other, other.profileId);
    expect(empty.body).toEqual({
      members: [],
      counts: { members: 0, auto_renew_off: 0, past_due: 0, complete: true },
      next_cursor: null,
    });
  });

  it('the counts read at most their bound, and say so when members were left out', async () => {
    const all = await countCurrent({ db }, c.profileId);
    expect(all.complete).toBe(true);
    const bounded = await countCurrent({ db }, c.profileId, 10);
    expect(bounded.complete).toBe(false);
    // The ten oldest current joins (i = 0…9): i % 5 === 0 → 0, 5; i % 7 === 0 → 0, 7.
    expect(bounded).toEqual({ autoRenewOff: 2, pastDue: 2, complete: false });
  });
});
