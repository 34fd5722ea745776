/** The operators' audit log (issue 17): GET /admin/audit, its filters and its paging across months. */
import { ADMIN_PAGE_SIZE } from '@app/shared/schemas/admin';
import { beforeAll, describe, expect, test } from 'vitest';
import { auditItem } from '../src/services/admin/audit.ts';
import { type AdminSession, signInAdmin } from './helpers/admin.ts';
import { api, issuePaths, testDb } from './helpers/cloud.ts';

let admin: AdminSession;
let other: AdminSession;
const target = `audit-test-${Date.now().toString(36)}`;

/** Entries in the past (JST months 2019-11 and 2020-01, none in 2019-12), newest last. */
const NOVEMBER = 30;
const JANUARY = 30;
const at = (iso: string, i: number) => new Date(Date.parse(iso) + i * 60_000);

beforeAll(async () => {
  [admin, other] = await Promise.all([signInAdmin('監査 いちろう'), signInAdmin('監査 じろう')]);
  const write = (when: Date, i: number, actor: AdminSession, action: 'points.grant' | 'news.create') =>
    testDb()
      .entities.audit.create(
        auditItem(when, {
          actor: { profileId: actor.profile_id, nickname: 'x', email: actor.email },
          action,
          targetType: action === 'points.grant' ? 'movement' : 'news',
          targetId: `${target}-${i % 2}`,
          before: null,
          after: { n: i },
          key: `t${i}`,
        }),
      )
      .go();
  for (let i = 0; i < NOVEMBER; i += 1)
    await write(at('2019-11-10T00:00:00Z', i), i, i % 3 === 0 ? other : admin, 'points.grant');
  for (let i = 0; i < JANUARY; i += 1)
    await write(at('2020-01-10T00:00:00Z', i), NOVEMBER + i, admin, i % 2 ? 'news.create' : 'points.grant');
  // 2019-11-30 16:00 UTC is 2019-12-01 01:00 JST: outside a range that ends on 2019-11-30.
  await write(new Date('2019-11-30T16:00:00Z'), 99, admin, 'points.grant');
});

const get = (query: string, token = admin.access_token) => api(`/admin/audit?${query}`, { token });
type Entry = {
  id: string;
  at: string;
  action: string;
  actor_id: string;
  target_id: string;
  after: { n: number };
};

describe('GET /admin/audit', () => {
  test('pages newest first across months, skipping an empty one', async () => {
    const first = await get('from=2019-11-01&to=2020-01-31');
    expect(first.status).toBe(200);
    const page1 = first.body.entries as Entry[];
    expect(page1).toHaveLength(ADMIN_PAGE_SIZE);
    // January's 30 (newest first), the December one, then November's newest.
    expect(page1.slice(0, 3).map((e) => e.after.n)).toEqual([59, 58, 57]);
    expect(page1[JANUARY]?.after.n).toBe(99);
    expect(page1[JANUARY + 1]?.after.n).toBe(29);
    const second = await get(
      `from=2019-11-01&to=2020-01-31&cursor=${encodeURIComponent(first.body.next_cursor)}`,
    );
    expect(second.status).toBe(200);
    const page2 = second.body.entries as Entry[];
    expect(page2).toHaveLength(NOVEMBER + JANUARY + 1 - ADMIN_PAGE_SIZE);
    expect(second.body.next_cursor).toBeNull();
    const all = [...page1, ...page2];
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort().reverse());
  });

  test('the date range is JST days', async () => {
    const november = (await get('from=2019-11-01&to=2019-11-30')).body.entries as Entry[];
    expect(november).toHaveLength(NOVEMBER);
    expect(november.map((e) => e.after.n)).not.toContain(99);
    const december = (await get('from=2019-12-01&to=2019-12-31')).body.entries as Entry[];
    expect(december.map((e) => e.after.n)).toEqual([99]);
  });

  test('filters by action, actor and target', async () => {
    const range = 'from=2019-11-01&to=2020-01-31';
    const news = (await get(`${range}&action=news.create`)).body.entries as Entry[];
    expect(news).toHaveLength(JANUARY / 2);
    expect(news.every((e) => e.action === 'news.create')).toBe(true);
    const byOther = (await get(`${range}&actor_id=${other.profile_id}`)).body.entries as Entry[];
    expect(byOther).toHaveLength(NOVEMBER / 3);
    expect(byOther.every((e) => e.actor_id === other.profile_id)).toBe(true);
    const byTarget = (await get(`${range}&target_id=${target}-1`)).body.entries as Entry[];
    expect(byTarget.every((e) => e.target_id === `${target}-1`)).toBe(true);
    expect(byTarget).toHaveLength((NOVEMBER + JANUARY) / 2 + 1);
    const both = (await get(`${range}&actor_id=${other.profile_id}&target_id=${target}-1`)).body
      .entries as Entry[];
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((e) => e.actor_id === other.profile_id && e.target_id === `${target}-1`)).toBe(true);
    const targetAndAction = (await get(`${range}&target_id=${target}-1&action=news.create`)).body
      .entries as Entry[];
    expect(targetAndAction).toHaveLength(JANUARY / 2);
    // The default range is the last 7 days: the operator's creation and enrolment are there, these
    // are not.
    const recent = (await get(`target_id=${admin.profile_id}`)).body.entries as Entry[];
    expect(recent.map((e) => e.action)).toEqual(['admin.enrol', 'admin.create']);
    expect(((await get(`target_id=${target}-1`)).body.entries as Entry[]).length).toBe(0);
  });

  test('pages a filtered list too', async () => {
    const query = `from=2019-11-01&to=2020-01-31&actor_id=${admin.profile_id}`;
    const first = await get(query);
    expect(first.body.entries).toHaveLength(ADMIN_PAGE_SIZE);
    const second = await get(`${query}&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body.entries.length + ADMIN_PAGE_SIZE).toBe(NOVEMBER - NOVEMBER / 3 + JANUARY + 1);
    expect(second.body.next_cursor).toBeNull();
  });

  test('refuses bad filters and forged or foreign cursors', async () => {
    expect(issuePaths((await get('from=2019-13-01')).body)).toEqual({ from: 'validation.date' });
    expect((await get('action=nope')).status).toBe(422);
    expect((await get('actor_id=a%2Fb')).status).toBe(422);
    const reversed = await get('from=2020-01-02&to=2020-01-01');
    expect(reversed.status).toBe(422);
    expect(issuePaths(reversed.body)).toEqual({ to: 'validation.dateRange' });

    const forged = await get('cursor=eyJ5bSI6IjIwMjAtMDEiLCJjIjpudWxsfQ');
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('cursor_invalid');
    const first = await get('from=2019-11-01&to=2020-01-31');
    const cursor = encodeURIComponent(first.body.next_cursor);
    // Another operator's cursor, or the cursor of other filters: refused.
    expect((await get(`from=2019-11-01&to=2020-01-31&cursor=${cursor}`, other.access_token)).status).toBe(
      400,
    );
    const otherFilters = await get(`from=2019-11-01&to=2020-01-31&action=news.create&cursor=${cursor}`);
    expect(otherFilters.status).toBe(400);
    expect(otherFilters.body.code).toBe('cursor_invalid');
  });
});
