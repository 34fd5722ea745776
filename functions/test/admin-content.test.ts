/** The operators' console (issue 17): news, the home banner, leaves granted, point history and refunds. */
import { randomUUID } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { V } from '@app/shared/validation';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { ProfileItem } from '../src/lib/auth.ts';
import { newId } from '../src/lib/crypto.ts';
import { auditItem } from '../src/services/admin/audit.ts';
import { refundSpend } from '../src/services/admin/points.ts';
import { spend } from '../src/services/points/ledger.ts';
import { type AdminSession, signInAdmin } from './helpers/admin.ts';
import { creator, fan, give, type Member } from './helpers/chat.ts';
import { api, issuePaths, manualClock, setClock, testDb } from './helpers/cloud.ts';
import { png, postForm } from './helpers/media.ts';

const DAY = 86_400_000;

let admin: AdminSession;
let aFan: Member;
let aCreator: Member;

beforeAll(async () => {
  [admin, aFan, aCreator] = await Promise.all([signInAdmin(), fan(), creator()]);
});

afterEach(async () => {
  await setClock(0);
});

const as = (token: string) => ({
  get: (path: string) => api(path, { token }),
  post: (path: string, body: unknown) => api(path, { token, body }),
});
const op = () => as(admin.access_token);

async function auditOf(targetId: string) {
  const res = await op().get(`/admin/audit?target_id=${encodeURIComponent(targetId)}`);
  expect(res.status).toBe(200);
  return res.body.entries as { action: string; actor_id: string; before: unknown; after: unknown }[];
}

const newsBody = (over: Record<string, unknown> = {}) => ({
  title: { ja: `お知らせ ${randomUUID().slice(0, 8)}`, en: 'News' },
  body: { ja: '本文です。', en: 'The body.' },
  audiences: [4],
  publish_at: null,
  key: randomUUID(),
  ...over,
});

describe('news', () => {
  test('validation: every field has its message', async () => {
    const res = await op().post('/admin/news', {
      title: { ja: '', en: 'x'.repeat(101) },
      body: { ja: ' ', en: 'y'.repeat(5001) },
      audiences: [],
      publish_at: 'tomorrow',
      key: 'x',
    });
    expect(res.status).toBe(422);
    expect(issuePaths(res.body)).toEqual({
      'title.ja': V.newsTitle,
      'title.en': V.newsTitleMax,
      'body.ja': V.newsBody,
      'body.en': V.newsBodyMax,
      audiences: V.newsAudiences,
      publish_at: V.newsPublishAt,
      key: V.required,
    });
    const role = await op().post('/admin/news', newsBody({ audiences: [5] }));
    expect(issuePaths(role.body)).toEqual({ 'audiences.0': V.newsAudiences });
    const past = await op().post(
      '/admin/news',
      newsBody({ publish_at: new Date(Date.now() - 60_000).toISOString() }),
    );
    expect(past.status).toBe(422);
    expect(issuePaths(past.body)).toEqual({ publish_at: V.newsPublishAtPast });
  });

  test('a fan-only news: a fan sees it on home and opens it, a creator does not; listed and audited', async () => {
    const created = await op().post('/admin/news', newsBody());
    expect(created.status).toBe(200);
    const news = created.body;
    expect(news).toMatchObject({ status: 'published', audiences: [4], version: 1 });
    const home = await as(aFan.token).get('/home');
    expect(home.body.news.map((n: { id: string }) => n.id)).toContain(news.id);
    expect((await as(aFan.token).get(`/home/news/${news.id}`)).body.title).toEqual(news.title);
    const creatorHome = await as(aCreator.token).get('/home');
    expect(creatorHome.body.news.map((n: { id: string }) => n.id)).not.toContain(news.id);
    expect((await as(aCreator.token).get(`/home/news/${news.id}`)).status).toBe(404);

    const list = await op().get('/admin/news');
    expect(list.status).toBe(200);
    expect(list.body.news.find((n: { id: string }) => n.id === news.id)).toMatchObject({
      status: 'published',
    });
    const [entry] = await auditOf(news.id);
    expect(entry).toMatchObject({ action: 'news.create', actor_id: admin.profile_id, before: null });
    expect(entry?.after).toMatchObject({ title_ja: news.title.ja, audiences: [4] });
  });

  test('a doubled submit (the same form key, 10 at once) publishes one news with one audit entry', async () => {
    const body = newsBody();
    const answers = await Promise.all(Array.from({ length: 10 }, () => op().post('/admin/news', body)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await auditOf(id)).toHaveLength(1);
    const home = await as(aFan.token).get('/home');
    expect(home.body.news.filter((n: { id: string }) => n.id === id)).toHaveLength(1);
    // Another form (a new key) is another news.
    const other = await op().post('/admin/news', { ...body, key: randomUUID() });
    expect(other.body.id).not.toBe(id);
  });

  test('an edit updates the audience rows in the same transaction; a stale version is 409', async () => {
    const news = (await op().post('/admin/news', newsBody())).body;
    const edit = newsBody({ title: { ja: '改訂版', en: 'Revised' }, audiences: [2] });
    const updated = await op().post('/admin/news/update', { id: news.id, version: 1, ...edit });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ version: 2, audiences: [2], published_at: news.published_at });
    // The creator sees the new title now; the fan no longer sees it.
    const forCreator = await as(aCreator.token).get('/home');
    expect(forCreator.body.news.find((n: { id: string }) => n.id === news.id)?.title).toEqual({
      ja: '改訂版',
      en: 'Revised',
    });
    expect((await as(aFan.token).get(`/home/news/${news.id}`)).status).toBe(404);
    const stale = await op().post('/admin/news/update', { id: news.id, version: 1, ...edit });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('news_conflict');
    const entries = await auditOf(news.id);
    expect(entries[0]).toMatchObject({
      action: 'news.update',
      before: { title_ja: news.title.ja, title_en: 'News', audiences: [4] },
      after: { title_ja: '改訂版', title_en: 'Revised', audiences: [2] },
    });
  });

  test('concurrent edits of one version: one wins', async () => {
    const news = (await op().post('/admin/news', newsBody())).body;
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        op().post('/admin/news/update', {
          id: news.id,
          version: 1,
          ...newsBody({ title: { ja: `版${i}`, en: `v${i}` } }),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
  });

  test('a scheduled news is invisible on home until its time', async () => {
    const at = new Date(Date.now() + 60_000).toISOString();
    const news = (await op().post('/admin/news', newsBody({ publish_at: at }))).body;
    expect(news).toMatchObject({ status: 'scheduled', published_at: at });
    const before = await as(aFan.token).get('/home');
    expect(before.body.news.map((n: { id: string }) => n.id)).not.toContain(news.id);
    expect((await as(aFan.token).get(`/home/news/${news.id}`)).status).toBe(404);
    await setClock(2 * 60_000);
    const after = await as(aFan.token).get('/home');
    expect(after.body.news.map((n: { id: string }) => n.id)).toContain(news.id);
    expect((await as(aFan.token).get(`/home/news/${news.id}`)).status).toBe(200);
  });

  test('withdrawn: gone from home, its page 404, listed as withdrawn, audited; no second withdrawal or edit', async () => {
    const news = (await op().post('/admin/news', newsBody({ audiences: [4, 2] }))).body;
    expect((await as(aFan.token).get(`/home/news/${news.id}`)).status).toBe(200);
    const res = await op().post('/admin/news/withdraw', { id: news.id, version: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'withdrawn', version: 2 });
    expect((await as(aFan.token).get(`/home/news/${news.id}`)).status).toBe(404);
    expect((await as(aCreator.token).get(`/home/news/${news.id}`)).status).toBe(404);
    const home = await as(aFan.token).get('/home');
    expect(home.body.news.map((n: { id: string }) => n.id)).not.toContain(news.id);
    const rows = await testDb().collections.news({ newsId: news.id }).go();
    expect(rows.data.newsAudience).toHaveLength(0);
    const again = await op().post('/admin/news/withdraw', { id: news.id, version: 2 });
    expect(again.body.code).toBe('news_withdrawn');
    const edit = await op().post('/admin/news/update', { id: news.id, version: 2, ...newsBody() });
    expect(edit.body.code).toBe('news_withdrawn');
    expect((await auditOf(news.id))[0]).toMatchObject({
      action: 'news.withdraw',
      before: { status: 'published' },
      after: { status: 'withdrawn' },
    });
    const missing = await op().post('/admin/news/withdraw', { id: newId(), version: 1 });
    expect(missing.status).toBe(404);
  });

  test('a non-admin is refused', async () => {
    const res = await as(aFan.token).post('/admin/news', newsBody());
    expect(res.status).toBe(403);
    expect((await as(aCreator.token).get('/admin/news')).status).toBe(403);
  });
});

describe('the home banner', () => {
  test('replace with an upload, edit the texts, remove: home follows, each change audited', async () => {
    const start = await op().get('/admin/banner');
    expect(start.status).toBe(200);
    const version = start.body.banner?.version ?? null;
    const target = await op().post('/admin/banner/upload-url', { content_type: 'image/png' });
    expect(target.status).toBe(200);
    expect((await postForm(target.body, await png(300, 100))).status).toBe(204);

    const bad = await op().post('/admin/banner', {
      upload_key: target.body.key,
      alt: { ja: '', en: 'x'.repeat(201) },
      link: 'javascript:alert(1)',
      version,
    });
    expect(bad.status).toBe(422);
    expect(issuePaths(bad.body)).toEqual({
      'alt.ja': V.bannerAlt,
      'alt.en': V.bannerAltMax,
      link: V.bannerLink,
    });

    const saved = await op().post('/admin/banner', {
      upload_key: target.body.key,
      alt: { ja: '冬のキャンペーン', en: 'Winter campaign' },
      link: '/store',
      version,
    });
    expect(saved.status).toBe(200);
    const banner = saved.body.banner;
    expect(banner.image_url).toMatch(/\/media\/banner\/.+\.webp$/);
    const home = await as(aFan.token).get('/home');
    expect(home.body.banner).toEqual({
      image_url: banner.image_url,
      alt: { ja: '冬のキャンペーン', en: 'Winter campaign' },
      link: '/store',
    });
    // Another operator's stale version.
    const stale = await op().post('/admin/banner', {
      alt: { ja: 'a', en: 'b' },
      link: null,
      version,
    });
    expect(stale.status).toBe(409);

    const texts = await op().post('/admin/banner', {
      alt: { ja: '春', en: 'Spring' },
      link: 'https://example.com/spring',
      version: banner.version,
    });
    expect(texts.status).toBe(200);
    expect(texts.body.banner).toMatchObject({
      image_url: banner.image_url,
      link: 'https://example.com/spring',
    });
    const entries = await auditOf('home');
    expect(entries[0]).toMatchObject({
      action: 'banner.update',
      before: { alt_ja: '冬のキャンペーン', alt_en: 'Winter campaign', link: '/store' },
      after: { alt_ja: '春', alt_en: 'Spring', link: 'https://example.com/spring' },
    });

    const removed = await op().post('/admin/banner/remove', { version: texts.body.banner.version });
    expect(removed.status).toBe(200);
    expect(removed.body.banner).toBeNull();
    expect((await as(aFan.token).get('/home')).body.banner).toBeNull();
    expect((await auditOf('home'))[0]).toMatchObject({ action: 'banner.update', after: null });
    // Without a banner, a save needs a picture.
    const noImage = await op().post('/admin/banner', {
      alt: { ja: 'a', en: 'b' },
      link: null,
      version: null,
    });
    expect(issuePaths(noImage.body)).toEqual({ upload_key: V.bannerImage });
    expect((await as(aFan.token).post('/admin/banner/remove', { version: 1 })).status).toBe(403);
  });
});

describe('points', () => {
  const grant = (body: Record<string, unknown>) =>
    op().post('/admin/points/grant', { points: 30, reason: '障害のお詫び', key: randomUUID(), ...body });

  test('validation messages', async () => {
    const res = await op().post('/admin/points/grant', { targets: [], points: 0, reason: '', key: 'k' });
    expect(res.status).toBe(422);
    expect(issuePaths(res.body)).toMatchObject({
      targets: V.grantTargets,
      points: V.grantLeaves,
      reason: V.contentReason,
    });
    const many = await grant({
      targets: Array.from({ length: businessConfig.admin.grantListMax + 1 }, (_, i) => `user${i}`),
    });
    expect(issuePaths(many.body)).toEqual({ targets: V.grantTargetsMax });
    const odd = await grant({ targets: ['not a name!'] });
    expect(issuePaths(odd.body)).toEqual({ 'targets.0': V.grantTarget });
    const refund = await op().post('/admin/points/refund', { movement_id: 'x', reason: '' });
    expect(issuePaths(refund.body)).toEqual({ reason: V.contentReason });
  });

  test('a list grant: fans by id and username credited, the others refused; notice and audit', async () => {
    const other = await fan();
    const res = await grant({
      targets: [aFan.profileId, `@${other.username.toUpperCase()}`, aCreator.profileId, 'nobody000000'],
    });
    expect(res.status).toBe(200);
    expect(res.body.granted.map((g: { id: string }) => g.id).sort()).toEqual(
      [aFan.profileId, other.profileId].sort(),
    );
    expect(res.body.refused).toEqual([
      { target: aCreator.profileId, reason: 'not_fan' },
      { target: 'nobody000000', reason: 'unknown' },
    ]);
    const mine = res.body.granted.find((g: { id: string }) => g.id === other.profileId);
    const history = await op().get(`/admin/points/history?profile=${other.profileId}`);
    expect(history.status).toBe(200);
    expect(history.body.balance.leaf).toBe(30);
    expect(history.body.logs[0]).toMatchObject({
      type: 4,
      detail: 'granted',
      points: 30,
      movement_id: mine.movement_id,
    });
    const notices = await as(other.token).get('/notice');
    expect(notices.body.notices[0]).toMatchObject({ kind: 'leaves_granted', params: { points: 30 } });
    const [entry] = await auditOf(mine.movement_id);
    expect(entry).toMatchObject({
      action: 'points.grant',
      after: { holder_id: other.profileId, kind: 'leaf', points: 30, reason: '障害のお詫び' },
    });
    const journal = await op().get(`/admin/points/journal?movement=${mine.movement_id}`);
    expect(journal.body).toMatchObject({ kind: 'grant', points: 30, refund_block: 'not_spend' });
    expect(journal.body.lines).toEqual([
      { account: 'grants:leaf', amount: -30 },
      { account: `wallet:${other.profileId}:leaf`, amount: 30 },
    ]);
  });

  test('10 concurrent identical grants credit once per fan', async () => {
    const [a, b] = await Promise.all([fan(), fan()]);
    const body = {
      targets: [a.profileId, b.username],
      points: 7,
      reason: '二重送信の確認',
      key: randomUUID(),
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => op().post('/admin/points/grant', body)),
    );
    for (const r of results) expect(r.status).toBe(200);
    expect(
      results.flatMap((r) => r.body.granted).filter((g: { replayed: boolean }) => !g.replayed),
    ).toHaveLength(2);
    for (const m of [a, b]) {
      const h = await op().get(`/admin/points/history?profile=${m.profileId}`);
      expect(h.body.balance.leaf).toBe(7);
      expect(h.body.logs).toHaveLength(1);
      expect(await auditOf(h.body.logs[0].movement_id)).toHaveLength(1);
    }
  });

  async function spendOf(who: Member, daysAgo = 0) {
    const clock = manualClock(new Date(Date.now() - daysAgo * DAY));
    await give(who.profileId, 50);
    const txId = newId();
    await spend(
      { db: testDb(), clock },
      {
        holderId: who.profileId,
        payeeId: aCreator.profileId,
        points: 20,
        purpose: 'chat',
        txId,
        target: `test#${txId}`,
      },
    );
    return txId;
  }

  test('refund a spend once: points back, audited; a second and concurrent refunds are refused', async () => {
    const who = await fan();
    const txId = await spendOf(who);
    const journal = await op().get(`/admin/points/journal?movement=${txId}`);
    expect(journal.body).toMatchObject({ kind: 'spend', points: 20, refund_block: null, reversed_by: null });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        op().post('/admin/points/refund', { movement_id: txId, reason: 'システム障害' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.code).toBe('refund_done');
    const ok = results.find((r) => r.status === 200);
    expect(ok?.body.movement).toMatchObject({ refund_block: 'refunded', reversed_by: `rev-${txId}` });
    const again = await op().post('/admin/points/refund', { movement_id: txId, reason: 'もう一度' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('refund_done');
    const h = await op().get(`/admin/points/history?profile=${who.profileId}`);
    expect(h.body.balance.mushroom).toBe(50);
    expect(h.body.logs[0]).toMatchObject({ type: 4, detail: 'cancelled', points: 20 });
    const entries = await auditOf(txId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'points.refund',
      after: { refunded: true, reason: 'システム障害' },
    });
  });

  test('a refund’s audit entry (its reason) is written with the reversal: when it fails, nothing is; a retry writes both once', async () => {
    const who = await fan();
    const txId = await spendOf(who);
    const { data: actor } = await testDb().entities.profile.get({ profileId: admin.profile_id }).go();
    const clock = manualClock();
    const deps = { db: testDb(), clock };
    const input = { movement_id: txId, reason: 'システム障害の返金' };
    // The entry cannot be written (its key is taken): a failure between the two steps.
    await testDb()
      .entities.audit.create(
        auditItem(clock.now(), {
          actor: actor as ProfileItem,
          action: 'points.grant',
          targetType: 'movement',
          targetId: txId,
          after: { blocker: true },
          key: `refund-${txId}`,
        }),
      )
      .go();
    await expect(refundSpend(deps, actor as ProfileItem, input)).rejects.toMatchObject({
      code: 'admin_conflict',
    });
    // Neither: no reversal, no points back, no refund entry.
    expect(
      (
        await testDb()
          .entities.journal.get({ txId: `rev-${txId}` })
          .go()
      ).data,
    ).toBeNull();
    const journal = await op().get(`/admin/points/journal?movement=${txId}`);
    expect(journal.body).toMatchObject({ refund_block: null, reversed_by: null });
    expect((await op().get(`/admin/points/history?profile=${who.profileId}`)).body.balance.mushroom).toBe(30);
    expect((await auditOf(txId)).map((e) => e.action)).toEqual(['points.grant']);

    // The operator tries again: both, once.
    clock.advance(1000);
    const done = await refundSpend(deps, actor as ProfileItem, input);
    expect(done.movement).toMatchObject({ refund_block: 'refunded', reversed_by: `rev-${txId}` });
    await expect(refundSpend(deps, actor as ProfileItem, input)).rejects.toMatchObject({
      code: 'refund_done',
    });
    expect((await op().get(`/admin/points/history?profile=${who.profileId}`)).body.balance.mushroom).toBe(50);
    const refunds = (await auditOf(txId)).filter((e) => e.action === 'points.refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      actor_id: admin.profile_id,
      after: { refunded: true, reversal_id: `rev-${txId}`, points: 20, reason: 'システム障害の返金' },
    });
  });

  test('a refund after the refund window, of a purchase, or of nothing is refused', async () => {
    const who = await fan();
    const old = await spendOf(who, businessConfig.admin.refundDays + 1);
    const late = await op().post('/admin/points/refund', { movement_id: old, reason: '遅い' });
    expect(late.status).toBe(422);
    expect(late.body.code).toBe('refund_too_old');
    const h = await op().get(`/admin/points/history?profile=${who.profileId}`);
    const purchase = h.body.logs.find((l: { type: number }) => l.type === 3);
    const notSpend = await op().post('/admin/points/refund', {
      movement_id: purchase.movement_id,
      reason: '購入',
    });
    expect(notSpend.body.code).toBe('refund_not_spend');
    const none = await op().post('/admin/points/refund', { movement_id: 'no-such-movement', reason: 'なし' });
    expect(none.status).toBe(404);
    expect((await op().get('/admin/points/journal?movement=no-such-movement')).status).toBe(404);
    expect((await op().get(`/admin/points/history?profile=${newId()}`)).status).toBe(404);
    expect((await auditOf(old)).length).toBe(0);
    expect((await as(aFan.token).get(`/admin/points/history?profile=${aFan.profileId}`)).status).toBe(403);
  });
});
