/**
 * Profile pictures on the media pipeline (mypage-edit): upload, re-encoding without EXIF, the public
 * URL served by the site's /media/* route, replacement deleting the old objects, removal, the
 * directory snapshot, and the operators' removal with its notice.
 */
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { s3MediaStore } from '../src/lib/media-store.ts';
import { removeProfileImageByOperator } from '../src/services/profile-images.ts';
import { creator, fan, type Member } from './helpers/chat.ts';
import { api, issuePaths, manualClock, testDb } from './helpers/cloud.ts';
import { hasGpsIfd, jpegWithGps, keysUnder, png, postForm, type Target } from './helpers/media.ts';

const db = testDb();

async function target(m: Member, kind: 'avatar' | 'background', contentType = 'image/jpeg'): Promise<Target> {
  const res = await api('/mypage/profile/upload-url', {
    token: m.token,
    body: { kind, content_type: contentType },
  });
  expect(res.status).toBe(200);
  return res.body as Target;
}

async function upload(m: Member, kind: 'avatar' | 'background', bytes: Uint8Array, type = 'image/jpeg') {
  const t = await target(m, kind, type);
  expect((await postForm(t, bytes)).status).toBe(204);
  return api('/mypage/profile/image', { token: m.token, body: { kind, upload_key: t.key } });
}

const profileOf = async (id: string) => (await db.entities.profile.get({ profileId: id }).go()).data;
const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/') + 1);

describe('profile pictures', () => {
  it('re-encodes an avatar without EXIF or GPS, serves it publicly, keeps the directory snapshot', async () => {
    const c = await creator();
    const jpeg = await jpegWithGps();
    expect(hasGpsIfd((await sharp(jpeg).metadata()).exif)).toBe(true);
    const res = await upload(c, 'avatar', jpeg);
    expect(res.status).toBe(200);
    const url = res.body.profile.profile_image as string;
    expect(url).toMatch(
      new RegExp(`^${inject('url')}/media/avatar/${c.profileId}-[0-9a-f-]{36}/full\\.webp$`),
    );

    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
    // Orientation applied (the photo was taken rotated); smaller than the square, so not enlarged.
    expect([meta.width, meta.height]).toEqual([20, 40]);
    // The list-size derivative is served too; the upload is gone.
    expect((await fetch(url.replace('/full.webp', '/thumb.webp'))).status).toBe(200);
    expect(await keysUnder(`uploads/avatar/${c.profileId}-`)).toEqual([]);

    const key = (await profileOf(c.profileId))?.profileImage as string;
    expect((await db.entities.searchDoc.get({ profileId: c.profileId }).go()).data?.profileImage).toBe(key);
    // A search card shows the small size.
    const f = await fan();
    const found = await api('/profile', { token: f.token, body: { keyword: c.username } });
    expect(found.body.profiles[0].profile_image).toBe(url.replace('/full.webp', '/thumb.webp'));
    // Image work (sharp) is slow on a busy machine: a longer limit than the default 30 s.
  }, 90_000);

  it('replacing a picture deletes the old objects; removing sets none', async () => {
    const f = await fan();
    const first = await upload(f, 'background', await png(40, 30), 'image/png');
    expect(first.status).toBe(200);
    const oldKey = (await profileOf(f.profileId))?.backgroundImage as string;
    expect(await keysUnder(folderOf(oldKey))).toHaveLength(2);
    const second = await upload(f, 'background', await png(50, 30, '#a33'), 'image/png');
    expect(second.status).toBe(200);
    expect(second.body.profile.background_image).not.toBe(first.body.profile.background_image);
    expect(await keysUnder(folderOf(oldKey))).toEqual([]);

    const newKey = (await profileOf(f.profileId))?.backgroundImage as string;
    const removed = await api('/mypage/profile/image', {
      token: f.token,
      body: { kind: 'background', upload_key: null },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.profile.background_image).toBeNull();
    expect((await profileOf(f.profileId))?.backgroundImage).toBeUndefined();
    expect(await keysUnder(folderOf(newKey))).toEqual([]);
  });

  it('refuses another person’s upload, a wrong type, and bytes that are not an image', async () => {
    const [a, b] = await Promise.all([fan(), fan()]);
    const t = await target(a, 'avatar');
    await postForm(t, await jpegWithGps());
    const foreign = await api('/mypage/profile/image', {
      token: b.token,
      body: { kind: 'avatar', upload_key: t.key },
    });
    expect(foreign.status).toBe(422);
    expect(issuePaths(foreign.body)).toEqual({ upload_key: 'validation.chatFile' });

    const gif = await api('/mypage/profile/upload-url', {
      token: a.token,
      body: { kind: 'avatar', content_type: 'image/gif' },
    });
    expect(gif.status).toBe(422);
    expect(issuePaths(gif.body)).toEqual({ content_type: 'validation.mediaType' });

    const fake = await target(a, 'avatar', 'image/png');
    await postForm(fake, new TextEncoder().encode('not a picture at all'));
    const refused = await api('/mypage/profile/image', {
      token: a.token,
      body: { kind: 'avatar', upload_key: fake.key },
    });
    expect(refused.status).toBe(422);
    expect(issuePaths(refused.body)).toEqual({ upload_key: 'validation.mediaType' });
    expect((await profileOf(a.profileId))?.profileImage).toBeUndefined();
  });

  it('the site answers 404 (not the bucket’s refusal detail) for a public key that does not exist', async () => {
    const res = await fetch(`${inject('url')}/media/avatar/nobody-0/full.webp`);
    expect([403, 404]).toContain(res.status);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('operators remove a picture', () => {
  it('deletes the objects, the profile field and the directory snapshot, and tells the creator once', async () => {
    const c = await creator();
    expect((await upload(c, 'avatar', await png(64, 64), 'image/png')).status).toBe(200);
    const key = (await profileOf(c.profileId))?.profileImage as string;
    Object.assign(process.env, inject('localEnv'));
    const deps = {
      db,
      clock: manualClock(),
      siteUrl: inject('url'),
      media: s3MediaStore(),
      scan: 'none' as const,
    };
    expect(await removeProfileImageByOperator(deps, c.profileId, 'avatar')).toEqual({ removed: true });
    expect((await profileOf(c.profileId))?.profileImage).toBeUndefined();
    expect(
      (await db.entities.searchDoc.get({ profileId: c.profileId }).go()).data?.profileImage,
    ).toBeUndefined();
    expect(await keysUnder(folderOf(key))).toEqual([]);
    // Nothing left to remove: no second notice.
    expect(await removeProfileImageByOperator(deps, c.profileId, 'avatar')).toEqual({ removed: false });

    const notices = await api('/notice', { token: c.token });
    expect(notices.body.notices.map((n: { kind: string }) => n.kind)).toEqual(['profile_image_deleted']);
  });

  it('a background removal raises background_image_deleted', async () => {
    const f = await fan();
    expect((await upload(f, 'background', await png(64, 32), 'image/png')).status).toBe(200);
    Object.assign(process.env, inject('localEnv'));
    const deps = {
      db,
      clock: manualClock(),
      siteUrl: inject('url'),
      media: s3MediaStore(),
      scan: 'none' as const,
    };
    await removeProfileImageByOperator(deps, f.profileId, 'background');
    const notices = await api('/notice', { token: f.token });
    expect(notices.body.notices.map((n: { kind: string }) => n.kind)).toEqual(['background_image_deleted']);
  });
});

describe('leaving', () => {
  it('deletes both pictures', async () => {
    const f = await fan();
    expect((await upload(f, 'avatar', await png(32, 32), 'image/png')).status).toBe(200);
    expect((await upload(f, 'background', await png(64, 32), 'image/png')).status).toBe(200);
    const p = await profileOf(f.profileId);
    const folders = [folderOf(p?.profileImage as string), folderOf(p?.backgroundImage as string)];
    expect((await api('/auth/leave', { method: 'POST', body: {}, token: f.token })).status).toBe(200);
    for (const folder of folders) expect(await keysUnder(folder)).toEqual([]);
  });
});
