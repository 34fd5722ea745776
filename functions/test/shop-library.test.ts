/**
 * The buyer's library and the creator's sales status (issue 13): only one's own lines, content
 * through presigned GETs that live 5 minutes, deleted items still in libraries, the provided
 * toggle, return gifts (one per line) with the buyer's notice, and original point grants.
 */
import { randomUUID } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { mediaConfig } from '@app/shared/media';
import { afterEach, describe, expect, it } from 'vitest';
import { purchase } from '../src/services/shop/purchase.ts';
import { creator, fan, give, type Member, renew, room } from './helpers/chat.ts';
import { api, drainStreams, issuePaths, manualClock, setClock, testDb } from './helpers/cloud.ts';
import { deleteItem, makeItem, makeLine } from './helpers/library.ts';
import { png, postForm } from './helpers/media.ts';
import { shopTestDeps } from './helpers/shop.ts';

const db = testDb();
const S = businessConfig.shop;
const DAY_MS = 86_400_000;

const list = (m: Member, a: string, b: string, cursor?: string) =>
  api(`/mypage/library/purchase-log-list/${a}/${b}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
    token: m.token,
  });
const detail = (m: Member, id: string) => api(`/mypage/library/purchase-log/${id}`, { token: m.token });

afterEach(async () => {
  await setClock(0);
});

describe('library', () => {
  it('lists only the caller’s lines, by type, newest first, paged; the history keeps a year', async () => {
    const [c, f, other] = await Promise.all([creator(), fan(), fan()]);
    const [photo, physical] = await Promise.all([
      makeItem(c.profileId, 'photo'),
      makeItem(c.profileId, 'physical'),
    ]);
    const old = await makeLine(photo, f.profileId, {
      at: new Date(Date.now() - (S.historyDays + 2) * DAY_MS),
    });
    const lines: string[] = [];
    for (let i = 0; i < S.pageSize + 2; i++)
      lines.push(await makeLine(physical, f.profileId, { at: new Date(Date.now() - (i + 1) * 60_000) }));
    const recentPhoto = await makeLine(photo, f.profileId);
    await makeLine(photo, other.profileId);

    const first = await list(f, 'library', 'all');
    expect(first.status).toBe(200);
    expect(first.body.logs).toHaveLength(S.pageSize);
    expect(first.body.logs[0]).toMatchObject({
      id: recentPhoto,
      item: { id: photo.itemId, name: photo.name, item_type: 'photo', deleted: false },
      creator: { id: c.profileId, username: c.username },
      provided: true,
      has_gift: false,
    });
    const second = await list(f, 'library', 'all', first.body.next_cursor);
    expect(second.status).toBe(200);
    const ids = [...first.body.logs, ...second.body.logs].map((l: { id: string }) => l.id);
    expect(ids).toEqual([recentPhoto, ...lines, old]);
    expect(second.body.next_cursor).toBeNull();
    // A cursor is for its own list: another filter's list refuses it.
    expect((await list(f, 'library', 'photo', first.body.next_cursor)).body.code).toBe('cursor_invalid');

    const photos = await list(f, 'library', 'photo');
    expect(photos.body.logs.map((l: { id: string }) => l.id)).toEqual([recentPhoto, old]);
    const history = await list(f, 'history', 'photo');
    expect(history.body.logs.map((l: { id: string }) => l.id)).toEqual([recentPhoto]);
    expect((await list(f, 'history', 'physical')).body.logs).toHaveLength(S.pageSize);
    expect((await list(other, 'library', 'all')).body.logs).toHaveLength(1);

    // Another view name, creators (who cannot buy), guests.
    expect((await list(f, 'shelf', 'all')).status).toBe(404);
    expect((await list(c, 'library', 'all')).body.code).toBe('creator_purchase');
    expect((await api('/mypage/library/purchase-log-list/library/all')).status).toBe(401);
  });

  it('hands out the files of a bought item as 5-minute presigned GETs, to its buyer only', async () => {
    const [c, f, other] = await Promise.all([creator(), fan(), fan()]);
    const photo = await makeItem(c.profileId, 'photo', '夏の写真集');
    const lineId = await makeLine(photo, f.profileId);

    const res = await detail(f, lineId);
    expect(res.status).toBe(200);
    expect(res.body.contents.map((x: { kind: string; name: string }) => [x.kind, x.name])).toEqual([
      ['image', '写真1.webp'],
      ['image', '写真2.webp'],
      ['zip', 'まとめ.zip'],
    ]);
    const expiresAt = Date.parse(res.body.urls_expire_at);
    expect(Math.abs(expiresAt - Date.now() - mediaConfig.privateUrlSeconds * 1000)).toBeLessThan(60_000);
    const [image, , zip] = res.body.contents;
    const shown = await fetch(image.url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/webp');
    expect(shown.headers.get('content-disposition')).toBe('inline');
    const saved = await fetch(zip.download_url);
    expect(saved.status).toBe(200);
    expect(saved.headers.get('content-disposition')).toBe(
      `attachment; filename="???.zip"; filename*=UTF-8''${encodeURIComponent('まとめ')}.zip`,
    );
    expect(
      Buffer.from(await saved.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    // Another account: the same line id names nothing for them, and no URL is minted.
    const stranger = await detail(other, lineId);
    expect([stranger.status, stranger.body.code]).toEqual([404, 'order_line_not_found']);
    expect(JSON.stringify(stranger.body)).not.toContain('private/');
    expect((await detail(c, lineId)).body.code).toBe('creator_purchase');
    expect((await api('/mypage/library/purchase-log/not-a-line', { token: f.token })).body.code).toBe(
      'order_line_not_found',
    );
    // A URL is for its key alone: the signature does not open another file.
    expect(
      (await fetch(image.url.replace(/item-image\/[^?]+/, zip.url.match(/item-zip\/[^?]+/)?.[0] ?? '')))
        .status,
    ).toBe(403);
  });

  it('content URLs expire 5 minutes after they were minted', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const video = await makeItem(c.profileId, 'video');
    const lineId = await makeLine(video, f.profileId);
    const mintedAt = async (offsetMs: number) => {
      await setClock(offsetMs);
      await renew(f);
      const res = await detail(f, lineId);
      expect(res.status).toBe(200);
      return res.body.contents[0] as { kind: string; url: string; download_url: string };
    };
    // Minted just inside the 5 minutes (by the clock, 4m50s ago): still served.
    const fresh = await mintedAt(-(mediaConfig.privateUrlSeconds - 10) * 1000);
    expect(fresh.kind).toBe('video');
    expect((await fetch(fresh.url)).status).toBe(200);
    // Minted 5m10s ago: the bucket refuses both URLs.
    const stale = await mintedAt(-(mediaConfig.privateUrlSeconds + 10) * 1000);
    expect((await fetch(stale.url)).status).toBe(403);
    expect((await fetch(stale.download_url)).status).toBe(403);
  });

  it('shows what purchase() wrote: the bought item in the library, its files to open', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const photo = await makeItem(c.profileId, 'photo', '購入テスト');
    await give(f.profileId, 100);
    const { data: buyer } = await db.entities.profile.get({ profileId: f.profileId }).go();
    if (!buyer) throw new Error('no profile');
    const bought = await purchase(shopTestDeps(manualClock()), buyer, {
      lines: [{ itemId: photo.itemId, quantity: 1 }],
      useOriginal: false,
      key: randomUUID(),
      expectedPoints: 50,
      source: 'item',
    });
    const logs = (await list(f, 'library', 'all')).body.logs;
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      item: { id: photo.itemId, name: '購入テスト' },
      points: 50,
      provided: true,
    });
    expect(JSON.stringify(bought)).toContain(logs[0].id);
    const res = await detail(f, logs[0].id);
    expect(res.body.contents).toHaveLength(3);
    expect((await fetch(res.body.contents[0].url)).status).toBe(200);
  });

  it('keeps a deleted item in the library with its files', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const photo = await makeItem(c.profileId, 'photo');
    const lineId = await makeLine(photo, f.profileId);
    await deleteItem(photo.itemId, c.profileId);
    const row = (await list(f, 'library', 'all')).body.logs[0];
    expect(row).toMatchObject({ id: lineId, item: { id: photo.itemId, deleted: true } });
    const res = await detail(f, lineId);
    expect(res.body.item.deleted).toBe(true);
    expect(res.body.contents).toHaveLength(3);
    expect((await fetch(res.body.contents[2].download_url)).status).toBe(200);
  });
});

describe('sales status', () => {
  it('lists the creator’s own lines, marks physical ones provided, and all of them once', async () => {
    const [c, c2, f] = await Promise.all([creator(), creator(), fan()]);
    const [physical, photo, theirs] = await Promise.all([
      makeItem(c.profileId, 'physical'),
      makeItem(c.profileId, 'photo'),
      makeItem(c2.profileId, 'physical'),
    ]);
    const p1 = await makeLine(physical, f.profileId, { quantity: 2 });
    const p2 = await makeLine(physical, f.profileId);
    const p3 = await makeLine(physical, f.profileId);
    const d1 = await makeLine(photo, f.profileId);
    const foreign = await makeLine(theirs, f.profileId);

    const all = await api('/item/sales-status/all', { token: c.token });
    expect(all.status).toBe(200);
    expect(all.body.lines.map((l: { id: string }) => l.id)).toEqual([d1, p3, p2, p1]);
    expect(all.body.pending).toBe(3);
    expect(all.body.lines[3]).toMatchObject({
      item: { id: physical.itemId, item_type: 'physical' },
      buyer: { id: f.profileId },
      quantity: 2,
      provided: false,
      provided_at: null,
      gift: null,
    });
    const one = await api(`/item/sales-status/${photo.itemId}`, { token: c.token });
    expect([one.body.lines.map((l: { id: string }) => l.id), one.body.pending]).toEqual([[d1], 0]);
    expect((await api(`/item/sales-status/${theirs.itemId}`, { token: c.token })).body.code).toBe(
      'item_not_found',
    );
    expect((await api('/item/sales-status/nope', { token: c.token })).body.code).toBe('item_not_found');
    expect((await api('/item/sales-status/all', { token: f.token })).status).toBe(403);

    const complete = (id: string, is_completed = true, m = c) =>
      api('/item/sales-status/complete', { token: m.token, body: { id, is_completed } });
    const done = await complete(p1);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: p1, provided: true, provided_at: expect.any(String) });
    expect((await complete(p1)).body.provided).toBe(true);
    expect((await complete(d1)).body.code).toBe('order_line_digital');
    expect((await complete(foreign)).body.code).toBe('order_line_not_found');
    expect((await complete(p2, true, c2)).body.code).toBe('order_line_not_found');
    const undone = await complete(p1, false);
    expect(undone.body).toMatchObject({ provided: false, provided_at: null });

    const everything = await api('/item/sales-status/complete-all', { token: c.token, body: {} });
    expect(everything.body).toEqual({ updated: 3 });
    expect((await api('/item/sales-status/complete-all', { token: c.token, body: {} })).body).toEqual({
      updated: 0,
    });
    expect((await api('/item/sales-status/all', { token: c.token })).body.pending).toBe(0);
    // The other creator's line is not theirs to mark.
    const { data } = await db.entities.orderLine.get({ lineId: foreign }).go();
    expect(data?.provided).toBe(false);
    expect(
      (await api('/item/sales-status/complete-all', { token: c.token, body: { item_id: theirs.itemId } }))
        .body.code,
    ).toBe('item_not_found');
  });

  it('sends one return gift per line; the buyer sees it in the library with a notice', async () => {
    const [c, c2, f] = await Promise.all([creator(), creator(), fan()]);
    const physical = await makeItem(c.profileId, 'physical', 'チェキ');
    const lineId = await makeLine(physical, f.profileId);

    const target = await api('/item/sales-status/upload-url', {
      token: c.token,
      body: { line_id: lineId, purpose: 'returnGiftPhoto', content_type: 'image/png' },
    });
    expect(target.status).toBe(200);
    expect(target.body.key).toMatch(
      new RegExp(`^uploads/gift-photo/${lineId}/${c.profileId}-[0-9a-f-]{36}\\.png$`),
    );
    expect((await postForm(target.body, await png())).status).toBe(204);
    // Not the other creator's line, nor its upload.
    const theirs = await api('/item/sales-status/upload-url', {
      token: c2.token,
      body: { line_id: lineId, purpose: 'returnGiftPhoto', content_type: 'image/png' },
    });
    expect(theirs.body.code).toBe('order_line_not_found');
    const empty = await api('/item/sales-status/upload-return', { token: c.token, body: { id: lineId } });
    expect(issuePaths(empty.body)).toEqual({ message: 'validation.returnGiftContent' });

    const sent = await api('/item/sales-status/upload-return', {
      token: c.token,
      body: { id: lineId, message: 'ありがとうございました！', file: target.body.key },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.gift).toMatchObject({ message: 'ありがとうございました！', file: { kind: 'photo' } });
    const again = await api('/item/sales-status/upload-return', {
      token: c.token,
      body: { id: lineId, message: 'もう一度' },
    });
    expect([again.status, again.body.code]).toEqual([409, 'return_gift_exists']);

    const seen = await detail(f, lineId);
    expect(seen.body.has_gift).toBe(true);
    expect(seen.body.gift).toMatchObject({ message: 'ありがとうございました！', file: { kind: 'photo' } });
    expect((await fetch(seen.body.gift.file.url)).headers.get('content-type')).toBe('image/webp');
    expect(seen.body.contents).toEqual([]);

    await drainStreams();
    await drainStreams();
    const notices = (await api('/notice', { token: f.token })).body.notices;
    const gifts = notices.filter((n: { kind: string }) => n.kind === 'return_gift_received');
    expect(gifts).toHaveLength(1);
    expect(gifts[0].params).toMatchObject({ item_name: 'チェキ', line_id: lineId });
    // Marking the line provided later (another MODIFY with the gift) writes no second notice.
    await api('/item/sales-status/complete', { token: c.token, body: { id: lineId, is_completed: true } });
    await drainStreams();
    const after = (await api('/notice', { token: f.token })).body.notices;
    expect(after.filter((n: { kind: string }) => n.kind === 'return_gift_received')).toHaveLength(1);
  });
});

describe('original point grants', () => {
  it('grants a buyer or a chat partner once per key, with a notice; refuses strangers', async () => {
    const [c, buyer, chatter, stranger] = await Promise.all([creator(), fan(), fan(), fan()]);
    const item = await makeItem(c.profileId, 'physical');
    await makeLine(item, buyer.profileId);
    // Later purchases from another shop sit above it in the buyer's library.
    const elsewhere = await makeItem(stranger.profileId, 'physical');
    for (let i = 0; i < 8; i++) await makeLine(elsewhere, buyer.profileId);
    await room(chatter, c);
    const grant = (fanId: string, points: number, key = randomUUID()) =>
      api('/item/grant-points', { token: c.token, body: { fan_id: fanId, points, key } });

    const refused = await grant(stranger.profileId, 10);
    expect([refused.status, refused.body.code]).toEqual([403, 'grant_not_allowed']);
    expect((await grant(c.profileId, 10)).body.code).toBe('grant_not_allowed');
    expect(issuePaths((await grant(buyer.profileId, 0)).body)).toEqual({ points: 'validation.grantPoints' });
    expect(
      (
        await api('/item/grant-points', {
          token: buyer.token,
          body: { fan_id: chatter.profileId, points: 1, key: randomUUID() },
        })
      ).status,
    ).toBe(403);

    const key = randomUUID();
    const first = await grant(buyer.profileId, 30, key);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ points: 30, replayed: false });
    const replay = await grant(buyer.profileId, 30, key);
    expect(replay.body).toEqual({ ...first.body, replayed: true });
    expect((await grant(buyer.profileId, 31, key)).body.code).toBe('idempotency_mismatch');
    expect((await grant(chatter.profileId, 5)).status).toBe(200);

    const originals = await api('/mypage/original-points', { token: buyer.token });
    expect(JSON.stringify(originals.body)).toContain(c.profileId);
    const { data: logs } = await db.entities.pointLog.query.byHolder({ holderId: buyer.profileId }).go();
    expect(logs.map((l) => [l.type, l.detail, l.points, l.counterpartyId])).toEqual([
      [4, 'granted_by_creator', 30, c.profileId],
    ]);

    await drainStreams();
    const notices = (await api('/notice', { token: buyer.token })).body.notices;
    const received = notices.filter((n: { kind: string }) => n.kind === 'original_point_received');
    expect(received).toHaveLength(1);
    expect(received[0].params).toMatchObject({ points: 30, creator_id: c.profileId, username: c.username });
  });
});
