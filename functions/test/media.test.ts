/**
 * The media pipeline through the local cloud, on chat files: presigned POST policies, the check of
 * the bytes before anything is paid, re-encoding (EXIF and GPS gone, orientation applied), keys no
 * client can write, and deletion through the stream (a deleted message, an account that left).
 */
import { mediaPurposes } from '@app/shared/media';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { balance, creator, fan, give, type Member, room, send } from './helpers/chat.ts';
import { api, drainStreams, issuePaths, testDb } from './helpers/cloud.ts';
import {
  chatTarget,
  exists,
  hasGpsIfd,
  jpegWithGps,
  keysUnder,
  mp4,
  png,
  postForm,
} from './helpers/media.ts';

const db = testDb();

async function paidRoom(points = 10) {
  const [c, f] = await Promise.all([creator(), fan()]);
  if (points > 0) await give(f.profileId, points);
  return { c, f, chatroomId: await room(f, c) };
}

async function messagesIn(chatroomId: string) {
  const { data } = await db.entities.message.query.byRoom({ chatroomId }).go({ pages: 'all' });
  return data;
}

/** Uploads bytes for a type and sends the key; answers the send. */
async function sendFile(m: Member, chatroomId: string, type: string, bytes: Uint8Array) {
  const target = await chatTarget(m, chatroomId, type);
  const posted = await postForm(target, bytes);
  expect(posted.status).toBe(204);
  return { target, sent: await send(m, chatroomId, { file: target.key }) };
}

const fileUrlOf = async (m: Member, chatroomId: string) =>
  (await api(`/chat/${chatroomId}/latest`, { token: m.token })).body.messages[0].file_url as string;

describe('media pipeline (chat files)', () => {
  it('re-encodes a photo: EXIF and GPS gone, orientation applied, served as WebP from a key no client writes', async () => {
    const { c, f, chatroomId } = await paidRoom();
    const jpeg = await jpegWithGps();
    const before = await sharp(jpeg).metadata();
    expect(hasGpsIfd(before.exif)).toBe(true);
    expect([before.width, before.height, before.orientation]).toEqual([40, 20, 6]);

    const { target, sent } = await sendFile(f, chatroomId, 'image/jpeg', jpeg);
    expect(target.key).toMatch(
      new RegExp(`^uploads/chat-photo/${chatroomId}/${f.profileId}-[0-9a-f-]{36}\\.jpg$`),
    );
    expect(sent.status).toBe(200);
    const file = sent.body.message.file as string;
    expect(file).toMatch(
      new RegExp(`^private/chat-photo/${chatroomId}/${f.profileId}-[0-9a-f-]{36}/full\\.webp$`),
    );
    expect(sent.body.points).toBe(1);

    const url = await fileUrlOf(c, chatroomId);
    // Through the site (the distribution's /private/* behaviour), so the security headers apply.
    expect(url.startsWith(`${inject('url')}/private/chat-photo/${chatroomId}/`)).toBe(true);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // The signature is S3's: another key, or a changed type, is refused.
    expect((await fetch(url.replace('full.webp', 'thumb.webp'))).status).toBe(403);
    expect((await fetch(url.replace('image%2Fwebp', 'text%2Fhtml'))).status).toBe(403);
    const served = Buffer.from(await res.arrayBuffer());
    const after = await sharp(served).metadata();
    expect(after.format).toBe('webp');
    expect(after.exif).toBeUndefined();
    expect(hasGpsIfd(after.exif)).toBe(false);
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([20, 40]);
    // The upload is gone once used.
    expect(await exists(target.key)).toBe(false);

    // A second upload to the used key (the policy still valid) changes nothing that is served.
    const again = await postForm(target, await png(64, 64, '#000'));
    expect(again.status).toBe(204);
    const reread = await fetch(await fileUrlOf(c, chatroomId));
    expect(Buffer.from(await reread.arrayBuffer())).toEqual(served);
    expect(await balance(f)).toBe(9);
  });

  it('refuses a wrong type, wrong bytes, an oversized file and an unknown key, and charges nothing', async () => {
    const { f, chatroomId } = await paidRoom();
    // A type chat does not take: no upload form at all.
    const html = await api('/chat/upload-url', {
      token: f.token,
      body: { chatroom_id: chatroomId, content_type: 'text/html' },
    });
    expect(issuePaths(html.body)).toEqual({ content_type: 'validation.chatFile' });

    // The policy fixes the Content-Type and the key: S3 (and the stand-in) refuse another.
    const target = await chatTarget(f, chatroomId, 'image/png');
    expect((await postForm(target, await png(), { 'Content-Type': 'text/html' })).status).toBe(403);
    expect((await postForm(target, await png(), { key: `${target.key}.html` })).status).toBe(403);
    // Larger than the purpose allows: refused by the policy's size range, nothing stored.
    const big = new Uint8Array(mediaPurposes.chatPhoto.maxBytes + 1);
    const tooBig = await postForm(target, big);
    expect([tooBig.status, await tooBig.text()]).toEqual([400, expect.stringContaining('EntityTooLarge')]);
    expect(await exists(target.key)).toBe(false);
    const notUploaded = await send(f, chatroomId, { file: target.key });
    expect(issuePaths(notUploaded.body)).toEqual({ file: 'validation.chatFile' });

    // HTML bytes declared as a PNG: the policy holds, the check of the bytes refuses.
    expect((await postForm(target, Buffer.from('<html><script>alert(1)</script></html>'))).status).toBe(204);
    const wrongBytes = await send(f, chatroomId, { file: target.key });
    expect([wrongBytes.status, issuePaths(wrongBytes.body)]).toEqual([422, { file: 'validation.mediaType' }]);
    // A video type whose bytes are a PNG: refused the same way.
    const video = await chatTarget(f, chatroomId, 'video/mp4');
    expect((await postForm(video, await png())).status).toBe(204);
    expect(issuePaths((await send(f, chatroomId, { file: video.key })).body)).toEqual({
      file: 'validation.mediaType',
    });

    expect(await balance(f)).toBe(10);
    expect(await messagesIn(chatroomId)).toHaveLength(0);
    // Nothing was made of the refused uploads.
    expect(await keysUnder(`private/chat-photo/${chatroomId}/`)).toEqual([]);
    expect(await keysUnder(`private/chat-video/${chatroomId}/`)).toEqual([]);
  });

  it('a key of another member, or of another room, cannot be attached', async () => {
    const { c, f, chatroomId } = await paidRoom();
    const other = await fan();
    await give(other.profileId, 10);
    const otherRoom = await room(other, c);
    const target = await chatTarget(f, chatroomId, 'image/png');
    expect((await postForm(target, await png())).status).toBe(204);
    const byCreator = await send(c, chatroomId, { file: target.key });
    expect(issuePaths(byCreator.body)).toEqual({ file: 'validation.chatFile' });
    const elsewhere = await send(other, otherRoom, { file: target.key });
    expect(issuePaths(elsewhere.body)).toEqual({ file: 'validation.chatFile' });
    // A forged key under my own folder that the server never handed out: nothing was uploaded.
    const forged = `uploads/chat-photo/${chatroomId}/${f.profileId}-00000000-0000-4000-8000-000000000000.png`;
    expect(issuePaths((await send(f, chatroomId, { file: forged })).body)).toEqual({
      file: 'validation.chatFile',
    });
    // A processed key is not an upload key.
    expect(
      issuePaths((await send(f, chatroomId, { file: `private/chat-photo/${chatroomId}/x.webp` })).body),
    ).toEqual({
      file: 'validation.chatFile',
    });
    expect(await balance(other)).toBe(10);
    expect(await balance(f)).toBe(10);
    expect(await exists(target.key)).toBe(true);
  });

  it('a video is checked by its bytes and copied as it is; nothing is charged when the fan cannot pay', async () => {
    const { c, f, chatroomId } = await paidRoom(0);
    const bytes = mp4();
    const { target, sent } = await sendFile(f, chatroomId, 'video/mp4', bytes);
    expect(sent.body.code).toBe('insufficient_chat_points');
    // Refused after the check: what was made of it is removed again, the upload stays for a retry.
    expect(await keysUnder(`private/chat-video/${chatroomId}/`)).toEqual([]);
    expect(await exists(target.key)).toBe(true);
    await give(f.profileId, 1);
    const paid = await send(f, chatroomId, { file: target.key });
    expect(paid.status).toBe(200);
    expect(paid.body.message.file).toMatch(/\/original\.mp4$/);
    const res = await fetch(await fileUrlOf(c, chatroomId));
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    expect(await balance(f)).toBe(0);
  });

  it('a deleted message loses its file, and its URLs stop working', async () => {
    const { f, chatroomId } = await paidRoom();
    const { sent } = await sendFile(f, chatroomId, 'image/png', await png());
    const url = await fileUrlOf(f, chatroomId);
    expect((await fetch(url)).status).toBe(200);
    const del = await api('/chat/delete', {
      token: f.token,
      body: { id: `${chatroomId}.${sent.body.message.id}` },
    });
    expect(del.status).toBe(200);
    expect(del.body.message.file).toBeNull();
    await drainStreams();
    expect(await keysUnder(`private/chat-photo/${chatroomId}/`)).toEqual([]);
    expect((await fetch(url)).status).toBe(404);
  });

  it("after leaving, the account's files are deleted and its URLs stop working", async () => {
    const { c, f, chatroomId } = await paidRoom();
    await sendFile(f, chatroomId, 'image/png', await png());
    const fanUrl = await fileUrlOf(f, chatroomId);
    await sendFile(c, chatroomId, 'image/jpeg', await jpegWithGps());
    const creatorUrl = await fileUrlOf(c, chatroomId);
    // An upload begun and never sent goes too.
    const pending = await chatTarget(f, chatroomId, 'image/png');
    expect((await postForm(pending, await png())).status).toBe(204);
    expect(await keysUnder(`private/chat-photo/${chatroomId}/`)).toHaveLength(2);
    expect((await Promise.all([fetch(fanUrl), fetch(creatorUrl)])).map((r) => r.status)).toEqual([200, 200]);

    const left = await api('/auth/leave', { method: 'POST', body: {}, token: f.token });
    expect(left.body).toEqual({ ok: true });
    await drainStreams();
    expect(await keysUnder(`private/chat-photo/${chatroomId}/`)).toEqual([]);
    expect(await keysUnder(`uploads/chat-photo/${chatroomId}/`)).toEqual([]);
    expect((await Promise.all([fetch(fanUrl), fetch(creatorUrl)])).map((r) => r.status)).toEqual([404, 404]);
  });
});
