/** Chat, part two: stamps, mute, block, report, notices, and rooms closed when a member leaves. */
import { businessConfig } from '@app/shared/config';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { balance, creator, fan, give, type Member, room, send } from './helpers/chat.ts';
import { api, db as documentClient, drainStreams, issuePaths, tableName, testDb } from './helpers/cloud.ts';

const db = testDb();
const C = businessConfig.chat;
const stamp = (id: string) => C.stamps.find((s) => s.id === id) as (typeof C.stamps)[number];

/** The member's notices once the stream consumers caught up. */
async function notices(m: Member) {
  await drainStreams();
  const res = await api('/notice', { token: m.token });
  expect(res.status).toBe(200);
  return res.body as {
    notices: { id: string; kind: string; params: Record<string, unknown>; read: boolean }[];
    unread: number;
  };
}

describe('stamps', () => {
  it('the picker lists the catalogue in the caller’s language with the balance', async () => {
    const f = await fan();
    await give(f.profileId, 40);
    const ja = await api('/chatroom/open-stamp', { token: f.token, method: 'POST', body: {} });
    expect(ja.status).toBe(200);
    // The catalogue lives in the table (issue 17): the configuration's stamps, in their order, and
    // whatever operators (the console's tests, on this shared table) added.
    type Listed = { id: string; name: string; cost: number };
    const configured = (list: Listed[]) =>
      list
        .filter((s) => C.stamps.some((c) => c.id === s.id))
        .map(({ id, name, cost }) => ({ id, name, cost }));
    expect(configured(ja.body.stamps)).toEqual(
      C.stamps.map((s) => ({ id: s.id, name: s.name.ja, cost: s.cost })),
    );
    expect(ja.body.balance).toMatchObject({ mushroom: 40, total: 40 });
    const en = await api('/chatroom/open-stamp', {
      token: f.token,
      method: 'POST',
      body: {},
      headers: { 'x-lang': 'en' },
    });
    expect(configured(en.body.stamps)[0]?.name).toBe(C.stamps[0]?.name.en);
  });

  it('a stamp spends its own cost as a gift, also in a locked room; creators cannot send stamps', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const thanks = stamp('thanks');
    await give(f.profileId, thanks.cost + 5);
    const chatroomId = await room(f, c);
    await api('/mypage/business-setting', { token: c.token, body: { chat_locked: true } });
    const sent = await send(f, chatroomId, { stamp_id: thanks.id });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      points: thanks.cost,
      message: { kind: 'stamp', stamp_id: thanks.id, text: null },
    });
    expect(await balance(f)).toBe(5);
    const { data: logs } = await db.entities.pointLog.query.byHolder({ holderId: f.profileId }).go();
    expect(logs.filter((l) => l.type === 1).map((l) => [l.detail, l.points])).toEqual([
      ['gift', thanks.cost],
    ]);
    const { data: rows } = await db.entities.incomeRow.query.byCreator({ creatorId: c.profileId }).go();
    expect(rows.map((r) => [r.paymentType, r.revenue, r.income])).toEqual([
      [4, thanks.cost, thanks.cost / 2],
    ]);

    const short = await send(f, chatroomId, { stamp_id: thanks.id });
    expect([short.status, short.body.code]).toEqual([409, 'insufficient_points']);
    expect((await send(f, chatroomId, { stamp_id: 'no-such-stamp' })).body.code).toBe('stamp_not_found');
    expect((await send(c, chatroomId, { stamp_id: thanks.id })).body.code).toBe('creator_stamp');
    // The lock refuses paid text meanwhile.
    expect((await send(f, chatroomId, { text: 'hi' })).body.code).toBe('chat_locked');
  });

  it('a stamp uses the creator’s original points only when the fan opts in', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const thanks = stamp('thanks');
    await give(f.profileId, thanks.cost);
    await give(f.profileId, thanks.cost, 'original', c.profileId);
    const chatroomId = await room(f, c);
    expect((await send(f, chatroomId, { stamp_id: thanks.id })).status).toBe(200);
    expect((await send(f, chatroomId, { stamp_id: thanks.id, use_original_points: true })).status).toBe(200);
    const { data: logs } = await db.entities.pointLog.query.byHolder({ holderId: f.profileId }).go();
    expect(logs.filter((l) => l.type === 1).map((l) => l.parts.map((p) => p.kind))).toEqual([
      ['mushroom'],
      ['original'],
    ]);
  });
});

describe('notices and mute', () => {
  it('paid messages and stamps notify both sides; free replies do not; a muted room raises none for its owner', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 100);
    const chatroomId = await room(f, c);
    const msg = await send(f, chatroomId, { text: 'paid' });
    expect((await send(c, chatroomId, { text: 'free reply' })).status).toBe(200);
    const love = stamp('love');
    const st = await send(f, chatroomId, { stamp_id: love.id });

    const creatorSide = await notices(c);
    expect(creatorSide.notices.map((n) => n.kind)).toEqual(['stamp_earning', 'chat_earning']);
    expect(creatorSide.notices[1]?.params).toMatchObject({
      points: C.defaultCostMushrooms,
      chatroom_id: chatroomId,
      profile_id: f.profileId,
    });
    expect(creatorSide.notices[0]?.params).toMatchObject({
      stamp_id: love.id,
      stamp_point: love.cost,
      points: love.cost,
    });
    expect(creatorSide.unread).toBe(2);
    const fanSide = await notices(f);
    expect(fanSide.notices.map((n) => n.kind)).toEqual(['stamp_spend', 'chat_spend']);
    expect(fanSide.notices[0]?.id).toBe(`${st.body.message.id}-s`);
    expect(fanSide.notices[1]?.id).toBe(`${msg.body.message.id}-s`);

    // The creator mutes the room: no earning notices; the fan (not muted) still gets spending ones.
    const mute = await api('/mute', { token: c.token, body: { chatroom_id: chatroomId } });
    expect(mute.body).toEqual({ muted: true });
    expect((await api(`/chatroom/${chatroomId}`, { token: c.token })).body.muted).toBe(true);
    await send(f, chatroomId, { text: 'while muted' });
    expect((await notices(c)).notices).toHaveLength(2);
    expect((await notices(f)).notices).toHaveLength(3);
    // Unmute (toggle) and the notices come back.
    expect((await api('/mute', { token: c.token, body: { chatroom_id: chatroomId } })).body).toEqual({
      muted: false,
    });
    await send(f, chatroomId, { text: 'after unmute' });
    expect((await notices(c)).notices).toHaveLength(3);
    // Setting explicitly is idempotent.
    for (let i = 0; i < 2; i++)
      expect(
        (await api('/mute', { token: f.token, body: { chatroom_id: chatroomId, muted: true } })).body,
      ).toEqual({
        muted: true,
      });
    await send(f, chatroomId, { text: 'fan muted' });
    expect((await notices(f)).notices).toHaveLength(4);
  });

  it('reading one notice, then all of them, brings the badge to zero', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    for (let i = 0; i < 3; i++) await send(f, chatroomId, { text: `n${i}` });
    const before = await notices(c);
    expect(before.unread).toBe(3);
    const first = before.notices[0]?.id as string;
    const one = await api('/notice/read', { token: c.token, body: { id: first } });
    expect(one.body).toEqual({ unread: 2 });
    expect((await notices(c)).notices.map((n) => n.read)).toEqual([true, false, false]);
    expect((await api('/notice/read', { token: c.token, body: { id: 'nope' } })).body.code).toBe('not_found');
    const all = await api('/notice/read', { token: c.token, body: {} });
    expect(all.body).toEqual({ unread: 0 });
    expect((await notices(c)).notices.every((n) => n.read)).toBe(true);
    await send(f, chatroomId, { text: 'new one' });
    expect((await notices(c)).unread).toBe(1);
  });
});

describe('block', () => {
  it('a blocked fan cannot send until unblocked; block/check shows both directions', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    const block = await api('/block', { token: c.token, body: { chatroom_id: chatroomId } });
    expect(block.body).toEqual({ blocked: true });
    expect((await api('/block/check', { token: c.token, body: { profile_id: f.profileId } })).body).toEqual({
      blocked: true,
      blocked_by_peer: false,
    });
    expect((await api('/block/check', { token: f.token, body: { profile_id: c.profileId } })).body).toEqual({
      blocked: false,
      blocked_by_peer: true,
    });
    const refused = await send(f, chatroomId, { text: 'hello?' });
    expect([refused.status, refused.body.code]).toEqual([403, 'chat_blocked']);
    expect((await send(c, chatroomId, { text: 'no' })).body.code).toBe('chat_you_blocked');
    expect(await balance(f)).toBe(10);
    expect((await api(`/chatroom/${chatroomId}`, { token: c.token })).body.blocked).toBe(true);

    const unblock = await api('/block', { token: c.token, body: { chatroom_id: chatroomId } });
    expect(unblock.body).toEqual({ blocked: false });
    expect((await send(f, chatroomId, { text: 'hello again' })).status).toBe(200);
    expect((await api('/block/check', { token: f.token, body: { profile_id: c.profileId } })).body).toEqual({
      blocked: false,
      blocked_by_peer: false,
    });
  });

  it('a fan blocks a creator by profile id (room flags follow), idempotently with `blocked`', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    for (let i = 0; i < 2; i++) {
      const res = await api('/block', { token: f.token, body: { profile_id: c.profileId, blocked: true } });
      expect(res.body).toEqual({ blocked: true });
    }
    expect((await send(c, chatroomId, { text: 'hi fan' })).body.code).toBe('chat_blocked');
    expect((await send(f, chatroomId, { text: 'hi' })).body.code).toBe('chat_you_blocked');
    expect((await api(`/chatroom/${chatroomId}`, { token: c.token })).body.blocked_by_peer).toBe(true);
    // Without a room, the edge alone.
    const other = await creator();
    expect((await api('/block', { token: f.token, body: { profile_id: other.profileId } })).body).toEqual({
      blocked: true,
    });
    expect((await api('/block', { token: f.token, body: { profile_id: 'nobody' } })).body.code).toBe(
      'user_not_found',
    );
    const both = await api('/block', {
      token: f.token,
      body: { profile_id: c.profileId, chatroom_id: chatroomId },
    });
    expect(issuePaths(both.body)).toEqual({ profile_id: 'validation.chatPeer' });
  });
});

describe('blocks made before the room', () => {
  it('a room created after a block by profile carries it: neither side can send', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 10);
    expect((await api('/block', { token: c.token, body: { profile_id: f.profileId } })).body).toEqual({
      blocked: true,
    });
    const chatroomId = await room(f, c);
    expect((await api(`/chatroom/${chatroomId}`, { token: f.token })).body).toMatchObject({
      blocked: false,
      blocked_by_peer: true,
    });
    expect((await api(`/chatroom/${chatroomId}`, { token: c.token })).body.blocked).toBe(true);
    expect((await send(f, chatroomId, { text: 'let me in' })).body.code).toBe('chat_blocked');
    expect((await send(c, chatroomId, { text: 'hi' })).body.code).toBe('chat_you_blocked');
    expect(await balance(f)).toBe(10);
    // Unblocking opens the room both ways.
    expect((await api('/block', { token: c.token, body: { profile_id: f.profileId } })).body).toEqual({
      blocked: false,
    });
    expect((await send(f, chatroomId, { text: 'thanks' })).status).toBe(200);
  });
});

describe('report', () => {
  it('stores the report for the operators and marks the room as reported', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    const sent = await send(f, chatroomId, { text: 'spam spam' });
    const res = await api('/report', {
      token: c.token,
      body: { type: 1, detail: '宣伝ばかり', chatroom_id: chatroomId, message_id: sent.body.message.id },
    });
    expect(res.body).toEqual({ reported: true });
    expect((await api(`/chatroom/${chatroomId}`, { token: c.token })).body.reported).toBe(true);
    expect((await api(`/chatroom/${chatroomId}`, { token: f.token })).body.reported).toBe(false);
    const open = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: 'reporterId = :me',
        ExpressionAttributeValues: { ':pk': 'reports#open', ':me': c.profileId },
      }),
    );
    expect(open.Items).toEqual([
      expect.objectContaining({
        targetId: f.profileId,
        type: 1,
        detail: '宣伝ばかり',
        chatroomId,
        status: 'open',
      }),
    ]);
    const byProfile = await api('/report', { token: f.token, body: { type: 4, profile_id: c.profileId } });
    expect(byProfile.body).toEqual({ reported: true });

    for (const type of [0, 5, '1'])
      expect(
        issuePaths((await api('/report', { token: f.token, body: { type, profile_id: c.profileId } })).body),
      ).toEqual({
        type: 'validation.reportType',
      });
    const long = await api('/report', {
      token: f.token,
      body: { type: 2, detail: 'x'.repeat(C.reportDetailMax + 1), profile_id: c.profileId },
    });
    expect(issuePaths(long.body)).toEqual({ detail: 'validation.reportDetail' });
    const stranger = await fan();
    expect(
      (await api('/report', { token: stranger.token, body: { type: 3, chatroom_id: chatroomId } })).body.code,
    ).toBe('chatroom_not_found');
  });
});

describe('closed rooms', () => {
  it('when the fan leaves, the creator’s room is closed: not listed, not readable, no sending; the badge drops', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    await send(f, chatroomId, { text: 'bye' });
    await send(f, chatroomId, { text: 'bye bye' });
    expect((await api('/chatroom/list', { token: c.token })).body.unread_total).toBe(2);

    expect((await api('/auth/leave', { token: f.token, method: 'POST', body: {} })).status).toBe(200);

    const list = await api('/chatroom/list', { token: c.token });
    expect(list.body).toMatchObject({ chatrooms: [], unread_total: 0 });
    for (const res of [
      await api(`/chatroom/${chatroomId}`, { token: c.token }),
      await api(`/chat/${chatroomId}/latest`, { token: c.token }),
      await send(c, chatroomId, { text: 'are you there?' }),
      await api('/chatroom/read', { token: c.token, body: { chatroom_id: chatroomId } }),
    ]) {
      expect([res.status, res.body.code]).toEqual([410, 'chatroom_closed']);
    }
    // The room and its messages are gone with the fan; only the creator's closed row stays.
    const { data: messages } = await db.entities.message.query.byRoom({ chatroomId }).go();
    expect(messages).toEqual([]);
    expect((await db.entities.roomMember.get({ ownerId: f.profileId, chatroomId }).go()).data).toBeNull();
  });
});
