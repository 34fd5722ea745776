/**
 * The operators' console, organization reviews and item moderation (issue 17): the review queue,
 * approve (the owner's mail) and reject (a reason), one decision of concurrent operators; finding
 * items, their files through presigned URLs, deleting a thumbnail or a sample (the creator's
 * notice), putting an item under review (refused to minors, out of the rankings) and taking it
 * off; the audit entry of every action; every route refused to non-operators.
 */
import { businessConfig } from '@app/shared/config';
import {
  adminItemPage,
  adminItemResponse,
  adminOrganizationPage,
  adminOrganizationResponse,
} from '@app/shared/schemas/admin-review';
import { shopItemView } from '@app/shared/schemas/shop';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { timeId } from '../src/lib/crypto.ts';
import { s3MediaStore } from '../src/lib/media-store.ts';
import { removeSample, removeThumbnail } from '../src/services/admin/items.ts';
import { decideOrganization } from '../src/services/admin/organizations.ts';
import type { Mail } from '../src/services/mail.ts';
import { computeItemRankings } from '../src/services/shop/rankings.ts';
import { type AdminSession, operatorOf, signInAdmin, takeAuditId } from './helpers/admin.ts';
import { creator, fan, give, type Member } from './helpers/chat.ts';
import { api, issuePaths, mailsTo, manualClock, db as raw, tableName, testDb } from './helpers/cloud.ts';
import { application, apply, type Owner, owner, review } from './helpers/organizations.ts';
import { putItem } from './helpers/shop.ts';

const db = testDb();
let admin: AdminSession;
const as = (path: string, body?: unknown) =>
  api(path, { token: admin.access_token, ...(body !== undefined ? { body } : {}) });

beforeAll(async () => {
  admin = await signInAdmin('審査担当');
});

/** The audit entries of a target, newest first. */
async function auditOf(targetId: string) {
  const res = await as(`/admin/audit?target_id=${encodeURIComponent(targetId)}`);
  expect(res.status).toBe(200);
  return res.body.entries as {
    action: string;
    actor_id: string;
    target_type: string;
    before: unknown;
    after: unknown;
  }[];
}

async function applied(name = `審査テスト ${timeId(new Date()).slice(-6)}`): Promise<Owner> {
  const o = await owner();
  const res = await apply(o, application({ name }));
  if (res.status !== 200) throw new Error(`apply: ${res.status}`);
  return o;
}

/** The organization's row in the queue of `status` (all pages). */
async function inQueue(id: string, status?: string) {
  let cursor: string | null = null;
  do {
    const q: string[] = [];
    if (status) q.push(`status=${status}`);
    if (cursor) q.push(`cursor=${encodeURIComponent(cursor)}`);
    const res = await as(`/admin/organizations${q.length ? `?${q.join('&')}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = adminOrganizationPage.parse(res.body);
    const found = page.organizations.find((o) => o.id === id);
    if (found) return found;
    cursor = page.next_cursor;
  } while (cursor);
  return undefined;
}

/** The review's mails to the owner (its sign-up mails left out). */
const reviewMails = async (email: string) =>
  (await mailsTo(email)).filter((m) => m.subject.includes('組織の登録'));

const versionOf = async (id: string) =>
  (await db.entities.organization.get({ organizationId: id }).go({ consistent: true })).data?.version ?? 0;

describe('every review and moderation route', () => {
  it('is refused to every other role', async () => {
    const [f, c, o] = await Promise.all([fan(), creator(), owner()]);
    const routes: [string, unknown?][] = [
      ['/admin/organizations'],
      ['/admin/organizations/approve', { organization_id: o.profileId, version: 1 }],
      ['/admin/organizations/reject', { organization_id: o.profileId, version: 1, reason: 'x' }],
      ['/admin/items'],
      [`/admin/items/${timeId(new Date())}`],
      ['/admin/items/thumbnail-delete', { item_id: timeId(new Date()) }],
      ['/admin/items/sample-delete', { item_id: timeId(new Date()), key: 'k' }],
      ['/admin/items/review', { item_id: timeId(new Date()), version: 1, under_review: true }],
    ];
    for (const [path, body] of routes) {
      expect((await api(path, body !== undefined ? { body } : {})).status, path).toBe(401);
      for (const m of [f, c, o]) {
        const res = await api(path, { token: m.token, ...(body !== undefined ? { body } : {}) });
        expect(res.status, `${path} role ${m.roleId}`).toBe(403);
      }
    }
  });
});

describe('organization reviews', () => {
  it('lists the queue oldest first with the owner, then approves: mail, audit, the owner sees it', async () => {
    const first = await applied('先の申請');
    const second = await applied('後の申請');
    const res = await as('/admin/organizations');
    const page = adminOrganizationPage.parse(res.body);
    const ids = page.organizations.map((o) => o.id);
    // Oldest first (other tests' applications may sit between them).
    if (ids.includes(second.profileId))
      expect(ids.indexOf(first.profileId)).toBeLessThan(ids.indexOf(second.profileId));
    const row = await inQueue(first.profileId);
    expect(row).toMatchObject({
      name: '先の申請',
      category: 1,
      address: '東京都渋谷区道玄坂1-2-3',
      is_public: true,
      status: 'review',
      reject_reason: null,
      version: 1,
      owner: { id: first.profileId, email: first.email, nickname: expect.any(String) },
    });

    const ok = await as('/admin/organizations/approve', { organization_id: first.profileId, version: 1 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(adminOrganizationResponse.parse(ok.body).organization).toMatchObject({
      status: 'approved',
      version: 2,
      reviewed_at: expect.any(String),
    });
    const mails = await reviewMails(first.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('承認');
    const own = await api('/organizations', { token: first.token });
    expect(own.body.organization.status).toBe('approved');
    expect(await inQueue(first.profileId, 'review')).toBeUndefined();
    expect(await inQueue(first.profileId, 'approved')).toMatchObject({ status: 'approved' });

    const [entry] = await auditOf(first.profileId);
    expect(entry).toMatchObject({
      action: 'organization.approve',
      actor_id: admin.profile_id,
      target_type: 'organization',
      before: { status: 'review' },
      after: { status: 'approved' },
    });
    // Approving it again: not under review any more.
    const again = await as('/admin/organizations/approve', { organization_id: first.profileId, version: 2 });
    expect([again.status, again.body.code]).toEqual([409, 'organization_state']);
  });

  it('rejects with a reason (required, at most the limit); the reason shows when it applies again', async () => {
    const o = await applied();
    const max = businessConfig.organizations.rejectReasonMax;
    for (const reason of [undefined, '', '　 \n', 'あ'.repeat(max + 1)]) {
      const res = await as('/admin/organizations/reject', {
        organization_id: o.profileId,
        version: 1,
        ...(reason !== undefined ? { reason } : {}),
      });
      expect(res.status).toBe(422);
      expect(issuePaths(res.body).reason).toBe('validation.organizationRejectReason');
    }
    expect(await versionOf(o.profileId)).toBe(1);
    const reason = '所在地を確認できませんでした。\n正しい住所で申請してください。';
    const res = await as('/admin/organizations/reject', { organization_id: o.profileId, version: 1, reason });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.organization).toMatchObject({ status: 'rejected', reject_reason: reason });
    const [mail] = await reviewMails(o.email);
    expect(mail?.text).toContain('所在地を確認できませんでした。');
    expect(await inQueue(o.profileId, 'rejected')).toMatchObject({ reject_reason: reason });
    const [entry] = await auditOf(o.profileId);
    expect(entry).toMatchObject({
      action: 'organization.reject',
      before: { status: 'review' },
      after: { status: 'rejected', reject_reason: reason },
    });
    // The owner applies again: the queue shows the earlier reason.
    expect((await apply(o, application({ address: '東京都新宿区1-1' }))).status).toBe(200);
    expect(await inQueue(o.profileId)).toMatchObject({ status: 'review', reject_reason: reason });
  });

  it('refuses an unknown organization and a stale version', async () => {
    const missing = await as('/admin/organizations/approve', { organization_id: 'nobody-here', version: 1 });
    expect([missing.status, missing.body.code]).toEqual([404, 'organization_not_found']);
    const o = await applied();
    // The owner edited the application after the operator read it.
    await apply(o, application({ name: '編集後の名前' }));
    const stale = await as('/admin/organizations/approve', { organization_id: o.profileId, version: 1 });
    expect([stale.status, stale.body.code]).toEqual([409, 'admin_conflict']);
    expect((await db.entities.organization.get({ organizationId: o.profileId }).go()).data?.status).toBe(
      'review',
    );
    // A refused decision writes no entry.
    expect(await auditOf(o.profileId)).toEqual([]);
    const bad = await as('/admin/organizations?status=closed');
    expect(bad.status).toBe(422);
  });

  it('of operators deciding at once, one wins: one mail, one audit entry', async () => {
    const o = await applied();
    const other = await signInAdmin('もう一人');
    const calls = Array.from({ length: 8 }, (_, i) =>
      api(i % 2 ? '/admin/organizations/approve' : '/admin/organizations/reject', {
        token: i % 4 < 2 ? admin.access_token : other.access_token,
        body: { organization_id: o.profileId, version: 1, reason: '重複した申請です。' },
      }),
    );
    const results = await Promise.all(calls);
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(['admin_conflict', 'organization_state']).toContain(r.body.code);
    }
    expect(results.some((r) => r.body.code === 'admin_conflict')).toBe(true);
    expect(await reviewMails(o.email)).toHaveLength(1);
    expect(await auditOf(o.profileId)).toHaveLength(1);
  });

  it('the decision and its entry are one transaction: no entry, no decision, no mail; a retry decides once', async () => {
    const o = await applied();
    const sent: Mail[] = [];
    const clock = manualClock();
    const deps = { db, clock, mailer: { send: async (m: Mail) => void sent.push(m) } };
    const me = await operatorOf(admin);
    const decide = () =>
      decideOrganization(
        deps,
        me,
        { organization_id: o.profileId, version: 1 },
        { approve: false, reason: '住所を確認できません' },
      );
    // The entry's id (instant and key) is taken: the decision's transaction is cancelled whole.
    await takeAuditId(clock.now(), `organization.reject#${o.profileId}#1`);
    await expect(decide()).rejects.toMatchObject({ code: 'admin_conflict' });
    const kept = (
      await db.entities.organization.get({ organizationId: o.profileId }).go({ consistent: true })
    ).data;
    expect([kept?.status, kept?.version]).toEqual(['review', 1]);
    expect(sent).toHaveLength(0);
    expect(await auditOf(o.profileId)).toEqual([]);
    // The operator tries again a moment later: the decision, its entry and the mail, once.
    clock.advance(1000);
    expect((await decide()).organization).toMatchObject({ status: 'rejected', version: 2 });
    expect(sent).toHaveLength(1);
    // Again on the same version (an answer lost): refused, nothing more.
    clock.advance(1000);
    await expect(decide()).rejects.toMatchObject({ code: 'admin_conflict' });
    expect(sent).toHaveLength(1);
    expect(await auditOf(o.profileId)).toEqual([
      expect.objectContaining({
        action: 'organization.reject',
        actor_id: admin.profile_id,
        before: { status: 'review' },
        after: { status: 'rejected', reject_reason: '住所を確認できません' },
      }),
    ]);
  });

  it('the local demo route still reviews', async () => {
    const o = await applied();
    expect((await review(o, { approve: true })).status).toBe(200);
    expect((await inQueue(o.profileId, 'approved'))?.status).toBe('approved');
  });
});

describe('item moderation', () => {
  let c: Member;
  beforeAll(async () => {
    c = await creator();
  });

  it('finds a creator’s items newest first, deleted ones after, and shows an item with its files', async () => {
    const older = await putItem(c.profileId, { itemId: timeId(new Date(Date.now() - 5000)), name: '古い' });
    const hidden = await putItem(c.profileId, { isPublic: false, name: '非公開' });
    const gone = await putItem(c.profileId, {
      itemId: timeId(new Date(Date.now() + 1000)),
      name: '削除済み',
      shopOwner: `deleted#${c.profileId}`,
      deletedAt: new Date().toISOString(),
    });
    const res = await as(`/admin/items?creator=${c.username}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = adminItemPage.parse(res.body);
    expect(page.creator).toMatchObject({ id: c.profileId, username: c.username });
    const ours = page.items.map((i) => [i.id, i.state]);
    expect(ours).toEqual([
      [hidden.itemId, 'hidden'],
      [older.itemId, 'public'],
      [gone.itemId, 'deleted'],
    ]);
    expect((await as('/admin/items?creator=nobody999x')).body.code).toBe('profile_not_found');
    expect(issuePaths((await as('/admin/items?creator=a%20b')).body).creator).toBe('validation.username');

    const one = await as(`/admin/items/${older.itemId}`);
    expect(one.status).toBe(200);
    const item = adminItemResponse.parse(one.body).item;
    expect(item).toMatchObject({ name: '古い', state: 'public', under_review: false, sensitive: false });
    expect(item.creator.username).toBe(c.username);
    // The private image as a short-lived presigned GET, the public ones as media URLs.
    expect(item.images[0]?.url).toMatch(/X-Amz-Signature=/);
    expect(item.thumbnail?.url).toMatch(/\/media\/item-thumbnail\//);
    expect(item.samples).toHaveLength(1);
    const deleted = adminItemResponse.parse((await as(`/admin/items/${gone.itemId}`)).body).item;
    expect([deleted.state, deleted.deleted_at]).toEqual(['deleted', gone.deletedAt]);
    const draft = await putItem(c.profileId, { status: 'draft', name: '下書き' });
    expect((await as(`/admin/items/${draft.itemId}`)).body.item.state).toBe('draft');
    const missing = await as(`/admin/items/${timeId(new Date(0))}`);
    expect([missing.status, missing.body.code]).toEqual([404, 'item_not_found']);
    expect((await as('/admin/items/not-an-id')).body.code).toBe('item_not_found');
  });

  it('deletes the thumbnail and a sample: the creator’s notices, the audit entries, refused twice', async () => {
    const item = await putItem(c.profileId, {
      name: '削除テスト',
      samples: [
        { key: `media/sample/${c.profileId}/a1/full.webp`, contentType: 'image/webp' },
        { key: `media/sample/${c.profileId}/b2/full.webp`, contentType: 'image/webp' },
      ],
    });
    const thumb = item.thumbnail?.key as string;
    const res = await as('/admin/items/thumbnail-delete', { item_id: item.itemId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(adminItemResponse.parse(res.body).item.thumbnail).toBeNull();
    const twice = await as('/admin/items/thumbnail-delete', { item_id: item.itemId });
    expect([twice.status, twice.body.code]).toEqual([404, 'not_found']);

    const sample = `media/sample/${c.profileId}/a1/full.webp`;
    const s = await as('/admin/items/sample-delete', { item_id: item.itemId, key: sample });
    expect(s.status).toBe(200);
    expect(s.body.item.samples.map((x: { key: string }) => x.key)).toEqual([
      `media/sample/${c.profileId}/b2/full.webp`,
    ]);
    expect((await as('/admin/items/sample-delete', { item_id: item.itemId, key: sample })).status).toBe(404);
    const none = await as('/admin/items/thumbnail-delete', { item_id: timeId(new Date(0)) });
    expect(none.body.code).toBe('item_not_found');
    expect(issuePaths((await as('/admin/items/sample-delete', { item_id: item.itemId })).body).key).toBe(
      'validation.required',
    );

    const notices = (await api('/notice', { token: c.token })).body.notices as {
      kind: string;
      params: { item_id: string };
    }[];
    const kinds = notices.filter((n) => n.params.item_id === item.itemId).map((n) => n.kind);
    expect(kinds).toEqual(['sample_file_deleted', 'thumbnail_deleted']);
    const entries = await auditOf(item.itemId);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['item.sample_delete', { sample }, { sample: null }],
      ['item.thumbnail_delete', { thumbnail: thumb }, { thumbnail: null }],
    ]);
  });

  it('a removal and its entry are one transaction: no entry, the file stays; identical removals at once: one, with one entry', async () => {
    Object.assign(process.env, inject('localEnv'));
    const sample = `media/sample/${c.profileId}/z9/full.webp`;
    const item = await putItem(c.profileId, {
      name: '監査の原子性',
      samples: [{ key: sample, contentType: 'image/webp' }],
    });
    const thumb = item.thumbnail?.key as string;
    const clock = manualClock();
    const deps = { db, clock, media: s3MediaStore() };
    const me = await operatorOf(admin);
    // The entries' ids (instant and key) are taken: each removal's transaction is cancelled whole.
    await takeAuditId(clock.now(), `item.thumbnail_delete#${item.itemId}#${thumb}`);
    await takeAuditId(clock.now(), `item.sample_delete#${item.itemId}#${sample}`);
    await expect(removeThumbnail(deps, me, item.itemId)).rejects.toMatchObject({ code: 'admin_conflict' });
    await expect(removeSample(deps, me, item.itemId, sample)).rejects.toMatchObject({
      code: 'admin_conflict',
    });
    const kept = (await db.entities.item.get({ itemId: item.itemId }).go({ consistent: true })).data;
    expect([kept?.version, kept?.thumbnail?.key, kept?.samples?.map((s) => s.key)]).toEqual([
      1,
      thumb,
      [sample],
    ]);
    expect(await auditOf(item.itemId)).toEqual([]);
    const notices = async () =>
      (
        (await api('/notice', { token: c.token })).body.notices as {
          kind: string;
          params: { item_id: string };
        }[]
      )
        .filter((n) => n.params.item_id === item.itemId)
        .map((n) => n.kind);
    expect(await notices()).toEqual([]);

    // Six operators' identical removals at once: one removes the file and writes the entry.
    for (const [path, body] of [
      ['/admin/items/thumbnail-delete', { item_id: item.itemId }],
      ['/admin/items/sample-delete', { item_id: item.itemId, key: sample }],
    ] as const) {
      const results = await Promise.all(Array.from({ length: 6 }, () => as(path, body)));
      expect(
        results.filter((r) => r.status === 200),
        path,
      ).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200))
        expect(['not_found', 'admin_conflict'], path).toContain(r.body.code);
    }
    const done = (await db.entities.item.get({ itemId: item.itemId }).go({ consistent: true })).data;
    expect([done?.version, done?.thumbnail, done?.samples ?? []]).toEqual([3, undefined, []]);
    expect((await auditOf(item.itemId)).map((e) => [e.action, e.before])).toEqual([
      ['item.sample_delete', { sample }],
      ['item.thumbnail_delete', { thumbnail: thumb }],
    ]);
    expect((await notices()).sort()).toEqual(['sample_file_deleted', 'thumbnail_deleted']);
  });

  it('under review: refused to minors, out of the rankings, listed; off review: back; one of concurrent wins', async () => {
    const item = await putItem(c.profileId, { name: '審査対象' });
    const f = await fan();
    await give(f.profileId, 300);
    const sixteen = `${new Date().getUTCFullYear() - 16}-01-01`;
    await raw().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `profile#${f.profileId}`, sk: 'user-info' },
        UpdateExpression: 'SET birthDate = :b',
        ExpressionAttributeValues: { ':b': sixteen },
      }),
    );
    // Sales this month (a month of its own, far ahead) so the item would rank.
    const when = new Date(`${2100 + Math.floor(Math.random() * 50)}-03-10T03:00:00Z`);
    const month = `${when.getUTCFullYear()}-03`;
    await db.entities.itemSalesCounter
      .put({ month, shard: '0', itemId: item.itemId, creatorId: c.profileId, points: 500, quantity: 5 })
      .go();
    const ranked = async () => {
      const clock = manualClock(when);
      await computeItemRankings({ db, clock });
      const { data } = await db.entities.rankingSnapshot.get({ name: `product-sales#${month}` }).go();
      return ((data?.lists as { amount: { item_id: string }[] } | undefined)?.amount ?? []).map(
        (r) => r.item_id,
      );
    };
    expect(await ranked()).toContain(item.itemId);

    const on = Array.from({ length: 6 }, () =>
      as('/admin/items/review', { item_id: item.itemId, version: 1, under_review: true }),
    );
    const results = await Promise.all(on);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200))
      expect(['admin_conflict', 'item_already_under_review']).toContain(r.body.code);
    const view = (await as(`/admin/items/${item.itemId}`)).body.item;
    expect(view).toMatchObject({ under_review: true, version: 2, review_since: expect.any(String) });

    const page = shopItemView.parse((await api(`/shop/item/${item.itemId}`, { token: f.token })).body);
    // Under review nobody can buy it (and it counts as sensitive: out of rankings and the log).
    expect([page.sensitive, page.viewer?.refusal]).toEqual([true, 'item_under_review']);
    const buy = () =>
      api('/shop/purchase/point', {
        token: f.token,
        body: {
          item_id: item.itemId,
          amount: 1,
          payment_method: 'point',
          agree_terms: true,
          key: crypto.randomUUID(),
          expected_points: 100,
        },
      });
    const refused = await buy();
    expect([refused.status, refused.body.code]).toEqual([409, 'item_under_review']);
    const adult = await fan();
    await give(adult.profileId, 300);
    const adultPage = shopItemView.parse(
      (await api(`/shop/item/${item.itemId}`, { token: adult.token })).body,
    );
    expect(adultPage.viewer?.refusal).toBe('item_under_review');
    const adultBuy = await api('/shop/purchase/point', {
      token: adult.token,
      body: {
        item_id: item.itemId,
        amount: 1,
        payment_method: 'point',
        agree_terms: true,
        key: crypto.randomUUID(),
        expected_points: 100,
      },
    });
    expect([adultBuy.status, adultBuy.body.code]).toEqual([409, 'item_under_review']);
    expect(await ranked()).not.toContain(item.itemId);
    const listed = adminItemPage.parse((await as('/admin/items')).body);
    expect(listed.creator).toBeNull();
    expect(listed.items.find((i) => i.id === item.itemId)).toMatchObject({
      under_review: true,
      state: 'public',
    });

    const again = await as('/admin/items/review', { item_id: item.itemId, version: 2, under_review: true });
    expect([again.status, again.body.code]).toEqual([409, 'item_already_under_review']);
    const stale = await as('/admin/items/review', { item_id: item.itemId, version: 1, under_review: false });
    expect([stale.status, stale.body.code]).toEqual([409, 'admin_conflict']);
    const off = await as('/admin/items/review', { item_id: item.itemId, version: 2, under_review: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.item).toMatchObject({ under_review: false, review_since: null, version: 3 });
    const notAgain = await as('/admin/items/review', {
      item_id: item.itemId,
      version: 3,
      under_review: false,
    });
    expect(notAgain.body.code).toBe('item_not_under_review');
    expect(adminItemPage.parse((await as('/admin/items')).body).items.some((i) => i.id === item.itemId)).toBe(
      false,
    );
    expect(await ranked()).toContain(item.itemId);
    expect((await buy()).status).toBe(200);

    const entries = await auditOf(item.itemId);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['item.review_off', { under_review: true }, { under_review: false }],
      ['item.review_on', { under_review: false }, { under_review: true }],
    ]);
    // No notice for the review (the spec has none); the sale above raises its own 'purchase' notice.
    const notices = (await api('/notice', { token: c.token })).body.notices as {
      kind: string;
      params: { item_id?: string };
    }[];
    expect(notices.some((n) => n.params.item_id === item.itemId && n.kind !== 'purchase')).toBe(false);
    const missing = await as('/admin/items/review', {
      item_id: timeId(new Date(0)),
      version: 1,
      under_review: true,
    });
    expect(missing.body.code).toBe('item_not_found');
    const badBody = await as('/admin/items/review', { item_id: item.itemId, version: 3 });
    expect(issuePaths(badBody.body).under_review).toBe('validation.required');
  });
});
