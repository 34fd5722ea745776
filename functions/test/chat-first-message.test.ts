/**
 * A room is created by its first message (issue 11): opening `/chatroom/{username}` writes
 * nothing, the first message (paid, free, file or stamp) creates the room and both rows in its own
 * transaction, concurrent first messages end with one room, and a block made before the room holds.
 */
import { randomUUID } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { describe, expect, it } from 'vitest';
import { signInFan } from './helpers/accounts.ts';
import { balance, creator, fan, give, type Member, priceToday, send } from './helpers/chat.ts';
import { api, drainStreams, testDb } from './helpers/cloud.ts';
import { png, postForm } from './helpers/media.ts';

const db = testDb();
const C = businessConfig.chat;

/** Everything stored of the room between a creator and a fan: the room item, its rows, its messages. */
async function stored(c: Member, f: Member) {
  const chatroomId = `${c.profileId}_${f.profileId}`;
  const [roomItem, creatorRows, fanRows, messages] = await Promise.all([
    db.entities.chatroom.get({ chatroomId }).go({ consistent: true }),
    db.entities.roomMember.query.byOwner({ ownerId: c.profileId }).go({ consistent: true }),
    db.entities.roomMember.query.byOwner({ ownerId: f.profileId }).go({ consistent: true }),
    db.entities.message.query.byRoom({ chatroomId }).go({ pages: 'all', consistent: true }),
  ]);
  return {
    chatroomId,
    room: roomItem.data,
    creatorRows: creatorRows.data.filter((r) => r.chatroomId === chatroomId),
    fanRows: fanRows.data.filter((r) => r.chatroomId === chatroomId),
    messages: messages.data,
  };
}

describe('opening a room that does not exist yet', () => {
  it('answers the peer and today’s price with exists false, and writes nothing', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await priceToday(c.profileId, 6);
    await give(f.profileId, 20);
    const res = await api(`/chatroom/${c.username}`, { token: f.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: `${c.profileId}_${f.profileId}`,
      exists: false,
      status: 'open',
      side: 'fan',
      peer: { id: c.profileId, role_id: 2, username: c.username, nickname: expect.any(String) },
      unread: 0,
      last_message: null,
      blocked: false,
      blocked_by_peer: false,
      chat: { pays: true, cost: 6, locked: false, usable_points: 20 },
      peer_read_at: null,
    });
    // By the room's id too (the screen may be reloaded with it), and from the creator's side.
    const byId = await api(`/chatroom/${res.body.id}`, { token: f.token });
    expect(byId.body).toMatchObject({ id: res.body.id, exists: false, chat: { cost: 6 } });
    const creatorSide = await api(`/chatroom/${f.username}`, { token: c.token });
    expect(creatorSide.body).toMatchObject({
      id: res.body.id,
      exists: false,
      side: 'creator',
      balance: null,
    });

    const after = await stored(c, f);
    expect(after.room).toBeNull();
    expect(after.creatorRows).toEqual([]);
    expect(after.fanRows).toEqual([]);
    expect((await api('/chatroom/list', { token: c.token })).body).toMatchObject({
      chatrooms: [],
      unread_total: 0,
    });
    expect((await api('/chatroom/list', { token: f.token })).body.chatrooms).toEqual([]);
    // No history, no read state of a room that is not there.
    expect((await api(`/chat/${res.body.id}/latest`, { token: f.token })).body.code).toBe(
      'chatroom_not_found',
    );
  });

  it('keeps every refusal: own account, creator to creator, unfinished sign-up, unknown, strangers', async () => {
    const [c, c2, f, f2] = await Promise.all([creator(), creator(), fan(), fan()]);
    const own = await api(`/chatroom/${c.username}`, { token: c.token });
    expect([own.status, own.body.code]).toEqual([403, 'chat_own_account']);
    const cc = await api(`/chatroom/${c2.username}`, { token: c.token });
    expect([cc.status, cc.body.code]).toEqual([403, 'creator_to_creator']);
    const ff = await api(`/chatroom/${f2.username}`, { token: f.token });
    expect(ff.body.code).toBe('creator_not_found');
    expect((await api('/chatroom/nosuchuser', { token: f.token })).body.code).toBe('chatroom_not_found');
    const raw = await signInFan({ displayName: 'まだ途中' });
    const half = await api(`/chatroom/${c.username}`, { token: raw.access_token });
    expect(half.body.code).toBe('registration_incomplete');
    // Someone else's room, or an id with the members on the wrong sides, names no room.
    const roomId = `${c.profileId}_${f.profileId}`;
    for (const [m, id] of [
      [f2, roomId],
      [f, `${f.profileId}_${c.profileId}`],
    ] as const) {
      const res = await api(`/chatroom/${id}`, { token: m.token });
      expect([res.status, res.body.code]).toEqual([404, 'chatroom_not_found']);
      expect((await send(m, id, { text: 'hi' })).body.code).toBe('chatroom_not_found');
    }
    // A creator who is suspended (or left) cannot be written to.
    await db.entities.profile.patch({ profileId: c2.profileId }).set({ status: 'suspended' }).go();
    expect((await send(f, `${c2.profileId}_${f.profileId}`, { text: 'hi' })).body.code).toBe(
      'creator_not_found',
    );
    expect((await stored(c, f)).room).toBeNull();
  });
});

describe('the first message creates the room', () => {
  it('a paid first message creates the room; the creator then sees it with the message', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await priceToday(c.profileId, 4);
    await give(f.profileId, 10);
    const { id: chatroomId } = (await api(`/chatroom/${c.username}`, { token: f.token })).body;
    const first = await send(f, chatroomId, { text: 'はじめまして' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ points: 4, replayed: false, message: { chatroom_id: chatroomId } });
    expect(await balance(f)).toBe(6);

    const after = await stored(c, f);
    expect(after.room).toMatchObject({ creatorId: c.profileId, otherId: f.profileId, status: 'open' });
    expect(after.creatorRows).toMatchObject([
      { chatroomId, side: 'creator', unread: 1, peerId: f.profileId },
    ]);
    expect(after.fanRows).toMatchObject([{ chatroomId, side: 'fan', unread: 0, peerId: c.profileId }]);
    expect(after.messages).toHaveLength(1);

    await drainStreams();
    const list = await api('/chatroom/list', { token: c.token });
    expect(list.body.unread_total).toBe(1);
    expect(list.body.chatrooms).toMatchObject([
      { id: chatroomId, unread: 1, peer: { id: f.profileId }, last_message: { preview: 'はじめまして' } },
    ]);
    const history = await api(`/chat/${chatroomId}/latest`, { token: c.token });
    expect(history.body.messages).toMatchObject([{ id: first.body.message.id, text: 'はじめまして' }]);
    expect((await api(`/chatroom/${c.username}`, { token: f.token })).body).toMatchObject({
      exists: true,
      chat: { usable_points: 6 },
    });
    // The creator's free reply goes into the same room.
    expect((await send(c, chatroomId, { text: 'ようこそ' })).status).toBe(200);
    expect((await stored(c, f)).messages).toHaveLength(2);
  });

  it('a creator’s free first message, a stamp and a file each create the room', async () => {
    const [c, f1, f2, f3] = await Promise.all([creator(), fan(), fan(), fan()]);
    await Promise.all([give(f2.profileId, 100), give(f3.profileId, 10)]);
    const free = await send(c, `${c.profileId}_${f1.profileId}`, { text: 'ご登録ありがとう' });
    expect(free.body).toMatchObject({ points: 0, replayed: false });
    const one = await stored(c, f1);
    expect(one.fanRows).toMatchObject([{ unread: 1, side: 'fan' }]);
    expect(one.creatorRows).toMatchObject([{ unread: 0, side: 'creator' }]);

    const stamp = await send(f2, `${c.profileId}_${f2.profileId}`, { stamp_id: 'thanks' });
    expect(stamp.status).toBe(200);
    expect((await stored(c, f2)).creatorRows).toMatchObject([{ unread: 1 }]);

    const chatroomId = `${c.profileId}_${f3.profileId}`;
    const upload = await api('/chat/upload-url', {
      token: f3.token,
      body: { chatroom_id: chatroomId, content_type: 'image/png' },
    });
    expect(upload.status).toBe(200);
    expect((await stored(c, f3)).room).toBeNull();
    expect((await postForm(upload.body, await png())).status).toBe(204);
    const file = await send(f3, chatroomId, { file: upload.body.key });
    expect(file.body).toMatchObject({ message: { kind: 'file' }, points: C.defaultCostMushrooms });
    expect((await stored(c, f3)).room).not.toBeNull();
  });

  it('concurrent first messages and a replay end with one room, every message once, each charged once', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await priceToday(c.profileId, 3);
    await give(f.profileId, 50);
    const chatroomId = `${c.profileId}_${f.profileId}`;
    const uuid = randomUUID();
    const results = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => send(f, chatroomId, { text: `first ${i}` })),
      send(f, chatroomId, { text: 'twice' }, uuid),
      send(f, chatroomId, { text: 'twice' }, uuid),
      // The creator writes first at the same moment.
      send(c, chatroomId, { text: 'from the creator' }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    const [a, b] = [results[4]?.body, results[5]?.body];
    expect(a.message.id).toBe(b.message.id);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);

    const after = await stored(c, f);
    expect(after.room).not.toBeNull();
    expect(after.creatorRows).toHaveLength(1);
    expect(after.fanRows).toHaveLength(1);
    expect(after.messages).toHaveLength(6);
    expect(after.creatorRows[0]?.unread).toBe(5);
    expect(after.fanRows[0]?.unread).toBe(1);
    expect(await balance(f)).toBe(50 - 5 * 3);
    const { data: spends } = await db.entities.pointLog.query.byHolder({ holderId: f.profileId }).go();
    expect(spends.filter((l) => l.type === 1)).toHaveLength(5);
    expect((await api('/chatroom/list', { token: c.token })).body.unread_total).toBe(5);
  }, 60_000);

  it('a block made before any room refuses the first message, and creates nothing', async () => {
    const [c, f, f2] = await Promise.all([creator(), fan(), fan()]);
    await Promise.all([give(f.profileId, 10), give(f2.profileId, 10)]);
    expect(
      (await api('/block', { token: c.token, body: { profile_id: f.profileId, blocked: true } })).body,
    ).toEqual({ blocked: true });
    const view = await api(`/chatroom/${c.username}`, { token: f.token });
    expect(view.body).toMatchObject({ exists: false, blocked_by_peer: true, blocked: false });
    const refused = await send(f, view.body.id, { text: 'let me in' });
    expect([refused.status, refused.body.code]).toEqual([403, 'chat_blocked']);
    const blocker = await send(c, view.body.id, { text: 'hello' });
    expect(blocker.body.code).toBe('chat_you_blocked');
    expect(await balance(f)).toBe(10);
    expect(await stored(c, f)).toMatchObject({ room: null, creatorRows: [], fanRows: [], messages: [] });

    // The fan's own block of the creator, likewise.
    await api('/block', { token: f2.token, body: { profile_id: c.profileId, blocked: true } });
    const own = await send(f2, `${c.profileId}_${f2.profileId}`, { text: 'hi' });
    expect(own.body.code).toBe('chat_you_blocked');
    expect((await stored(c, f2)).room).toBeNull();
    // Unblocked: the first message goes through and creates the room.
    await api('/block', { token: f2.token, body: { profile_id: c.profileId, blocked: false } });
    expect((await send(f2, `${c.profileId}_${f2.profileId}`, { text: 'hi' })).status).toBe(200);
    expect((await stored(c, f2)).creatorRows).toMatchObject([{ blocked: false, blockedByPeer: false }]);
  });
});
