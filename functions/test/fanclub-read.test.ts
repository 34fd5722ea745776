/**
 * Reading fan club posts (issue 14): the profile's list and a post's page, behind the one access
 * check. Public posts for everyone; members-only posts for the months a member paid, a pass's
 * month, the creator; a locked teaser (no text, no file URL) otherwise. File URLs are presigned
 * GETs minted after the check that the bucket refuses after `privateUrlSeconds`.
 */
import { randomUUID } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { ended, joined } from '@app/shared/fanclub';
import { mediaConfig } from '@app/shared/media';
import { jstMonth } from '@app/shared/time';
import { afterEach, describe, expect, it } from 'vitest';
import { setProfileField } from './helpers/accounts.ts';
import { creator, fan, give, type Member, renew } from './helpers/chat.ts';
import { api, setClock, testDb } from './helpers/cloud.ts';
import { putFanclubRecord, putMembership, putPass, putPostRecord } from './helpers/fanclub-read.ts';

const db = testDb();
const DAY_MS = 86_400_000;
const PAGE = businessConfig.fanclub.postPageSize;

// biome-ignore lint/suspicious/noExplicitAny: test code reads response fields freely
type Post = any;

const list = (id: string, who?: Member, cursor?: string) =>
  api(`/fanclub/posts/${id}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
    ...(who ? { token: who.token } : {}),
  });
const detail = (id: string, who?: Member) => api(`/fanclub/post/${id}`, who ? { token: who.token } : {});
const byId = (posts: Post[], id: string): Post => posts.find((p) => p.id === id);

/** A locked post gives away nothing but what it holds. */
function expectLocked(p: Post, lock: { join: boolean; pass: boolean }, price = 300) {
  expect(p).toMatchObject({ text: null, images: [], video: null, lock: { ...lock, price } });
  expect(JSON.stringify(p)).not.toMatch(/private\/|X-Amz|Signature/);
}

/** A creator with a fan club (300 a month) and three posts: public, this month's, a past month's. */
async function club() {
  const c = await creator();
  await putFanclubRecord(c.profileId, 300);
  const past = new Date(Date.now() - 45 * DAY_MS);
  const old = await putPostRecord(c.profileId, { at: past, video: true, text: '先々月の動画' });
  const current = await putPostRecord(c.profileId, {
    at: new Date(Date.now() - 120_000),
    images: 3,
    text: '今月の写真\n二行目',
  });
  const pub = await putPostRecord(c.profileId, {
    at: new Date(Date.now() - 60_000),
    visibility: 'public',
    text: 'みんなへ',
  });
  return { c, old, current, pub };
}

/** The creator's "allow re-view of back numbers" (business settings). */
async function setReView(c: Member, on: boolean) {
  const res = await api('/mypage/business-setting', {
    token: c.token,
    body: { allow_back_number_review: on },
  });
  expect(res.status).toBe(200);
}

afterEach(async () => {
  await setClock(0);
});

describe('the profile’s post list', { timeout: 120_000 }, () => {
  it('shows guests public posts and teasers, the owner everything, a member the months paid', async () => {
    const { c, old, current, pub } = await club();
    const [member, stranger] = await Promise.all([fan(), fan()]);
    await putMembership(member.profileId, c.profileId, new Date());

    const guest = await list(c.username);
    expect(guest.status).toBe(200);
    expect(guest.body.posts.map((p: Post) => p.id)).toEqual([pub.postId, current.postId, old.postId]);
    expect(byId(guest.body.posts, pub.postId)).toMatchObject({ text: 'みんなへ', lock: null });
    const teaser = byId(guest.body.posts, current.postId);
    expectLocked(teaser, { join: true, pass: false });
    expect(teaser).toMatchObject({ image_count: 3, has_video: false, month: current.month });
    expectLocked(byId(guest.body.posts, old.postId), { join: true, pass: false });
    expect(byId(guest.body.posts, old.postId)).toMatchObject({ image_count: 0, has_video: true });

    // A signed-in fan who never joined: joining opens this month; no pass before joining.
    const never = await list(c.profileId, stranger);
    expectLocked(byId(never.body.posts, current.postId), { join: true, pass: false });
    expectLocked(byId(never.body.posts, old.postId), { join: false, pass: false });

    const own = await list(c.username, c);
    for (const p of own.body.posts) expect(p.lock).toBeNull();
    expect(byId(own.body.posts, current.postId).images).toHaveLength(3);
    expect(byId(own.body.posts, old.postId).video.url).toMatch(/^http/);

    const mine = await list(c.username, member);
    const open = byId(mine.body.posts, current.postId);
    expect(open).toMatchObject({ text: '今月の写真\n二行目', lock: null, image_count: 3 });
    expect(open.images).toHaveLength(3);
    // The past month was not paid: a pass can be bought, joining is moot (already a member).
    expectLocked(byId(mine.body.posts, old.postId), { join: false, pass: true });
  });

  it('gives the files of a readable post as URLs that work, and that expire after privateUrlSeconds', async () => {
    const { c, current } = await club();
    const member = await fan();
    await putMembership(member.profileId, c.profileId, new Date(Date.now() - DAY_MS));
    const minted = async (offsetMs: number) => {
      await setClock(offsetMs);
      await renew(member);
      const res = await list(c.username, member);
      expect(res.status).toBe(200);
      return byId(res.body.posts, current.postId).images[0] as { thumb_url: string; full_url: string };
    };
    const fresh = await minted(-(mediaConfig.privateUrlSeconds - 10) * 1000);
    const [thumb, full] = await Promise.all([fetch(fresh.thumb_url), fetch(fresh.full_url)]);
    expect(thumb.status).toBe(200);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/webp');
    const stale = await minted(-(mediaConfig.privateUrlSeconds + 10) * 1000);
    expect((await fetch(stale.thumb_url)).status).toBe(403);
    expect((await fetch(stale.full_url)).status).toBe(403);
  });

  it('locks a lapsed member out (an ended membership, or the clock past the paid period), with no URL', async () => {
    const { c, current } = await club();
    const [lapsed, stopped] = await Promise.all([fan(), fan()]);
    // Ended by the job: the current month was paid, but the membership is over.
    await putMembership(lapsed.profileId, c.profileId, new Date(Date.now() - 20 * DAY_MS), ended);
    const res = await list(c.username, lapsed);
    expectLocked(byId(res.body.posts, current.postId), { join: true, pass: false });
    expect((await detail(current.postId, lapsed)).body.post.lock).toMatchObject({ join: true });

    // Active with auto-renewal off, read after its period by the clock (the job has not run yet).
    const state = await putMembership(
      stopped.profileId,
      c.profileId,
      new Date(Date.now() - 20 * DAY_MS),
      (s) => ({
        ...s,
        autoRenew: false,
      }),
    );
    const before = await detail(current.postId, stopped);
    expect(before.body.post.lock).toBeNull();
    expect(before.body.post.images).toHaveLength(3);
    const moved = await setClock(Date.parse(state.accessUntil) - Date.now() + 60_000);
    await renew(stopped);
    const after = await detail(current.postId, stopped);
    expect(after.status).toBe(200);
    // A join now starts a new stint: it opens the post while its month lasts; once the month is
    // over, that month's pass is the way (without re-view, a new stint does not open old months).
    const sameMonth = jstMonth(moved) === current.month;
    const lock = { join: sameMonth, pass: !sameMonth };
    expectLocked(after.body.post, lock);
    expectLocked(byId((await list(c.username, stopped)).body.posts, current.postId), lock);
  });

  it('opens a month for good with a pass; re-view of earlier stints follows the creator’s setting', async () => {
    const { c, old, current } = await club();
    const [holder, rejoined] = await Promise.all([fan(), fan()]);
    await putMembership(holder.profileId, c.profileId, new Date());
    await putPass(holder.profileId, c.profileId, old.month);
    const res = await list(c.username, holder);
    expect(byId(res.body.posts, old.postId)).toMatchObject({ text: '先々月の動画', lock: null });
    expect((await fetch(byId(res.body.posts, old.postId).video.url)).status).toBe(200);

    // Paid the old month in an earlier stint, ended, joined again now.
    const firstStint = new Date(Date.now() - 46 * DAY_MS);
    const state = await putMembership(rejoined.profileId, c.profileId, firstStint, (s) =>
      joined(ended(s), new Date()),
    );
    expect(state.earlierMonths).toContain(old.month);
    expect(state.months).not.toContain(old.month);
    expect(old.month < jstMonth(new Date())).toBe(true);
    const off = await list(c.username, rejoined);
    expectLocked(byId(off.body.posts, old.postId), { join: false, pass: true });
    expect(byId(off.body.posts, current.postId).lock).toBeNull();
    await setReView(c, true);
    const on = await list(c.username, rejoined);
    expect(byId(on.body.posts, old.postId).lock).toBeNull();
    expect((await detail(old.postId, rejoined)).body.post.video.url).toMatch(/^http/);
    await setReView(c, false);
    expectLocked((await detail(old.postId, rejoined)).body.post, { join: false, pass: true });
  });

  it('opens to a join through POST /fanclub/join at once, and a month to a pass bought through POST /fanclub/backnumber', async () => {
    const { c, old, current } = await club();
    const f = await fan();
    await give(f.profileId, 1000);
    expectLocked(byId((await list(c.username, f)).body.posts, current.postId), { join: true, pass: false });
    const joinRes = await api('/fanclub/join', {
      token: f.token,
      body: { creator_id: c.profileId, price: 300, agree_terms: true, key: randomUUID() },
    });
    expect(joinRes.status, JSON.stringify(joinRes.body)).toBe(200);
    const after = await list(c.username, f);
    expect(byId(after.body.posts, current.postId)).toMatchObject({ lock: null, image_count: 3 });
    expect((await fetch(byId(after.body.posts, current.postId).images[0].full_url)).status).toBe(200);
    expectLocked(byId(after.body.posts, old.postId), { join: false, pass: true });
    const passRes = await api('/fanclub/backnumber', {
      token: f.token,
      body: { creator_id: c.profileId, month: old.month, price: 300, agree_terms: true, key: randomUUID() },
    });
    expect(passRes.status, JSON.stringify(passRes.body)).toBe(200);
    const opened = await detail(old.postId, f);
    expect(opened.body.post).toMatchObject({ lock: null, text: '先々月の動画' });
    expect((await fetch(opened.body.post.video.url)).status).toBe(200);
  });

  it('pages newest first; forged cursors and another creator’s cursor are refused', async () => {
    const c = await creator();
    const other = await creator();
    const ids: string[] = [];
    for (let i = 0; i < PAGE + 3; i++) {
      const p = await putPostRecord(c.profileId, {
        at: new Date(Date.now() - (i + 1) * 60_000),
        visibility: 'public',
      });
      ids.push(p.postId);
    }
    await putPostRecord(other.profileId, { visibility: 'public' });
    // The creator's scheduled post is not in the list (it is not published).
    await putPostRecord(c.profileId, { at: new Date(Date.now() + DAY_MS), status: 'scheduled' });
    const first = await list(c.username);
    expect(first.body.posts).toHaveLength(PAGE);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await list(c.username, undefined, first.body.next_cursor);
    expect(second.status).toBe(200);
    expect(second.body.next_cursor).toBeNull();
    expect([...first.body.posts, ...second.body.posts].map((p: Post) => p.id)).toEqual(ids);
    expect((await list(c.username, c)).body.posts.map((p: Post) => p.id)).toEqual(ids.slice(0, PAGE));

    // A cursor of another list of the same route (another creator) opens the seal but not the list.
    const forged = await list(other.username, undefined, first.body.next_cursor);
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('cursor_invalid');
    expect((await list(c.username, undefined, 'abc')).status).toBe(400);
    expect((await list(c.username, undefined, `${first.body.next_cursor}x`)).status).toBe(400);
    expect((await list(c.username, undefined, 'x'.repeat(2000))).status).toBe(400);
  });

  it('answers 404 profile_not_found for unknown, suspended and non-creator profiles', async () => {
    const c = await creator();
    const f = await fan();
    await putPostRecord(c.profileId, { visibility: 'public' });
    expect((await list('nobody_here_x')).body.code).toBe('profile_not_found');
    expect((await list(f.username)).body.code).toBe('profile_not_found');
    expect((await list('no spaces')).status).toBe(404);
    await setProfileField(c.profileId, 'status', 'suspended');
    const gone = await list(c.username);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('profile_not_found');
  });
});

describe('a post’s page', { timeout: 120_000 }, () => {
  it('applies the same rule, hides scheduled posts from all but their creator, refuses bad ids', async () => {
    const { c, current, pub } = await club();
    const [member, otherCreator] = await Promise.all([fan(), creator()]);
    await putMembership(member.profileId, c.profileId, new Date());
    const scheduled = await putPostRecord(c.profileId, {
      at: new Date(Date.now() + 2 * DAY_MS),
      status: 'scheduled',
      images: 1,
    });

    const guest = await detail(current.postId);
    expect(guest.status).toBe(200);
    expectLocked(guest.body.post, { join: true, pass: false });
    expect(guest.body.creator).toMatchObject({ id: c.profileId, username: c.username });
    expect((await detail(pub.postId)).body.post.text).toBe('みんなへ');

    const mine = await detail(current.postId, member);
    expect(mine.body.post.lock).toBeNull();
    expect((await fetch(mine.body.post.images[2].thumb_url)).status).toBe(200);

    // Another creator reads this creator's members-only post: a reader like any other.
    expectLocked((await detail(current.postId, otherCreator)).body.post, { join: true, pass: false });

    // Scheduled: the same answer as a post that does not exist, except for its creator.
    for (const who of [undefined, member, otherCreator]) {
      const res = await detail(scheduled.postId, who);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'post_not_found' });
    }
    const own = await detail(scheduled.postId, c);
    expect(own.body.post).toMatchObject({ status: 'scheduled', lock: null });
    expect(own.body.post.images).toHaveLength(1);

    expect((await detail('01ARZ3NDEKTSV4RRFFQ69G5FAV')).body.code).toBe('post_not_found');
    expect((await detail('not-a-ulid')).status).toBe(404);
    expect((await detail('not-a-ulid')).body.code).toBe('post_not_found');

    // A suspended creator's posts are gone for readers.
    await setProfileField(c.profileId, 'status', 'suspended');
    expect((await detail(pub.postId)).body.code).toBe('post_not_found');
    // and a creator whose profile no longer exists
    await db.entities.profile.delete({ profileId: c.profileId }).go();
    expect((await detail(pub.postId, member)).body.code).toBe('post_not_found');
  });
});
