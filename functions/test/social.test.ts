/**
 * Issue 11, socialapi: public profiles, likes, favorites, the like lists, discovery, and the
 * stream consumers behind them (counters once per record, the 'liked' notice, supporter totals).
 */
import { businessConfig } from '@app/shared/config';
import { discoveryResponse, publicProfileView } from '@app/shared/schemas/social';
import { V } from '@app/shared/validation';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { ttlAt } from '../src/db/keys.ts';
import { toStreamRecord } from '../src/lib/stream.ts';
import { streamConsumers } from '../src/manifest.ts';
import { favoriteRecord, likedNoticeId, likeRecord } from '../src/services/social/counters.ts';
import { discover } from '../src/services/social/discovery.ts';
import { supporterRecord } from '../src/services/social/supporters.ts';
import { registerAccount, setProfileField, signInFan } from './helpers/accounts.ts';
import { fan, give, type Member, room, send } from './helpers/chat.ts';
import { api, drainStreams, issuePaths, manualClock, testDb } from './helpers/cloud.ts';
import { profileOf, publicCreator, putSearchDoc } from './helpers/social.ts';

const db = testDb();
const S = businessConfig.social;
const DAY_MS = 86_400_000;

const like = (m: Member, profileId: string) =>
  api('/like', { token: m.token, body: { profile_id: profileId } });
const fav = (m: Member, profileId: string, favorite?: boolean) =>
  api('/favorite', {
    token: m.token,
    body: { profile_id: profileId, ...(favorite === undefined ? {} : { favorite }) },
  });
const block = (m: Member, profileId: string) =>
  api('/block', { token: m.token, body: { profile_id: profileId, blocked: true } });
const stats = async (m: Member) =>
  (await db.entities.stats.get({ profileId: m.profileId }).go({ consistent: true })).data;

function streamRecord(
  eventName: 'INSERT' | 'REMOVE',
  keys: { pk: string; sk: string },
  image: Record<string, unknown> | null,
  eventID: string,
): DynamoDBRecord {
  return {
    eventName,
    eventID,
    dynamodb: {
      Keys: marshall(keys) as never,
      ...(image ? { NewImage: marshall(image, { removeUndefinedValues: true }) as never } : {}),
      SequenceNumber: eventID,
      StreamViewType: 'NEW_IMAGE',
    },
  };
}

describe('GET /profile/{id}', () => {
  let c: Member;
  let f: Member;
  beforeAll(async () => {
    [c, f] = await Promise.all([publicCreator(), fan()]);
  });

  it('shows a set-up creator to guests, by username or by profile id', async () => {
    const byName = await api(`/profile/${c.username}`);
    expect(byName.status).toBe(200);
    const view = publicProfileView.parse(byName.body);
    expect(view).toMatchObject({
      id: c.profileId,
      role_id: 2,
      username: c.username,
      nickname: 'きのこ太郎',
      genre: 'music',
      bio: 'hello',
      area: 13,
      liked_by: 0,
      favorited_by: null,
      chat_cost: businessConfig.chat.defaultCostMushrooms,
      chat_locked: false,
      supporters: { month: [], all_time: [] },
      viewer: null,
    });
    const byId = await api(`/profile/${c.profileId}`);
    expect(byId.status).toBe(200);
    expect(byId.body.username).toBe(c.username);
    // Usernames are case-insensitive.
    expect((await api(`/profile/${c.username.toUpperCase()}`)).status).toBe(200);
  });

  it('gives the viewer state to a signed-in fan and the favorite count to the creator only', async () => {
    const asFan = await api(`/profile/${c.username}`, { token: f.token });
    expect(asFan.body.viewer).toEqual({
      self: false,
      liked: false,
      favorited: false,
      blocked: false,
      blocked_by: false,
    });
    expect(asFan.body.favorited_by).toBeNull();
    const asSelf = await api(`/profile/${c.username}`, { token: c.token });
    expect(asSelf.body.viewer.self).toBe(true);
    expect(asSelf.body.favorited_by).toBe(0);
    // A garbage token on this optional route is a guest.
    expect((await api(`/profile/${c.username}`, { token: 'garbage' })).body.viewer).toBeNull();
  });

  it('is profile_not_found for unknown names, fans, creators not set up, and malformed ids', async () => {
    const unset = await registerAccount({ roleId: 2 });
    for (const id of ['nosuchuser99', f.profileId, f.username, unset.profile_id, 'a_b', 'x'.repeat(70)]) {
      const res = await api(`/profile/${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(404);
      expect(res.body.code, id).toBe('profile_not_found');
    }
  });
});

describe('POST /like', () => {
  let c: Member;
  let c2: Member;
  let f: Member;
  beforeAll(async () => {
    [c, c2, f] = await Promise.all([publicCreator(), publicCreator(), fan()]);
  });

  it('validates the profile id', async () => {
    for (const body of [{}, { profile_id: '' }, { profile_id: 'a b' }, { profile_id: 3 }]) {
      const res = await api('/like', { token: f.token, body });
      expect(res.status).toBe(422);
      expect(res.body.issues).toContainEqual({ path: 'profile_id', message: V.chatPeer });
    }
  });

  it('lets a fan like a creator once, even ten times at once; counters follow from the stream once', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => like(f, c.profileId)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.body.created === true)).toHaveLength(1);
    expect(results.every((r) => r.body.liked === true)).toBe(true);
    const { data: likes } = await db.entities.like.query.given({ fromId: f.profileId }).go();
    expect(likes.filter((l) => l.toId === c.profileId)).toHaveLength(1);
    await drainStreams();
    expect((await stats(c))?.likedBy).toBe(1);
    expect((await stats(f))?.likes).toBe(1);
    const again = await like(f, c.profileId);
    expect(again.body).toEqual({ liked: true, created: false });
    const view = await api(`/profile/${c.username}`, { token: f.token });
    expect(view.body.liked_by).toBe(1);
    expect(view.body.viewer.liked).toBe(true);
  });

  it('counts a redelivered like record once and writes its notice once', async () => {
    const { data: stored } = await db.entities.like.get({ fromId: f.profileId, toId: c.profileId }).go();
    if (!stored) throw new Error('no like');
    // The record as first delivered (before the consumer set `counted`), twice more.
    const raw = await db.entities.like.get({ fromId: f.profileId, toId: c.profileId }).go({ data: 'raw' });
    const { counted: _counted, ...image } = (raw.data as unknown as { Item: Record<string, unknown> }).Item;
    const record = toStreamRecord(
      streamRecord(
        'INSERT',
        { pk: image.pk as string, sk: image.sk as string },
        image,
        `replay-${f.profileId}`,
      ),
    );
    await likeRecord(db, record);
    await likeRecord(db, record);
    expect((await stats(c))?.likedBy).toBe(1);
    expect((await stats(f))?.likes).toBe(1);
    const { data: notices } = await db.entities.notice.query.byProfile({ profileId: c.profileId }).go();
    const liked = notices.filter((n) => n.kind === 'liked');
    expect(liked).toHaveLength(1);
    expect(liked[0]).toMatchObject({
      noticeId: likedNoticeId(stored.createdAt, f.profileId),
      params: { nickname: 'きのこ太郎', profile_id: f.profileId },
      createdAt: stored.createdAt,
    });
    const list = await api('/notice', { token: c.token });
    expect(list.body.notices.map((n: { kind: string }) => n.kind)).toContain('liked');
  });

  it('refuses self likes, creator to creator, unknown targets, fans liking fans', async () => {
    expect((await like(c, c.profileId)).body.code).toBe('self_like');
    expect((await like(f, f.profileId)).body.code).toBe('self_like');
    const cc = await like(c, c2.profileId);
    expect(cc.status).toBe(403);
    expect(cc.body.code).toBe('creator_to_creator');
    expect((await like(f, 'nosuchprofile')).body.code).toBe('profile_not_found');
    const f2 = await fan();
    expect((await like(f, f2.profileId)).body.code).toBe('profile_not_found');
    const unset = await registerAccount({ roleId: 2 });
    expect((await like(f, unset.profile_id)).body.code).toBe('profile_not_found');
  });

  it('refuses a caller whose sign-up is unfinished', async () => {
    const s = await signInFan({ displayName: 'unfinished' });
    const res = await api('/like', { token: s.access_token, body: { profile_id: c.profileId } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('registration_incomplete');
  });

  it('lets a creator like back only a fan who liked them, and notifies the fan with a profile link', async () => {
    const other = await fan();
    const refused = await like(c, other.profileId);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    const back = await like(c, f.profileId);
    expect(back.body).toEqual({ liked: true, created: true });
    await drainStreams();
    const { data: notices } = await db.entities.notice.query.byProfile({ profileId: f.profileId }).go();
    expect(notices.find((n) => n.kind === 'liked')?.params).toEqual({
      nickname: 'きのこ太郎',
      profile_id: c.profileId,
      username: c.username,
    });
  });

  it('is refused when either side blocked the other (profile_not_found), both ways', async () => {
    const [cb, fb, fc] = await Promise.all([publicCreator(), fan(), fan()]);
    expect((await block(fb, cb.profileId)).status).toBe(200);
    const mine = await like(fb, cb.profileId);
    expect(mine.status).toBe(404);
    expect(mine.body.code).toBe('profile_not_found');
    expect((await block(cb, fc.profileId)).status).toBe(200);
    expect((await like(fc, cb.profileId)).body.code).toBe('profile_not_found');
    expect((await fav(fc, cb.profileId)).body.code).toBe('profile_not_found');
    const view = await api(`/profile/${cb.username}`, { token: fb.token });
    expect(view.body.viewer).toMatchObject({ blocked: true, blocked_by: false });
  });
});

describe('POST /favorite and the counters', () => {
  let c: Member;
  let f: Member;
  beforeAll(async () => {
    [c, f] = await Promise.all([publicCreator(), fan()]);
  });

  it('toggles, or sets, and the creator sees the count', async () => {
    expect((await fav(f, c.profileId)).body).toEqual({ favorited: true });
    expect((await fav(f, c.profileId, true)).body).toEqual({ favorited: true });
    expect((await fav(f, c.profileId)).body).toEqual({ favorited: false });
    expect((await fav(f, c.profileId, false)).body).toEqual({ favorited: false });
    expect((await fav(f, c.profileId)).body).toEqual({ favorited: true });
    await drainStreams();
    expect((await stats(c))?.favoritedBy).toBe(1);
    const self = await api(`/profile/${c.username}`, { token: c.token });
    expect(self.body.favorited_by).toBe(1);
    const asFan = await api(`/profile/${c.username}`, { token: f.token });
    expect(asFan.body.viewer.favorited).toBe(true);
  });

  it('refuses self favorites, creators, and validates', async () => {
    expect((await fav(c, c.profileId)).body.code).toBe('self_favorite');
    const c2 = await publicCreator();
    expect((await fav(c, c2.profileId)).body.code).toBe('creator_to_creator');
    const bad = await api('/favorite', {
      token: f.token,
      body: { profile_id: c.profileId, favorite: 'yes' },
    });
    expect(bad.status).toBe(422);
    expect(issuePaths(bad.body)).toHaveProperty('favorite');
  });

  it('applies each favorite record once, removals included (keys only)', async () => {
    const keys = { pk: `favs#${f.profileId}`, sk: `to#${c.profileId}` };
    const before = (await stats(c))?.favoritedBy ?? 0;
    const removed = toStreamRecord(streamRecord('REMOVE', keys, null, `rm-${c.profileId}`));
    await favoriteRecord(db, removed);
    await favoriteRecord(db, removed);
    expect((await stats(c))?.favoritedBy).toBe(before - 1);
    const added = toStreamRecord(streamRecord('INSERT', keys, { ...keys }, `add-${c.profileId}`));
    await favoriteRecord(db, added);
    await favoriteRecord(db, added);
    expect((await stats(c))?.favoritedBy).toBe(before);
    // A creator who left gets no counters back (nothing recreated in their partition).
    const gone = { pk: `favs#${f.profileId}`, sk: 'to#nosuchcreator0000000000' };
    await favoriteRecord(
      db,
      toStreamRecord(streamRecord('INSERT', gone, { ...gone }, `gone-${c.profileId}`)),
    );
    expect((await db.entities.stats.get({ profileId: 'nosuchcreator0000000000' }).go()).data).toBeNull();
    expect(streamConsumers).toContainEqual({
      handler: 'streams/favorite-counters',
      area: 'social',
      filter: { pkPrefix: 'favs#', events: ['INSERT', 'REMOVE'] },
    });
  });
});

describe('the lists: favorites, liked, liked-you', () => {
  let f: Member;
  let f2: Member;
  let c: Member;
  const fakes: string[] = [];
  beforeAll(async () => {
    [f, f2, c] = await Promise.all([fan(), fan(), publicCreator()]);
    // More favorites than a page: directory entries of creators that exist only there.
    const base = Date.now() - 60_000;
    for (let i = 0; i < S.pageSize + 2; i++) {
      const id = `fakecreator${f.profileId.slice(0, 8)}${String(i).padStart(3, '0')}`;
      fakes.push(id);
      await putSearchDoc({ profileId: id, username: `fk${i}x${f.profileId.slice(0, 6)}` });
      await db.entities.favorite
        .put({ fanId: f.profileId, creatorId: id, createdAt: new Date(base + i * 1000).toISOString() })
        .go();
    }
    // Out of the directory again, so discovery never offers them.
    await Promise.all(fakes.map((profileId) => db.entities.searchDoc.delete({ profileId }).go()));
    await fav(f, c.profileId, true);
  });

  it('pages favorites newest first with sealed cursors, dropping creators no longer public', async () => {
    const first = await api(`/favorite/${f.profileId}`, { token: f.token });
    expect(first.status).toBe(200);
    // The fake creators left the directory: only the real one remains on the first page.
    expect(first.body.creators.map((x: { id: string }) => x.id)).toEqual([c.profileId]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await api(
      `/favorite/${f.profileId}?cursor=${encodeURIComponent(first.body.next_cursor)}`,
      {
        token: f.token,
      },
    );
    expect(second.status).toBe(200);
    expect(second.body.next_cursor).toBeNull();
  });

  it('refuses another profile’s list, a forged cursor and another caller’s cursor', async () => {
    const other = await api(`/favorite/${f.profileId}`, { token: f2.token });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('forbidden');
    for (const path of ['/like/liked', '/like/liked-you']) {
      expect((await api(`${path}/${f.profileId}`, { token: f2.token })).body.code).toBe('forbidden');
    }
    expect((await api('/favorite/a_b', { token: f.token })).body.code).toBe('profile_not_found');
    const forged = await api(`/favorite/${f.profileId}?cursor=garbage`, { token: f.token });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('cursor_invalid');
    const first = await api(`/favorite/${f.profileId}`, { token: f.token });
    const stolen = await api(
      `/favorite/${f2.profileId}?cursor=${encodeURIComponent(first.body.next_cursor)}`,
      {
        token: f2.token,
      },
    );
    expect(stolen.status).toBe(400);
    expect(stolen.body.code).toBe('cursor_invalid');
  });

  it('lists the people I liked and who liked me, with mutual likes', async () => {
    await like(f, c.profileId);
    const youBefore = await api(`/like/liked-you/${c.profileId}`, { token: c.token });
    expect(youBefore.status).toBe(200);
    expect(youBefore.body.entries[0]).toMatchObject({
      person: { id: f.profileId, role_id: 4, username: null, nickname: 'きのこ太郎', genre: null },
      mutual: false,
    });
    await like(c, f.profileId);
    const youAfter = await api(`/like/liked-you/${c.profileId}`, { token: c.token });
    expect(youAfter.body.entries[0].mutual).toBe(true);
    const liked = await api(`/like/liked/${f.profileId}`, { token: f.token });
    expect(liked.body.entries[0]).toMatchObject({
      person: { id: c.profileId, role_id: 2, username: c.username, genre: 'music' },
      mutual: true,
    });
    expect(liked.body.next_cursor).toBeNull();
  });

  it('drops people who left from the lists', async () => {
    const leaver = await fan();
    await like(leaver, c.profileId);
    const before = await api(`/like/liked-you/${c.profileId}`, { token: c.token });
    expect(before.body.entries.map((e: { person: { id: string } }) => e.person.id)).toContain(
      leaver.profileId,
    );
    expect((await api('/auth/leave', { method: 'POST', body: {}, token: leaver.token })).status).toBe(200);
    const after = await api(`/like/liked-you/${c.profileId}`, { token: c.token });
    expect(after.status).toBe(200);
    expect(after.body.entries.map((e: { person: { id: string } }) => e.person.id)).not.toContain(
      leaver.profileId,
    );
  });
});

describe('discovery', { timeout: 120_000 }, () => {
  it('offers creators not liked, skipped or blocked either way; a skip hides for the configured days', async () => {
    const [f, liked, mineBlocked, theyBlocked, open] = await Promise.all([
      fan(),
      publicCreator(),
      publicCreator(),
      publicCreator(),
      publicCreator(),
    ]);
    await like(f, liked.profileId);
    await block(f, mineBlocked.profileId);
    await block(theyBlocked, f.profileId);

    const res = await api('/like/discovery', { token: f.token });
    expect(res.status).toBe(200);
    const first = discoveryResponse.parse(res.body);
    expect(first.cards.length).toBeGreaterThan(0);
    expect(first.cards.length).toBeLessThanOrEqual(S.discoveryBatch);

    // Skip everything offered until nothing is left: every creator offered once, never the excluded.
    const me = await profileOf(f);
    const exhaust = async (at: Date) => {
      const clock = manualClock(at);
      const seen = new Set<string>();
      for (let round = 0; round < 500; round++) {
        const { cards } = await discover({ db, clock }, me);
        if (cards.length === 0) return seen;
        for (const card of cards) {
          expect(seen.has(card.id), card.id).toBe(false);
          seen.add(card.id);
          await db.entities.discoverySkip
            .put({
              fromId: f.profileId,
              toId: card.id,
              createdAt: at.toISOString(),
              ttl: ttlAt(new Date(at.getTime() + S.skipDays * DAY_MS)),
            })
            .go();
        }
      }
      throw new Error('discovery never ran out');
    };
    const now = new Date();
    const seen = await exhaust(now);
    expect(seen.has(open.profileId)).toBe(true);
    for (const hidden of [liked, mineBlocked, theyBlocked, f]) expect(seen.has(hidden.profileId)).toBe(false);
    // Nothing left: an empty batch.
    expect((await api('/like/discovery', { token: f.token })).body).toEqual({ cards: [] });
    // Still hidden a day before the skip ends; offered again after it.
    expect(
      (await discover({ db, clock: manualClock(new Date(now.getTime() + (S.skipDays - 1) * DAY_MS)) }, me))
        .cards,
    ).toEqual([]);
    const later = await exhaust(new Date(now.getTime() + (S.skipDays + 1) * DAY_MS));
    expect(later.has(open.profileId)).toBe(true);
    expect(later.has(liked.profileId)).toBe(false);
  });

  it('does not always start with the same card', async () => {
    const f = await fan();
    await Promise.all([publicCreator(), publicCreator(), publicCreator()]);
    const me = await profileOf(f);
    const firsts = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const { cards } = await discover({ db, clock: manualClock() }, me);
      if (cards[0]) firsts.add(cards[0].id);
    }
    expect(firsts.size).toBeGreaterThan(1);
  });

  it('POST /like/discovery likes or skips, validates, and is for fans and owners', async () => {
    const [f, c1, c2] = await Promise.all([fan(), publicCreator(), publicCreator()]);
    const liked = await api('/like/discovery', {
      token: f.token,
      body: { profile_id: c1.profileId, action: 'like' },
    });
    expect(liked.body).toEqual({ ok: true });
    expect(
      (await db.entities.like.get({ fromId: f.profileId, toId: c1.profileId }).go()).data,
    ).not.toBeNull();
    const skipped = await api('/like/discovery', {
      token: f.token,
      body: { profile_id: c2.profileId, action: 'skip' },
    });
    expect(skipped.body).toEqual({ ok: true });
    const { data: skip } = await db.entities.discoverySkip
      .get({ fromId: f.profileId, toId: c2.profileId })
      .go();
    expect(skip?.ttl).toBeGreaterThan(ttlAt(new Date(Date.now() + (S.skipDays - 1) * DAY_MS)));
    const bad = await api('/like/discovery', {
      token: f.token,
      body: { profile_id: c2.profileId, action: 'love' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.issues).toContainEqual({ path: 'action', message: V.required });
    const self = await api('/like/discovery', {
      token: f.token,
      body: { profile_id: f.profileId, action: 'skip' },
    });
    expect(self.body.code).toBe('self_like');
    const asCreator = await api('/like/discovery', { token: c1.token });
    expect(asCreator.status).toBe(403);
  });
});

describe('supporters', () => {
  it('ranks fans by points spent on the creator, this month and all time, once per movement', {
    timeout: 120_000,
  }, async () => {
    const [c, big, small, hidden] = await Promise.all([publicCreator(), fan(), fan(), fan()]);
    await Promise.all([give(big.profileId, 20), give(small.profileId, 20), give(hidden.profileId, 20)]);
    const pay = async (m: Member, times: number) => {
      const chatroomId = await room(m, c);
      for (let i = 0; i < times; i++)
        expect((await send(m, chatroomId, { text: `paid ${i}` })).status).toBe(200);
    };
    await pay(big, 3);
    await pay(small, 1);
    await pay(hidden, 2);
    await setProfileField(hidden.profileId, 'isAnonymousOpenLog', true);
    await drainStreams();
    const view = await api(`/profile/${c.username}`);
    const lines = (l: { rank: number; anonymous: boolean; id: string | null; points: number }[]) =>
      l.map(({ rank, anonymous, id, points }) => ({ rank, anonymous, id, points }));
    const expected = [
      { rank: 1, anonymous: false, id: big.profileId, points: 3 },
      { rank: 2, anonymous: true, id: null, points: 2 },
      { rank: 3, anonymous: false, id: small.profileId, points: 1 },
    ];
    expect(lines(view.body.supporters.month)).toEqual(expected);
    expect(lines(view.body.supporters.all_time)).toEqual(expected);
    expect(view.body.supporters.month[1]).toMatchObject({ nickname: null, profile_image: null });
    expect(view.body.supporters.month[0].nickname).toBe('きのこ太郎');

    // A redelivered journal record adds nothing.
    const { data: rows } = await db.entities.supporter.query.byCreator({ creatorId: c.profileId }).go();
    const txId = rows.find((r) => r.fanId === small.profileId && r.period === 'all')
      ?.lastTxIds?.[0] as string;
    const { data: journal } = await db.entities.journal.get({ txId }).go();
    const raw = await db.entities.journal.get({ txId }).go({ data: 'raw' });
    expect(journal).not.toBeNull();
    const record = toStreamRecord(
      streamRecord(
        'INSERT',
        { pk: `journal#${txId}`, sk: 'journal' },
        (raw.data as unknown as { Item: Record<string, unknown> }).Item,
        `sup-${txId}`,
      ),
    );
    await supporterRecord(db, record);
    await supporterRecord(db, record);
    const again = await api(`/profile/${c.username}`);
    expect(lines(again.body.supporters.all_time)).toEqual(expected);

    // Hidden by the creator: null for others, still shown to the creator.
    await setProfileField(c.profileId, 'isHideSupporterRanking', true);
    expect((await api(`/profile/${c.username}`, { token: big.token })).body.supporters).toBeNull();
    expect((await api(`/profile/${c.username}`, { token: c.token })).body.supporters.month).toHaveLength(3);
  });
});
