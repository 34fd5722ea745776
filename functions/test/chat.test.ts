/** Chat: business settings and the daily price switch, rooms, paid and free messages, history, read state, pushes. */
import { randomUUID } from 'node:crypto';
import { nextDate } from '@app/shared/chat';
import { businessConfig } from '@app/shared/config';
import { jstDate } from '@app/shared/time';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { applyDueCostChanges } from '../src/services/chat/business.ts';
import { messageKeyOf } from '../src/services/chat/messages.ts';
import { readIncomeMonth } from '../src/services/points/ledger.ts';
import {
  balance,
  collect,
  creator,
  fan,
  give,
  type Member,
  openSocket,
  priceToday,
  renew,
  room,
  send,
  setCost,
} from './helpers/chat.ts';
import { api, drainStreams, issuePaths, manualClock, setClock, testDb } from './helpers/cloud.ts';
import { png, postForm } from './helpers/media.ts';

const db = testDb();
const C = businessConfig.chat;

async function messagesIn(chatroomId: string) {
  const { data } = await db.entities.message.query.byRoom({ chatroomId }).go({ pages: 'all' });
  return data;
}

async function chatSpends(fanId: string) {
  const { data } = await db.entities.pointLog.query.byHolder({ holderId: fanId }).go({ pages: 'all' });
  return data.filter((l) => l.type === 1);
}

/** The creator's totals of this month: the sum of its write shards. */
async function income(creatorId: string) {
  const { data } = await db.entities.incomeMonth.query.byCreator({ creatorId }).go({ consistent: true });
  return readIncomeMonth(db, creatorId, data[0]?.ym ?? '', true);
}

async function blockRoom(blocker: Member, chatroomId: string) {
  const res = await api('/block', { token: blocker.token, body: { chatroom_id: chatroomId } });
  expect(res.body).toEqual({ blocked: true });
}

describe('business settings', () => {
  it('stores a new price as tomorrow’s value; lock and free points apply at once; GET /mypage shows them', async () => {
    const c = await creator();
    const before = await api('/mypage', { token: c.token });
    expect(before.body.business).toMatchObject({
      chat_cost: C.defaultCostMushrooms,
      chat_cost_next: null,
      cost_update_time: '00:00',
      chat_locked: false,
      reject_free_points: false,
    });
    const res = await api('/mypage/business-setting', {
      token: c.token,
      body: { chat_cost: 12, chat_locked: true, reject_free_points: true },
    });
    expect(res.status).toBe(200);
    const tomorrow = nextDate(jstDate(new Date()));
    expect(res.body).toMatchObject({
      chat_cost: C.defaultCostMushrooms,
      chat_cost_next: { cost: 12, from: tomorrow },
      chat_locked: true,
      reject_free_points: true,
    });
    expect((await api('/mypage', { token: c.token })).body.business).toEqual(res.body);
    // Setting today's price again takes the pending change back.
    const back = await api('/mypage/business-setting', {
      token: c.token,
      body: { chat_cost: C.defaultCostMushrooms, chat_locked: false },
    });
    expect(back.body).toMatchObject({ chat_cost_next: null, chat_locked: false, reject_free_points: true });
  });

  it('refuses a price under the minimum or not whole, and fans', async () => {
    const c = await creator();
    for (const chat_cost of [0, -3, 1.5, C.maximumCostMushrooms + 1]) {
      const res = await api('/mypage/business-setting', { token: c.token, body: { chat_cost } });
      expect(res.status).toBe(422);
      expect(issuePaths(res.body)).toEqual({ chat_cost: 'validation.chatCost' });
    }
    const f = await fan();
    expect((await api('/mypage', { token: f.token })).body.business).toBeNull();
    const res = await api('/mypage/business-setting', { token: f.token, body: { chat_cost: 5 } });
    expect(res.body.code).toBe('forbidden');
  });
});

describe('daily price switch (J1)', () => {
  afterAll(() => setClock(0));

  it('tomorrow’s price is today’s from 00:00 JST; the scheduled job applies it once, however often it fires', async () => {
    const c = await creator();
    const f = await fan();
    await give(f.profileId, 100);
    const chatroomId = await room(f, c);
    await setCost(c, 7);
    expect((await api(`/chatroom/${chatroomId}`, { token: f.token })).body.chat.cost).toBe(
      C.defaultCostMushrooms,
    );
    const set = await db.entities.businessSettings.get({ profileId: c.profileId }).go();
    expect(set.data).toMatchObject({ costPending: true, chatCost: C.defaultCostMushrooms, chatCostNext: 7 });
    const version = set.data?.version ?? 0;

    const tomorrow = nextDate(jstDate(new Date()));
    const switchAt = new Date(`${tomorrow}T00:00:01+09:00`);
    try {
      // The cloud's clock reaches 00:00 JST: reads charge the new price at once, and the local
      // scheduler fires the manifest's recurring job (cron(0 0 * * ? *), Asia/Tokyo).
      await setClock(switchAt.getTime() - Date.now());
      await renew(f);
      expect((await api(`/chatroom/${chatroomId}`, { token: f.token })).body.chat.cost).toBe(7);
      const paid = await send(f, chatroomId, { text: 'new price' });
      expect(paid.body.points).toBe(7);
      await expect
        .poll(async () => (await db.entities.businessSettings.get({ profileId: c.profileId }).go()).data, {
          timeout: 10_000,
        })
        .toMatchObject({ chatCost: 7, costPending: false, version: version + 1 });

      // Fired again for the same day (at-least-once delivery), twice: nothing more is applied.
      const clock = manualClock(switchAt);
      const jobName = `chat-cost-switch-test-${randomUUID()}`;
      expect((await applyDueCostChanges({ db, clock }, jobName)).applied).toBe(0);
      expect((await applyDueCostChanges({ db, clock }, jobName)).applied).toBe(0);
      const after = await db.entities.businessSettings.get({ profileId: c.profileId }).go();
      expect(after.data).toMatchObject({ chatCost: 7, costPending: false, version: version + 1 });
      const pending = await db.entities.businessSettings.query
        .costChange({ chatCostNextFrom: tomorrow })
        .go();
      expect(pending.data.map((b) => b.profileId)).not.toContain(c.profileId);
      await renew(c);
      expect((await api('/mypage', { token: c.token })).body.business).toMatchObject({
        chat_cost: 7,
        chat_cost_next: null,
      });
    } finally {
      await setClock(0);
    }
  });

  it('two runs at once apply each change once', async () => {
    const c = await creator();
    await setCost(c, 9);
    const tomorrow = nextDate(jstDate(new Date()));
    const before = await db.entities.businessSettings.query.costChange({ chatCostNextFrom: tomorrow }).go();
    expect(before.data.map((b) => b.profileId)).toContain(c.profileId);
    const version =
      (await db.entities.businessSettings.get({ profileId: c.profileId }).go()).data?.version ?? 0;
    const clock = manualClock(new Date(`${tomorrow}T00:00:00+09:00`));
    const jobName = `chat-cost-switch-test-${randomUUID()}`;
    const runs = await Promise.all([
      applyDueCostChanges({ db, clock }, jobName),
      applyDueCostChanges({ db, clock }, `${jobName}-b`),
    ]);
    // Every pending change was applied by exactly one of the two runs.
    expect(runs[0].applied + runs[1].applied).toBe(before.data.length);
    const mine = await db.entities.businessSettings.get({ profileId: c.profileId }).go();
    expect(mine.data).toMatchObject({ chatCost: 9, costPending: false, version: version + 1 });
  });
});

describe('chatrooms', () => {
  it('one room per creator and fan, whoever creates it; creator↔creator and fan↔fan are refused', async () => {
    const [c, c2, f, f2] = await Promise.all([creator(), creator(), fan(), fan()]);
    const byFan = await api('/chatroom/create', { token: f.token, body: { profile_id: c.profileId } });
    expect(byFan.status).toBe(200);
    expect(byFan.body).toMatchObject({
      id: `${c.profileId}_${f.profileId}`,
      status: 'open',
      side: 'fan',
      peer: { id: c.profileId, role_id: 2, username: c.username },
      unread: 0,
      last_message: null,
      chat: {
        pays: true,
        cost: C.defaultCostMushrooms,
        locked: false,
        reject_free_points: false,
        usable_points: 0,
      },
    });
    const byUsername = await api('/chatroom/create', { token: f.token, body: { username: c.username } });
    expect(byUsername.body.id).toBe(byFan.body.id);
    const byCreator = await api('/chatroom/create', { token: c.token, body: { profile_id: f.profileId } });
    expect(byCreator.body).toMatchObject({ id: byFan.body.id, side: 'creator', chat: { pays: false } });
    expect(byCreator.body.balance).toBeNull();
    const rooms = await db.entities.roomMember.query.byOwner({ ownerId: f.profileId }).go();
    expect(rooms.data).toHaveLength(1);

    const cc = await api('/chatroom/create', { token: c.token, body: { profile_id: c2.profileId } });
    expect([cc.status, cc.body.code]).toEqual([403, 'creator_to_creator']);
    const self = await api('/chatroom/create', { token: c.token, body: { profile_id: c.profileId } });
    expect([self.status, self.body.code]).toEqual([403, 'chat_own_account']);
    const ownRoom = await api(`/chatroom/${c.username}`, { token: c.token });
    expect(ownRoom.body.code).toBe('chat_own_account');
    const fanSelf = await api('/chatroom/create', { token: f.token, body: { username: f.username } });
    expect(fanSelf.body.code).toBe('chat_own_account');
    const ff = await api('/chatroom/create', { token: f.token, body: { profile_id: f2.profileId } });
    expect([ff.status, ff.body.code]).toEqual([404, 'creator_not_found']);
    const nobody = await api('/chatroom/create', { token: c.token, body: { profile_id: 'nobody' } });
    expect(nobody.body.code).toBe('user_not_found');
    const empty = await api('/chatroom/create', { token: f.token, body: {} });
    expect(issuePaths(empty.body)).toEqual({ profile_id: 'validation.chatPeer' });
  });

  it('a fan who has not finished sign-up cannot open a room', async () => {
    const c = await creator();
    const { signInFan } = await import('./helpers/accounts.ts');
    const raw = await signInFan({ displayName: 'まだ途中' });
    const res = await api('/chatroom/create', { token: raw.access_token, body: { profile_id: c.profileId } });
    expect(res.body.code).toBe('registration_incomplete');
  });

  it('only members open a room; by id or by the peer’s username; unknown rooms cannot be confirmed', async () => {
    const [c, f, other] = await Promise.all([creator(), fan(), fan()]);
    const chatroomId = await room(f, c);
    expect((await api(`/chatroom/${c.username}`, { token: f.token })).body.id).toBe(chatroomId);
    const stranger = await api(`/chatroom/${chatroomId}`, { token: other.token });
    expect([stranger.status, stranger.body.code]).toEqual([404, 'chatroom_not_found']);
    expect((await api(`/chat/${chatroomId}/latest`, { token: other.token })).body.code).toBe(
      'chatroom_not_found',
    );
    expect((await api('/chatroom/nosuchuser', { token: f.token })).body.code).toBe('chatroom_not_found');
    const foreign = await send(other, chatroomId, { text: 'hi' });
    expect(foreign.body.code).toBe('chatroom_not_found');
  });

  it('the list is in last-message order with unread counts and the total; reading clears them', async () => {
    const [c, f1, f2] = await Promise.all([creator(), fan(), fan()]);
    await Promise.all([give(f1.profileId, 50), give(f2.profileId, 50)]);
    const r1 = await room(f1, c);
    const r2 = await room(f2, c);
    expect((await send(f1, r1, { text: 'first' })).status).toBe(200);
    expect((await send(f2, r2, { text: 'second' })).status).toBe(200);
    expect((await send(f1, r1, { text: 'third, the latest' })).status).toBe(200);
    // The rows' last message and the order follow from the stream (streams/chat-rooms).
    await drainStreams();

    const list = await api('/chatroom/list', { token: c.token });
    expect(list.status).toBe(200);
    expect(list.body.chatrooms.map((r: { id: string }) => r.id)).toEqual([r1, r2]);
    expect(list.body.chatrooms[0]).toMatchObject({
      unread: 2,
      side: 'creator',
      peer: { id: f1.profileId },
      last_message: { kind: 'text', preview: 'third, the latest', sender_id: f1.profileId, deleted: false },
    });
    expect(list.body.chatrooms[1].unread).toBe(1);
    expect(list.body.unread_total).toBe(3);
    // The sender's own list moves too, with nothing unread.
    const mine = await api('/chatroom/list', { token: f1.token });
    expect(mine.body.chatrooms[0]).toMatchObject({ id: r1, unread: 0 });

    const read = await api('/chatroom/read', {
      token: c.token,
      body: { chatroom_id: r1, profile_id: c.profileId },
    });
    expect(read.body).toEqual({ unread_total: 1 });
    const after = await api('/chatroom/list', { token: c.token });
    expect(after.body.chatrooms.map((r: { unread: number }) => r.unread)).toEqual([0, 1]);
    expect(after.body.unread_total).toBe(1);
    // The fan sees the read receipt.
    expect((await api(`/chatroom/${r1}`, { token: f1.token })).body.peer_read_at).not.toBeNull();
    // Reading again is harmless.
    expect((await api('/chatroom/read', { token: c.token, body: { chatroom_id: r1 } })).body).toEqual({
      unread_total: 1,
    });
  });

  it('the list pages with a cursor', async () => {
    const c = await creator();
    const fans = await Promise.all(Array.from({ length: C.listPageSize + 2 }, () => fan()));
    for (const f of fans)
      await api('/chatroom/create', { token: c.token, body: { profile_id: f.profileId } });
    const first = await api('/chatroom/list', { token: c.token });
    expect(first.body.chatrooms).toHaveLength(C.listPageSize);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await api(`/chatroom/list?cursor=${encodeURIComponent(first.body.next_cursor)}`, {
      token: c.token,
    });
    expect(second.body.chatrooms).toHaveLength(2);
    const ids = [...first.body.chatrooms, ...second.body.chatrooms].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(C.listPageSize + 2);
    // The cursor is the creator's: one of the fans cannot page through the creator's rooms with it.
    const stolen = await api(`/chatroom/list?cursor=${encodeURIComponent(first.body.next_cursor)}`, {
      token: fans[0]?.token,
    });
    expect([stolen.status, stolen.body.code]).toEqual([400, 'cursor_invalid']);
  });
});

describe('messages', () => {
  it('a paid message debits exactly the price, credits the creator, and the creator replies free', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await priceToday(c.profileId, 4);
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    expect((await api(`/chatroom/${chatroomId}`, { token: f.token })).body.chat).toMatchObject({
      pays: true,
      cost: 4,
      usable_points: 10,
    });

    const res = await send(f, chatroomId, { text: 'こんにちは' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      points: 4,
      replayed: false,
      message: {
        chatroom_id: chatroomId,
        sender_id: f.profileId,
        kind: 'text',
        text: 'こんにちは',
        cost: 4,
        deleted: null,
      },
    });
    expect(await balance(f)).toBe(6);
    expect(await chatSpends(f.profileId)).toMatchObject([
      { points: 4, detail: 'chat', counterpartyId: c.profileId },
    ]);
    expect(await income(c.profileId)).toMatchObject({ revenue: 4, income: 2, fee: 2 });

    const reply = await send(c, chatroomId, { text: 'ありがとう！' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ points: 0, message: { sender_id: c.profileId, cost: 0 } });
    expect(await balance(f)).toBe(6);
    expect(await income(c.profileId)).toMatchObject({ revenue: 4 });
    await drainStreams();
    const fanRow = await db.entities.roomMember.get({ ownerId: f.profileId, chatroomId }).go();
    expect(fanRow.data).toMatchObject({ unread: 1, mutualAt: expect.any(String) });

    // Not enough for a third message of 4 after a second one.
    expect((await send(f, chatroomId, { text: 'two' })).status).toBe(200);
    const short = await send(f, chatroomId, { text: 'three' });
    expect([short.status, short.body.code]).toEqual([409, 'insufficient_chat_points']);
    expect(await balance(f)).toBe(2);
    expect(await messagesIn(chatroomId)).toHaveLength(3);
  });

  it('a replayed uuid stores one message, charges once and answers with the first message', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await priceToday(c.profileId, 3);
    await give(f.profileId, 20);
    const chatroomId = await room(f, c);
    const uuid = randomUUID();
    const first = await send(f, chatroomId, { text: 'once' }, uuid);
    const [again, concurrent] = await Promise.all([
      send(f, chatroomId, { text: 'once' }, uuid),
      send(f, chatroomId, { text: 'once' }, uuid),
    ]);
    for (const r of [again, concurrent]) {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ replayed: true, points: 3, message: { id: first.body.message.id } });
    }
    expect(await messagesIn(chatroomId)).toHaveLength(1);
    expect(await chatSpends(f.profileId)).toHaveLength(1);
    expect(await balance(f)).toBe(17);
    // The creator's free replies are idempotent too.
    const ru = randomUUID();
    const r1 = await send(c, chatroomId, { text: 'reply' }, ru);
    const r2 = await send(c, chatroomId, { text: 'reply' }, ru);
    expect(r2.body).toMatchObject({ replayed: true, message: { id: r1.body.message.id } });
    expect(await messagesIn(chatroomId)).toHaveLength(2);
    // A paid message's replay answer is its journal item (txId = the key), which names the message;
    // a free message's is a replay key item.
    const paidKey = messageKeyOf(f.profileId, uuid);
    const journal = await db.entities.journal.get({ txId: paidKey }).go();
    expect(journal.data?.target).toBe(`message:${chatroomId}.${first.body.message.id}`);
    expect((await db.entities.messageKey.get({ chatroomId, key: paidKey }).go()).data).toBeNull();
    const key = await db.entities.messageKey.get({ chatroomId, key: messageKeyOf(c.profileId, ru) }).go();
    expect(key.data?.messageId).toBe(r1.body.message.id);
    // A retry after the room changed (the creator blocked the fan) still answers with the first message.
    await blockRoom(c, chatroomId);
    const late = await send(f, chatroomId, { text: 'once' }, uuid);
    expect(late.body).toMatchObject({ replayed: true, message: { id: first.body.message.id } });
    expect((await send(f, chatroomId, { text: 'new' })).body.code).toBe('chat_blocked');
    expect(await balance(f)).toBe(17);
  });

  it('leaves pay first unless the creator refuses free points; a locked room refuses paid chat', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await priceToday(c.profileId, 2);
    await give(f.profileId, 2, 'leaf');
    const chatroomId = await room(f, c);
    expect((await send(f, chatroomId, { text: 'with leaves' })).status).toBe(200);
    expect((await chatSpends(f.profileId))[0]?.parts).toEqual([{ kind: 'leaf', points: 2 }]);
    // Leaf income is 0 % but shows in the income rows.
    expect(await income(c.profileId)).toMatchObject({ revenue: 2, income: 0 });

    await give(f.profileId, 5, 'leaf');
    await priceToday(c.profileId, 2, { rejectFreePoints: true });
    expect((await api(`/chatroom/${chatroomId}`, { token: f.token })).body.chat).toMatchObject({
      reject_free_points: true,
      usable_points: 0,
    });
    expect((await send(f, chatroomId, { text: 'leaves refused' })).body.code).toBe(
      'insufficient_chat_points',
    );
    await give(f.profileId, 3);
    const paid = await send(f, chatroomId, { text: 'with mushrooms' });
    expect(paid.status).toBe(200);
    expect((await chatSpends(f.profileId))[1]?.parts).toEqual([{ kind: 'mushroom', points: 2 }]);

    await priceToday(c.profileId, 2, { chatLocked: true });
    expect((await api(`/chatroom/${chatroomId}`, { token: f.token })).body.chat.locked).toBe(true);
    const locked = await send(f, chatroomId, { text: 'locked?' });
    expect([locked.status, locked.body.code]).toEqual([403, 'chat_locked']);
    // The creator may still write to the fan.
    expect((await send(c, chatroomId, { text: 'still here' })).status).toBe(200);
    expect(await messagesIn(chatroomId)).toHaveLength(3);
  });

  it('a blocked fan is refused, and so is a sender who blocked the peer', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    await blockRoom(c, chatroomId);
    const refused = await send(f, chatroomId, { text: 'let me in' });
    expect([refused.status, refused.body.code]).toEqual([403, 'chat_blocked']);
    const blocker = await send(c, chatroomId, { text: 'blocked you' });
    expect(blocker.body.code).toBe('chat_you_blocked');
    expect(await balance(f)).toBe(10);
    expect(await messagesIn(chatroomId)).toHaveLength(0);
    expect((await api(`/chatroom/${chatroomId}`, { token: f.token })).body).toMatchObject({
      blocked_by_peer: true,
      blocked: false,
    });
  });

  it('a file is uploaded with a presigned POST, sent by its key, and read back through a presigned URL', async () => {
    const [c, f, other] = await Promise.all([creator(), fan(), fan()]);
    await give(f.profileId, 10);
    await give(other.profileId, 10);
    const chatroomId = await room(f, c);
    const upload = await api('/chat/upload-url', {
      token: f.token,
      body: { chatroom_id: chatroomId, content_type: 'image/png' },
    });
    expect(upload.status).toBe(200);
    expect(upload.body.key).toMatch(
      new RegExp(`^uploads/chat-photo/${chatroomId}/${f.profileId}-[0-9a-f-]{36}\\.png$`),
    );
    const bytes = await png();
    // Not uploaded yet: refused before anything is charged.
    const early = await send(f, chatroomId, { file: upload.body.key });
    expect(issuePaths(early.body)).toEqual({ file: 'validation.chatFile' });
    const posted = await postForm(upload.body, bytes);
    expect(posted.status).toBe(204);

    const sent = await send(f, chatroomId, { file: upload.body.key });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({
      kind: 'file',
      text: null,
      file: expect.stringMatching(/^private\/chat-photo\/.+\/full\.webp$/),
      cost: C.defaultCostMushrooms,
    });
    const history = await api(`/chat/${chatroomId}/latest`, { token: c.token });
    const got = await fetch(history.body.messages[0].file_url);
    expect(got.status).toBe(200);
    // The re-encoded picture (functions/test/media.test.ts checks the pipeline itself).
    expect((await sharp(Buffer.from(await got.arrayBuffer())).metadata()).format).toBe('webp');
    await drainStreams();
    expect((await api('/chatroom/list', { token: c.token })).body.chatrooms[0].last_message).toMatchObject({
      kind: 'file',
      preview: null,
    });

    // Only into its own room, only by its uploader (a used upload is gone: nothing left to send).
    const otherRoom = await room(other, c);
    const elsewhere = await send(other, otherRoom, { file: upload.body.key });
    expect(issuePaths(elsewhere.body)).toEqual({ file: 'validation.chatFile' });
    const notMine = await send(c, chatroomId, { file: upload.body.key });
    expect(issuePaths(notMine.body)).toEqual({ file: 'validation.chatFile' });
    const type = await api('/chat/upload-url', {
      token: f.token,
      body: { chatroom_id: chatroomId, content_type: 'application/x-msdownload' },
    });
    expect(issuePaths(type.body)).toEqual({ content_type: 'validation.chatFile' });
    const stranger = await api('/chat/upload-url', {
      token: other.token,
      body: { chatroom_id: chatroomId, content_type: 'image/png' },
    });
    expect(stranger.body.code).toBe('chatroom_not_found');
    expect(await balance(f)).toBe(10 - C.defaultCostMushrooms);
  });

  it('exactly one content is sent, within the length limit, with a uuid', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const chatroomId = await room(f, c);
    const both = await send(f, chatroomId, { text: 'a', stamp_id: 'thanks' });
    expect(issuePaths(both.body)).toEqual({ text: 'validation.messageContent' });
    const none = await send(f, chatroomId, {});
    expect(issuePaths(none.body)).toEqual({ text: 'validation.messageContent' });
    const blank = await send(f, chatroomId, { text: '   ' });
    expect(issuePaths(blank.body)).toEqual({ text: 'validation.messageContent' });
    const long = await send(f, chatroomId, { text: 'あ'.repeat(C.messageMaxLength + 1) });
    expect(issuePaths(long.body)).toEqual({ text: 'validation.messageMax' });
    const noUuid = await api('/chat', { token: f.token, body: { chatroom_id: chatroomId, text: 'x' } });
    expect(issuePaths(noUuid.body)).toEqual({ uuid: 'validation.messageKey' });
    const badFile = await send(f, chatroomId, { file: '../../etc/passwd' });
    expect(issuePaths(badFile.body)).toEqual({ file: 'validation.chatFile' });
  });

  it('history pages newest first by message id, and catches up newer messages', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 100);
    const chatroomId = await room(f, c);
    const total = C.historyPageSize + 5;
    const sent: string[] = [];
    for (let i = 0; i < total; i++) {
      const who = i % 3 === 2 ? c : f;
      const res = await send(who, chatroomId, { text: `m${i}` });
      expect(res.status).toBe(200);
      sent.push(res.body.message.id);
    }
    const first = await api(`/chat/${chatroomId}/latest`, { token: c.token });
    expect(first.status).toBe(200);
    expect(first.body.messages.map((m: { text: string }) => m.text)).toEqual(
      Array.from({ length: C.historyPageSize }, (_, i) => `m${total - 1 - i}`),
    );
    expect(first.body.next_cursor).toBe(sent[5]);
    const second = await api(`/chat/${chatroomId}/${first.body.next_cursor}`, { token: f.token });
    expect(second.body.messages.map((m: { text: string }) => m.text)).toEqual(['m4', 'm3', 'm2', 'm1', 'm0']);
    expect(second.body.next_cursor).toBeNull();
    const newer = await api(`/chat/${chatroomId}/${sent[total - 4]}?direction=newer`, { token: f.token });
    expect(newer.body.messages.map((m: { text: string }) => m.text)).toEqual([
      `m${total - 3}`,
      `m${total - 2}`,
      `m${total - 1}`,
    ]);
    expect(newer.body.next_cursor).toBeNull();
    // `{b}` is the page position: 'latest' or a message id, anything else a bad cursor.
    const bad = await api(`/chat/${chatroomId}/not-an-id`, { token: f.token });
    expect([bad.status, bad.body.code]).toEqual([400, 'cursor_invalid']);
  });

  it('only the sender deletes a message; history and list show it as deleted by the sender', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    const sent = await send(f, chatroomId, { text: 'oops, secret' });
    const id = `${chatroomId}.${sent.body.message.id}`;
    const byCreator = await api('/chat/delete', { token: c.token, body: { id } });
    expect(byCreator.body.code).toBe('forbidden');
    const del = await api('/chat/delete', { token: f.token, body: { id } });
    expect(del.status).toBe(200);
    expect(del.body.message).toMatchObject({ deleted: 'sender', text: null, cost: C.defaultCostMushrooms });
    expect((await api('/chat/delete', { token: f.token, body: { id } })).body.message.deleted).toBe('sender');
    const history = await api(`/chat/${chatroomId}/latest`, { token: c.token });
    expect(history.body.messages[0]).toMatchObject({
      id: sent.body.message.id,
      deleted: 'sender',
      text: null,
    });
    await drainStreams();
    const list = await api('/chatroom/list', { token: c.token });
    expect(list.body.chatrooms[0].last_message).toMatchObject({ deleted: true, preview: null });
    const stored = await db.entities.message.get({ chatroomId, messageId: sent.body.message.id }).go();
    expect(stored.data?.text).toBeUndefined();
    const missing = await api('/chat/delete', {
      token: f.token,
      body: { id: `${chatroomId}.01ARZ3NDEKTSV4RRFFQ69G5FAV` },
    });
    expect(missing.body.code).toBe('message_not_found');
    expect((await api('/chat/delete', { token: f.token, body: { id: 'nope' } })).status).toBe(422);
  });

  it('50 concurrent paid messages from a wallet that covers 10 store exactly 10 messages and 10 debits', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await priceToday(c.profileId, 3);
    await give(f.profileId, 30);
    const chatroomId = await room(f, c);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(f, chatroomId, { text: `race ${i}` })),
    );
    const statuses = results.map((r) => (r.status === 200 ? 'ok' : r.body.code));
    expect(statuses.filter((s) => s === 'ok')).toHaveLength(10);
    expect(new Set(statuses.filter((s) => s !== 'ok'))).toEqual(new Set(['insufficient_chat_points']));
    expect(await messagesIn(chatroomId)).toHaveLength(10);
    const debits = await chatSpends(f.profileId);
    expect(debits).toHaveLength(10);
    expect(debits.every((d) => d.points === 3)).toBe(true);
    expect(await balance(f)).toBe(0);
    expect(await income(c.profileId)).toMatchObject({ revenue: 30 });
    const creatorRow = await db.entities.roomMember.get({ ownerId: c.profileId, chatroomId }).go();
    expect(creatorRow.data?.unread).toBe(10);
    // The creator's unread total and month totals are sharded: 10 sends never all write one item.
    const { data: unreadShards } = await db.entities.unreadShard.query
      .byProfile({ profileId: c.profileId })
      .go({ consistent: true });
    expect(unreadShards.length).toBeGreaterThan(1);
    expect(unreadShards.reduce((s, x) => s + (x.chatUnread ?? 0), 0)).toBe(10);
    const { data: incomeShards } = await db.entities.incomeMonth.query
      .byCreator({ creatorId: c.profileId })
      .go({ consistent: true });
    expect(incomeShards.length).toBeGreaterThan(1);
    expect((await api('/chatroom/list', { token: c.token })).body.unread_total).toBe(10);
  }, 60_000);
});

describe('realtime delivery', () => {
  it('a message reaches every open socket of the recipient and the sender, with the unread update', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    const [tab1, tab2, fanTab] = await Promise.all([openSocket(c), openSocket(c), openSocket(f)]);
    const seen1 = collect(tab1);
    const seen2 = collect(tab2);
    const seenFan = collect(fanTab);
    try {
      const res = await send(f, chatroomId, { text: 'live' });
      const message = res.body.message;
      for (const seen of [seen1, seen2]) {
        await expect.poll(() => seen).toContainEqual({ type: 'message', message });
        await expect
          .poll(() => seen)
          .toContainEqual({ type: 'unread', chatroom_id: chatroomId, unread: 1, unread_total: 1 });
      }
      await expect.poll(() => seenFan).toContainEqual({ type: 'message', message });

      const reply = await send(c, chatroomId, { text: 'live reply' });
      await expect.poll(() => seenFan).toContainEqual({ type: 'message', message: reply.body.message });
      await api('/chatroom/read', { token: f.token, body: { chatroom_id: chatroomId } });
      await expect
        .poll(() => seen1)
        .toContainEqual(
          expect.objectContaining({ type: 'read', chatroom_id: chatroomId, reader_id: f.profileId }),
        );
      const del = await api('/chat/delete', { token: f.token, body: { id: `${chatroomId}.${message.id}` } });
      await expect.poll(() => seen2).toContainEqual({ type: 'message_deleted', message: del.body.message });
    } finally {
      for (const s of [tab1, tab2, fanTab]) s.close();
    }
  });
});
