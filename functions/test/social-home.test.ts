/** Issue 11, socialapi: `GET /home`, `GET /home/news/{id}`, `POST /confirmation`, and the recommended job. */
import { businessConfig } from '@app/shared/config';
import { homeResponse } from '@app/shared/schemas/social';
import { jstMonth } from '@app/shared/time';
import { V } from '@app/shared/validation';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/manifest.ts';
import { productSales } from '../src/services/social/home.ts';
import { computeRecommended, recommendScore } from '../src/services/social/recommended.ts';
import { creator, fan, type Member } from './helpers/chat.ts';
import { api, drainStreams, manualClock, testDb } from './helpers/cloud.ts';
import { publicCreator } from './helpers/social.ts';

const db = testDb();
const S = businessConfig.social;
const ROLE = businessConfig.roles;

async function putNews(id: string, roles: number[], publishedAt: Date) {
  const common = { titleJa: `お知らせ ${id}`, titleEn: `News ${id}`, publishedAt: publishedAt.toISOString() };
  await db.entities.news
    .put({
      newsId: id,
      ...common,
      bodyJa: '本文です。',
      bodyEn: 'The body.',
      audiences: roles,
      createdAt: publishedAt.toISOString(),
    })
    .go();
  for (const roleId of roles) await db.entities.newsAudience.put({ newsId: id, roleId, ...common }).go();
}

describe('GET /home', () => {
  let f: Member;
  let c: Member;
  const tag = `${Date.now().toString(36)}`;
  beforeAll(async () => {
    [f, c] = await Promise.all([fan(), publicCreator()]);
  });

  it('answers the home screen in one call: favorites, banner, news for the role, confirmations', async () => {
    const hour = 3_600_000;
    // Published a second ago: home shows the newest few, and other files publish news to fans too.
    await putNews(`fans-${tag}`, [ROLE.FAN, ROLE.USER], new Date(Date.now() - 1000));
    await putNews(`creators-${tag}`, [ROLE.CREATOR], new Date(Date.now() - 1000));
    await putNews(`future-${tag}`, [ROLE.FAN], new Date(Date.now() + 24 * hour));
    await db.entities.homeBanner
      .put({
        imageKey: 'media/banner/spring/full.webp',
        altJa: '春のキャンペーン',
        altEn: 'Spring campaign',
        link: '/ja/discovery',
        updatedAt: new Date().toISOString(),
      })
      .go();
    await api('/favorite', { token: f.token, body: { profile_id: c.profileId, favorite: true } });

    const res = await api('/home', { token: f.token });
    expect(res.status).toBe(200);
    const body = homeResponse.parse(res.body);
    expect(body.favorites.map((x) => x.id)).toEqual([c.profileId]);
    expect(body.favorites[0]).toMatchObject({ username: c.username, nickname: 'きのこ太郎', bio: 'hello' });
    expect(body.banner).toEqual({
      image_url: expect.stringMatching(/\/media\/banner\/spring\/full\.webp$/),
      alt: { ja: '春のキャンペーン', en: 'Spring campaign' },
      link: '/ja/discovery',
    });
    const ids = body.news.map((n) => n.id);
    expect(ids).toContain(`fans-${tag}`);
    expect(ids).not.toContain(`creators-${tag}`);
    expect(ids).not.toContain(`future-${tag}`);
    expect(body.news.length).toBeLessThanOrEqual(S.homeNews);
    expect(body.news.find((n) => n.id === `fans-${tag}`)?.title).toEqual({
      ja: `お知らせ fans-${tag}`,
      en: `News fans-${tag}`,
    });
    expect(body.confirmed).toEqual({ like_favorite_help: false, point_kinds_help: false });
    // The snapshot is shared by the whole table (other files' sales): its contents are the next test's.
    expect(body.rankings).toEqual({ amount: expect.any(Array), count: expect.any(Array) });

    const asCreator = homeResponse.parse((await api('/home', { token: c.token })).body);
    expect(asCreator.news.map((n) => n.id)).toContain(`creators-${tag}`);
    expect(asCreator.news.map((n) => n.id)).not.toContain(`fans-${tag}`);
    expect(asCreator.favorites).toEqual([]);
  });

  it('reads this month’s item rankings from their snapshot', async () => {
    const line = {
      rank: 1,
      item_id: 'item1',
      name: '写真セット',
      thumbnail: null,
      creator: { username: c.username, nickname: 'きのこ太郎' },
      value: 1200,
    };
    await db.entities.rankingSnapshot
      .put({
        name: productSales(jstMonth(new Date())),
        lists: { amount: [line], count: [{ ...line, value: 3 }] },
        computedAt: new Date().toISOString(),
      })
      .go();
    const body = homeResponse.parse((await api('/home', { token: f.token })).body);
    expect(body.rankings.amount).toEqual([line]);
    expect(body.rankings.count[0]?.value).toBe(3);
  });

  it('shows recommended creators computed by the job (liked and new first)', async () => {
    expect(jobs).toContainEqual({
      handler: 'jobs/recommended',
      area: 'social',
      recurring: { name: 'recommended', expression: 'rate(10 minutes)' },
      runAtStart: true,
    });
    const now = new Date();
    expect(recommendScore(5, now.toISOString(), now)).toBeGreaterThan(
      recommendScore(0, now.toISOString(), now),
    );
    const old = new Date(now.getTime() - 400 * 86_400_000).toISOString();
    expect(recommendScore(0, now.toISOString(), now)).toBeGreaterThan(recommendScore(0, old, now));
    await api('/like', { token: f.token, body: { profile_id: c.profileId } });
    await drainStreams();
    const first = await computeRecommended({ db, clock: manualClock() });
    expect(first.recommended).toBe(Math.min(first.creators, S.homeRecommended));
    // A second run rewrites the same item.
    await computeRecommended({ db, clock: manualClock() });
    const body = homeResponse.parse((await api('/home', { token: f.token })).body);
    expect(body.recommended.map((x) => x.id)).toContain(c.profileId);
    expect(body.recommended.find((x) => x.id === c.profileId)?.liked_by).toBe(1);
    // A creator never sees themself recommended.
    const own = homeResponse.parse((await api('/home', { token: c.token })).body);
    expect(own.recommended.map((x) => x.id)).not.toContain(c.profileId);
  });

  it('GET /home/news/{id}: published news of the caller’s role, else news_not_found', async () => {
    const ok = await api(`/home/news/fans-${tag}`, { token: f.token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      id: `fans-${tag}`,
      title: { ja: `お知らせ fans-${tag}`, en: `News fans-${tag}` },
      body: { ja: '本文です。', en: 'The body.' },
      published_at: expect.any(String),
    });
    for (const id of [`creators-${tag}`, `future-${tag}`, 'nosuchnews', 'bad_id']) {
      const res = await api(`/home/news/${id}`, { token: f.token });
      expect(res.status, id).toBe(404);
      expect(res.body.code, id).toBe('news_not_found');
    }
    expect((await api(`/home/news/creators-${tag}`, { token: c.token })).status).toBe(200);
  });
});

describe('POST /confirmation', () => {
  it('records a seen help modal once; home reports it', async () => {
    const m = await creator();
    const bad = await api('/confirmation', { token: m.token, body: { type: 'other' } });
    expect(bad.status).toBe(422);
    expect(bad.body.issues).toContainEqual({ path: 'type', message: V.required });
    for (let i = 0; i < 2; i++) {
      const res = await api('/confirmation', { token: m.token, body: { type: 'like_favorite_help' } });
      expect(res.body).toEqual({ ok: true });
    }
    const home = await api('/home', { token: m.token });
    expect(home.body.confirmed).toEqual({ like_favorite_help: true, point_kinds_help: false });
    await api('/confirmation', { token: m.token, body: { type: 'point_kinds_help' } });
    expect((await api('/home', { token: m.token })).body.confirmed).toEqual({
      like_favorite_help: true,
      point_kinds_help: true,
    });
  });
});
