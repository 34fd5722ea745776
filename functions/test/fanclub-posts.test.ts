/**
 * Fan club posts, the creator's side (issue 14): the post form's rules, its uploads on the media
 * pipeline, ownership, scheduled publication through EventBridge Scheduler (the local stand-in:
 * created, moved, removed, and really fired), the publish job's idempotency, PostMonth counts in
 * the same transaction as the post's writes, and the files of a deleted post removed by the
 * stream consumer.
 */
import { businessConfig } from '@app/shared/config';
import { postSaveRequest } from '@app/shared/schemas/fanclub';
import { jstMonth } from '@app/shared/time';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { s3MediaStore } from '../src/lib/media-store.ts';
import { eventBridgeScheduler, type OneTimeScheduler } from '../src/lib/schedules.ts';
import { publishScheduledPost } from '../src/services/fanclub/post-publish.ts';
import { type PostDeps, savePost } from '../src/services/fanclub/posts.ts';
import { creator, fan, type Member } from './helpers/chat.ts';
import { api, drainStreams, issuePaths, manualClock, setClock, testDb } from './helpers/cloud.ts';
import { keysUnder, mp4, png, postForm, type Target } from './helpers/media.ts';

const db = testDb();
const F = businessConfig.fanclub;
const MINUTE = 60_000;
const DAY = 86_400_000;

beforeAll(() => {
  // In-process services read the local cloud's environment (bucket, scheduler group, endpoints).
  Object.assign(process.env, inject('localEnv'));
});

async function uploaded(
  m: Member,
  purpose: 'postImage' | 'postVideo',
  bytes: Uint8Array,
  type = purpose === 'postImage' ? 'image/png' : 'video/mp4',
): Promise<string> {
  const res = await api('/fanclub/post/upload-url', {
    token: m.token,
    body: { purpose, content_type: type },
  });
  expect(res.status).toBe(200);
  const t = res.body as Target;
  expect((await postForm(t, bytes)).status).toBe(204);
  return t.key;
}

const save = (m: Member, body: unknown) => api('/fanclub/post', { token: m.token, body });
const remove = (m: Member, id: string) => api('/fanclub/post/delete', { token: m.token, body: { id } });
const myPosts = (m: Member, cursor?: string) =>
  api(`/fanclub/my-posts/${m.profileId}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
    token: m.token,
  });
const postOf = async (postId: string) =>
  (await db.entities.post.get({ postId }).go({ consistent: true })).data;
const monthCount = async (creatorId: string, month: string) =>
  (await db.entities.postMonth.get({ creatorId, month }).go({ consistent: true })).data?.posts ?? 0;
const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/') + 1);

async function withFanclub(m: Member): Promise<void> {
  const now = new Date().toISOString();
  await db.entities.fanclub
    .create({ creatorId: m.profileId, name: 'さくらの部屋', price: 500, createdAt: now, updatedAt: now })
    .go();
}

/** The local scheduler stand-in's view of a schedule (null: none). */
async function scheduleAt(name: string): Promise<Record<string, unknown> | null> {
  const res = await fetch(
    `${inject('url')}/_local/scheduler/schedules/${encodeURIComponent(name)}?groupName=kinoko-test`,
  );
  if (res.status === 404) return null;
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

const inMinutes = (minutes: number, from = Date.now()) => new Date(from + minutes * MINUTE).toISOString();

describe('the post form: rules', () => {
  it('refuses each broken rule on its field, with its message', async () => {
    const c = await creator();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ text: '', visibility: 'public' }, { text: 'validation.postContent' }],
      [{ text: 'あ'.repeat(F.postTextMax + 1), visibility: 'public' }, { text: 'validation.postText' }],
      [{ text: 'x', visibility: 'friends' }, { visibility: 'validation.postVisibility' }],
      [
        { text: 'x', visibility: 'public', publish_at: 'tomorrow' },
        { publish_at: 'validation.postPublishAt' },
      ],
      [
        { text: 'x', visibility: 'public', images: Array.from({ length: F.postImagesMax + 1 }, () => 'x') },
        { images: 'validation.postImagesMax' },
      ],
      [{ text: 'x', visibility: 'public', images: ['../etc/passwd'] }, { 'images.0': 'validation.postFile' }],
    ];
    for (const [body, issues] of cases) {
      const res = await save(c, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(issuePaths(res.body)).toMatchObject(issues);
    }
  });

  it('refuses images and a video together, and a time too soon or too far, with the clock', async () => {
    const c = await creator();
    const [image, video] = await Promise.all([
      uploaded(c, 'postImage', await png()),
      uploaded(c, 'postVideo', mp4()),
    ]);
    const both = await save(c, { text: 'x', visibility: 'public', images: [image], video });
    expect(both.status).toBe(422);
    expect(issuePaths(both.body)).toEqual({ video: 'validation.postMediaBoth' });
    const soon = await save(c, {
      text: 'x',
      visibility: 'public',
      publish_at: inMinutes(F.postScheduleMinMinutes - 1),
    });
    expect(issuePaths(soon.body)).toEqual({ publish_at: 'validation.postPublishAt' });
    const far = await save(c, {
      text: 'x',
      visibility: 'public',
      publish_at: new Date(Date.now() + (F.postScheduleMaxDays + 1) * DAY).toISOString(),
    });
    expect(issuePaths(far.body)).toEqual({ publish_at: 'validation.postPublishAtFar' });
    // The same times are fine an hour earlier on the service's clock (the injected clock decides).
    const deps = {
      ...(await inProcessDeps()),
      clock: manualClock(new Date(Date.now() - 2 * F.postScheduleMinMinutes * MINUTE)),
    };
    const me = await profileOf(c);
    const ok = await savePost(
      deps,
      me,
      postSaveRequest.parse({
        text: 'x',
        visibility: 'public',
        publish_at: inMinutes(F.postScheduleMinMinutes - 1),
      }),
    );
    expect(ok.post.status).toBe('scheduled');
    // Nothing was written by the refusals.
    expect((await myPosts(c)).body.posts).toHaveLength(1);
  });

  it('a members-only post needs the fan club; a public one does not', async () => {
    const c = await creator();
    const res = await save(c, { text: '会員限定', visibility: 'members' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('fanclub_not_found');
    expect((await save(c, { text: '公開', visibility: 'public' })).status).toBe(200);
    await withFanclub(c);
    expect((await save(c, { text: '会員限定', visibility: 'members' })).status).toBe(200);
  });
});

describe('the post form: files', () => {
  it('publishes text with images: processed, private, full and thumb, listed with the form keys', async () => {
    const c = await creator();
    const [a, b] = await Promise.all([
      uploaded(c, 'postImage', await png(64, 48, '#a33')),
      uploaded(c, 'postImage', await png(40, 40, '#33a')),
    ]);
    const res = await save(c, { text: '海に行きました', visibility: 'public', images: [a, b] });
    expect(res.status).toBe(200);
    const post = res.body.post;
    expect(post).toMatchObject({
      status: 'published',
      visibility: 'public',
      image_count: 2,
      has_video: false,
      lock: null,
    });
    expect(res.body.creator).toMatchObject({ id: c.profileId, username: c.username });
    expect(post.edit.images).toHaveLength(2);
    for (const key of post.edit.images) {
      expect(key).toMatch(new RegExp(`^private/post-image/${c.profileId}/${post.id}-[^/]+/full\\.webp$`));
    }
    const stored = await postOf(post.id);
    expect(stored?.images?.map((i) => i.thumbKey)).toEqual(
      post.edit.images.map((k: string) => k.replace('full.webp', 'thumb.webp')),
    );
    expect(await keysUnder(folderOf(post.edit.images[0]))).toHaveLength(2);
    // The owner sees the files through presigned GETs; the uploads are gone once used.
    expect((await fetch(post.images[0].thumb_url)).status).toBe(200);
    expect((await fetch(post.images[1].full_url)).status).toBe(200);
    expect(await keysUnder(`uploads/post-image/${c.profileId}/`)).toEqual([]);
    // Reordering and keeping held keys is an edit without new uploads.
    const reordered = await save(c, {
      id: post.id,
      text: '並べ替え',
      visibility: 'public',
      images: [...post.edit.images].reverse(),
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.post.edit.images).toEqual([...post.edit.images].reverse());
    const list = await myPosts(c);
    expect(list.body.posts[0]).toMatchObject({ id: post.id, text: '並べ替え' });
  });

  it('refuses an upload by its field: not the caller’s, of the other purpose, of the wrong bytes', async () => {
    const c = await creator();
    const other = await creator();
    const mine = await uploaded(c, 'postImage', await png());
    const theirs = await uploaded(other, 'postImage', await png());
    const res = await save(c, { text: 'x', visibility: 'public', images: [mine, theirs] });
    expect(issuePaths(res.body)).toEqual({ 'images.1': 'validation.postFile' });
    const video = await uploaded(c, 'postVideo', mp4());
    expect(issuePaths((await save(c, { text: 'x', visibility: 'public', images: [video] })).body)).toEqual({
      'images.0': 'validation.postFile',
    });
    expect(issuePaths((await save(c, { text: 'x', visibility: 'public', video: mine })).body)).toEqual({
      video: 'validation.postFile',
    });
    // Not a PNG at all: the pipeline's check refuses it on its field, and nothing is processed.
    const fake = await uploaded(c, 'postImage', new TextEncoder().encode('not an image at all'));
    const bad = await save(c, { text: 'x', visibility: 'public', images: [mine, fake] });
    expect(issuePaths(bad.body)).toEqual({ 'images.1': 'validation.mediaType' });
    expect(await keysUnder(`private/post-image/${c.profileId}/`)).toEqual([]);
    // The upload URL refuses a type of the other purpose; a key held by another post is refused.
    const url = await api('/fanclub/post/upload-url', {
      token: c.token,
      body: { purpose: 'postVideo', content_type: 'image/png' },
    });
    expect(issuePaths(url.body)).toEqual({ content_type: 'validation.mediaType' });
    const held = (await save(other, { text: 'y', visibility: 'public', images: [theirs] })).body.post.edit
      .images[0];
    expect(issuePaths((await save(c, { text: 'x', visibility: 'public', images: [held] })).body)).toEqual({
      'images.0': 'validation.postFile',
    });
  });

  it('takes one video', async () => {
    const c = await creator();
    const video = await uploaded(c, 'postVideo', mp4());
    const res = await save(c, { text: '', visibility: 'public', video });
    expect(res.status).toBe(200);
    expect(res.body.post).toMatchObject({ has_video: true, image_count: 0 });
    expect(res.body.post.edit.video).toMatch(
      new RegExp(`^private/post-video/${c.profileId}/${res.body.post.id}-`),
    );
    expect((await fetch(res.body.post.video.url)).status).toBe(200);
  });
});

describe('ownership', () => {
  it('only the creator edits, deletes and lists their posts', async () => {
    const c = await creator();
    const other = await creator();
    const f = await fan();
    const id = (await save(c, { text: 'mine', visibility: 'public' })).body.post.id;
    const edit = await save(other, { id, text: 'stolen', visibility: 'public' });
    expect(edit.status).toBe(404);
    expect(edit.body.code).toBe('post_not_found');
    expect((await remove(other, id)).body.code).toBe('post_not_found');
    expect((await api(`/fanclub/post/${id}/edit`, { token: other.token })).body.code).toBe('post_not_found');
    expect((await api(`/fanclub/post/${id}/edit`, { token: c.token })).body.post).toMatchObject({
      id,
      text: 'mine',
    });
    expect((await save(f, { text: 'x', visibility: 'public' })).status).toBe(403);
    expect((await remove(f, id)).status).toBe(403);
    expect(
      (
        await api('/fanclub/post/upload-url', {
          token: f.token,
          body: { purpose: 'postImage', content_type: 'image/png' },
        })
      ).status,
    ).toBe(403);
    expect((await api(`/fanclub/my-posts/${c.profileId}`, { token: other.token })).status).toBe(403);
    expect((await myPosts(c, 'forged')).status).toBe(400);
    // A shop owner passes the route's roles but is no creator.
    const owner = await creator({ roleId: 1 });
    expect((await save(owner, { text: 'x', visibility: 'public' })).status).toBe(403);
    expect((await postOf(id))?.text).toBe('mine');
    // An id that is no post: 404; a malformed one: 422.
    expect((await remove(c, '01ARZ3NDEKTSV4RRFFQ69G5FAV')).status).toBe(404);
    expect((await remove(c, 'x')).status).toBe(422);
  });
});

async function profileOf(m: Member) {
  const { data } = await db.entities.profile.get({ profileId: m.profileId }).go({ consistent: true });
  if (!data) throw new Error('no profile');
  return data;
}

async function inProcessDeps(scheduler: OneTimeScheduler = eventBridgeScheduler()): Promise<PostDeps> {
  return { db, clock: manualClock(), media: s3MediaStore(), scan: 'none', scheduler };
}

describe('scheduled publication', () => {
  afterAll(() => setClock(0));

  it('creates a one-time schedule, moves it on edit, removes it on delete', async () => {
    const c = await creator();
    const at = inMinutes(60);
    const res = await save(c, { text: '予約', visibility: 'public', publish_at: at });
    expect(res.status).toBe(200);
    const post = res.body.post;
    expect(post).toMatchObject({ status: 'scheduled', published_at: at.replace(/\.\d{3}Z$/, '.000Z') });
    const first = (await postOf(post.id))?.scheduleName as string;
    const schedule = await scheduleAt(first);
    expect(schedule).toMatchObject({
      ScheduleExpression: `at(${at.slice(0, 19)})`,
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      GroupName: 'kinoko-test',
    });
    const target = schedule?.Target as { Arn: string; Input: string; DeadLetterConfig: { Arn: string } };
    expect(target.Arn).toMatch(/:function:kinoko-test-JobsFanclubPostPublish$/);
    expect(JSON.parse(target.Input)).toEqual({ post_id: post.id, version: 1 });
    expect(target.DeadLetterConfig.Arn).toMatch(/scheduler-dead-letters$/);
    // Scheduled ones first in the creator's list.
    await save(c, { text: '公開済み', visibility: 'public' });
    expect((await myPosts(c)).body.posts.map((p: { status: string }) => p.status)).toEqual([
      'scheduled',
      'published',
    ]);

    // Moving the time: a new schedule for the new version, the old one gone.
    const later = inMinutes(120);
    expect(
      (await save(c, { id: post.id, text: '予約', visibility: 'public', publish_at: later })).status,
    ).toBe(200);
    const second = (await postOf(post.id))?.scheduleName as string;
    expect(second).not.toBe(first);
    expect(await scheduleAt(first)).toBeNull();
    const moved = await scheduleAt(second);
    expect(moved?.ScheduleExpression).toBe(`at(${later.slice(0, 19)})`);
    expect(JSON.parse((moved?.Target as { Input: string } | undefined)?.Input ?? 'null')).toEqual({
      post_id: post.id,
      version: 2,
    });

    expect((await remove(c, post.id)).status).toBe(200);
    expect(await scheduleAt(second)).toBeNull();
    expect(await postOf(post.id)).toBeNull();
  });

  it('publishing a scheduled post now removes its schedule; a published post cannot be moved', async () => {
    const c = await creator();
    await withFanclub(c);
    const id = (await save(c, { text: '予約', visibility: 'members', publish_at: inMinutes(30) })).body.post
      .id;
    const name = (await postOf(id))?.scheduleName as string;
    const month = jstMonth(new Date());
    expect(await monthCount(c.profileId, month)).toBe(0);
    const now = await save(c, { id, text: '今すぐ', visibility: 'members', publish_at: null });
    expect(now.body.post.status).toBe('published');
    expect(await scheduleAt(name)).toBeNull();
    expect(await monthCount(c.profileId, month)).toBe(1);
    const publishedAt = now.body.post.published_at;
    const move = await save(c, { id, text: '今すぐ', visibility: 'members', publish_at: inMinutes(60) });
    expect(move.status).toBe(409);
    expect(move.body.code).toBe('post_published');
    // An edit keeps the publication time and month.
    const edit = await save(c, { id, text: '直しました', visibility: 'members' });
    expect(edit.body.post).toMatchObject({ published_at: publishedAt, month, text: '直しました' });
    expect(await monthCount(c.profileId, month)).toBe(1);
  });

  it('the job publishes once when fired twice, and a stale schedule does nothing', async () => {
    const c = await creator();
    await withFanclub(c);
    const calls: string[] = [];
    const fake: OneTimeScheduler = {
      create: async (name) => {
        calls.push(`create ${name}`);
      },
      remove: async (name) => {
        calls.push(`remove ${name}`);
      },
    };
    const deps = await inProcessDeps(fake);
    const at = new Date(Date.now() + 40 * DAY);
    const me = await profileOf(c);
    const saved = await savePost(
      deps,
      me,
      postSaveRequest.parse({ text: '来月の投稿', visibility: 'members', publish_at: at.toISOString() }),
    );
    const id = saved.post.id;
    expect(calls).toEqual([`create ${(await postOf(id))?.scheduleName}`]);
    // Moved: the version-1 schedule is stale.
    const moved = await savePost(
      deps,
      me,
      postSaveRequest.parse({ id, text: '来月の投稿', visibility: 'members', publish_at: at.toISOString() }),
    );
    expect(calls).toHaveLength(3);
    expect(calls[2]).toMatch(/^remove post-/);
    const month = jstMonth(at);
    const job = { db, clock: manualClock(new Date(at.getTime() + 1000)) };
    expect((await publishScheduledPost(job, { post_id: id, version: 1 })).outcome).toBe('stale');
    expect((await postOf(id))?.status).toBe('scheduled');
    // Before its time the job fails (the delivery is retried).
    await expect(
      publishScheduledPost(
        { db, clock: manualClock(new Date(at.getTime() - 1000)) },
        { post_id: id, version: 2 },
      ),
    ).rejects.toThrow(/before its time/);
    expect((await publishScheduledPost(job, { post_id: id, version: 2 })).outcome).toBe('published');
    expect((await publishScheduledPost(job, { post_id: id, version: 2 })).outcome).toBe('stale');
    const post = await postOf(id);
    expect(post).toMatchObject({
      status: 'published',
      publishedAt: moved.post.published_at,
      month,
      version: 3,
    });
    expect(post?.scheduleName).toBeUndefined();
    expect(await monthCount(c.profileId, month)).toBe(1);
    expect(
      (await publishScheduledPost(job, { post_id: '01ARZ3NDEKTSV4RRFFQ69G5FAV', version: 1 })).outcome,
    ).toBe('gone');
  });

  it('the local scheduler really fires the schedule into the job when the time comes', async () => {
    const c = await creator();
    await withFanclub(c);
    const id = (
      await save(c, {
        text: 'もうすぐ',
        visibility: 'members',
        publish_at: inMinutes(F.postScheduleMinMinutes + 1),
      })
    ).body.post.id;
    const month = jstMonth(new Date(Date.now() + (F.postScheduleMinMinutes + 1) * MINUTE));
    await setClock((F.postScheduleMinMinutes + 2) * MINUTE);
    // The stand-in polls every second: wait for its run (bounded; no timing is asserted).
    for (let i = 0; i < 50 && (await postOf(id))?.status !== 'published'; i++) {
      await new Promise((r) => setTimeout(r, 200));
    }
    await setClock(0);
    expect((await postOf(id))?.status).toBe('published');
    expect(await monthCount(c.profileId, month)).toBe(1);
  });
});

describe('PostMonth counts and deletion', () => {
  it('moves with publish, visibility changes and delete, in the post’s own transaction', async () => {
    const c = await creator();
    await withFanclub(c);
    const month = jstMonth(new Date());
    const count = () => monthCount(c.profileId, month);
    const a = (await save(c, { text: 'A', visibility: 'members' })).body.post.id;
    const b = (await save(c, { text: 'B', visibility: 'members' })).body.post.id;
    expect(await count()).toBe(2);
    await save(c, { id: a, text: 'A', visibility: 'public' });
    expect(await count()).toBe(1);
    await save(c, { id: a, text: 'A', visibility: 'members' });
    expect(await count()).toBe(2);
    // A public post and a scheduled one do not count.
    await save(c, { text: 'C', visibility: 'public' });
    await save(c, { text: 'D', visibility: 'members', publish_at: inMinutes(60) });
    expect(await count()).toBe(2);
    await remove(c, b);
    expect(await count()).toBe(1);
    // A retried delete changes nothing more.
    expect((await remove(c, b)).status).toBe(404);
    expect(await count()).toBe(1);
  });

  it('a deleted post’s files and an edit’s dropped files are deleted by the stream consumer', async () => {
    const c = await creator();
    const [a, b] = await Promise.all([
      uploaded(c, 'postImage', await png(30, 30, '#a33')),
      uploaded(c, 'postImage', await png(30, 30, '#3a3')),
    ]);
    const post = (await save(c, { text: 'x', visibility: 'public', images: [a, b] })).body.post;
    const [keep, drop] = post.edit.images as [string, string];
    await save(c, { id: post.id, text: 'x', visibility: 'public', images: [keep] });
    // The file is still there until the consumer runs: the marker was committed with the edit.
    const marker = await db.entities.postFileRemoval
      .get({ postId: post.id, version: 2 })
      .go({ consistent: true });
    expect(marker.data?.prefixes).toEqual([folderOf(drop)]);
    await drainStreams();
    expect(await keysUnder(folderOf(drop))).toEqual([]);
    expect(await keysUnder(folderOf(keep))).toHaveLength(2);

    expect((await remove(c, post.id)).status).toBe(200);
    await drainStreams();
    expect(await keysUnder(`private/post-image/${c.profileId}/${post.id}-`)).toEqual([]);
    expect((await myPosts(c)).body.posts).toEqual([]);
  });
});

describe('the local demo', () => {
  it('POST /_local/demo/fanclub creates or updates the fan club and writes posts with files and counts', async () => {
    const c = await creator();
    const demo = (body: unknown) =>
      fetch(`${inject('url')}/_local/demo/fanclub`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const lastMonth = new Date(Date.now() - 40 * DAY).toISOString();
    const res = await demo({
      username: c.username,
      name: 'デモクラブ',
      price: 800,
      is_open: true,
      posts: [
        { text: '先月の写真', visibility: 'members', images: 2, published_at: lastMonth },
        { text: '今月の写真', visibility: 'members', images: 1 },
        { text: 'みなさんへ', visibility: 'public' },
      ],
    });
    expect(res.status).toBe(200);
    const { creator_id, post_ids } = (await res.json()) as { creator_id: string; post_ids: string[] };
    expect(creator_id).toBe(c.profileId);
    expect(post_ids).toHaveLength(3);
    expect(await monthCount(c.profileId, jstMonth(new Date(lastMonth)))).toBe(1);
    expect(await monthCount(c.profileId, jstMonth(new Date()))).toBe(1);
    const list = (await myPosts(c)).body.posts;
    expect(list.map((p: { text: string }) => p.text)).toEqual(['みなさんへ', '今月の写真', '先月の写真']);
    expect((await fetch(list[2].images[1].thumb_url)).status).toBe(200);
    // An update changes the given fields only (never the member count).
    await db.entities.fanclub.patch({ creatorId: c.profileId }).set({ members: 4 }).go();
    expect((await demo({ username: c.username, price: 1000, is_open: false })).status).toBe(200);
    const club = (await db.entities.fanclub.get({ creatorId: c.profileId }).go({ consistent: true })).data;
    expect(club).toMatchObject({ name: 'デモクラブ', price: 1000, isOpen: false, members: 4 });
    expect((await demo({ username: 'nobody-here' })).status).toBe(400);
  });
});
