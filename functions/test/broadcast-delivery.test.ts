/**
 * One fan's delivery of a broadcast (services/broadcasts/delivery.ts): free creator messages
 * marked as broadcasts, the room created when missing, the guard deciding once, skips for blocks,
 * closed rooms and fans who left, live pushes to the fan.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { chatroomIdOf } from '@app/shared/chat';
import { describe, expect, it } from 'vitest';
import type { ProfileItem } from '../src/lib/auth.ts';
import { type DeliveryRequest, deliverChats } from '../src/services/broadcasts/delivery.ts';
import { setProfileField } from './helpers/accounts.ts';
import { broadcastTestDeps } from './helpers/broadcasts.ts';
import { collect, creator, fan, type Member, openSocket, room } from './helpers/chat.ts';
import { api, manualClock, testDb } from './helpers/cloud.ts';

const deps = () => broadcastTestDeps(manualClock());

async function profileOf(m: Member): Promise<ProfileItem> {
  const { data } = await testDb().entities.profile.get({ profileId: m.profileId }).go();
  if (!data) throw new Error('no profile');
  return data;
}

/** A request guarded by the recipient outcome item of `reserveId` (created once). */
function request(c: ProfileItem, fanId: string, reserveId: string): DeliveryRequest {
  return {
    creator: c,
    fanId,
    chats: [
      { kind: 'text', text: 'いつも応援ありがとう！' },
      { kind: 'text', text: '今週末に配信します' },
    ],
    source: { kind: 'reserve', id: reserveId },
    guard: (e) => [
      e.broadcastRecipient
        .create({
          reserveId,
          shard: '0',
          fanId,
          outcome: 'delivered',
          round: 1,
          chunk: '0',
          at: new Date().toISOString(),
        })
        .commit(),
    ],
  };
}

async function history(m: Member, chatroomId: string) {
  const res = await api(`/chat/${chatroomId}/latest`, { token: m.token });
  expect(res.status).toBe(200);
  return res.body.messages as { text: string; broadcast?: boolean; cost: number; sender_id: string }[];
}

describe('broadcast delivery to one fan', () => {
  it('creates the room, stores the chats in order as free broadcast messages, and delivers once', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const cp = await profileOf(c);
    const chatroomId = chatroomIdOf(c.profileId, f.profileId);

    const first = await deliverChats(deps(), request(cp, f.profileId, 'r-once'));
    expect(first.outcome).toBe('delivered');
    const again = await deliverChats(deps(), request(cp, f.profileId, 'r-once'));
    expect(again).toEqual({ outcome: 'guarded' });

    const messages = await history(f, chatroomId);
    expect(messages.map((m) => m.text)).toEqual(['今週末に配信します', 'いつも応援ありがとう！']);
    expect(messages.every((m) => m.broadcast === true && m.cost === 0 && m.sender_id === c.profileId)).toBe(
      true,
    );
    const roomView = await api(`/chatroom/${chatroomId}`, { token: f.token });
    expect(roomView.body.unread).toBe(2);
  });

  it('pushes the messages live to the fan', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const socket = await openSocket(f);
    const seen = collect(socket);
    try {
      const result = await deliverChats(deps(), request(await profileOf(c), f.profileId, 'r-live'));
      expect(result.outcome).toBe('delivered');
      for (let i = 0; i < 50 && seen.length < 3; i++) await sleep(20);
      const types = seen.map((p) => (p as { type: string }).type);
      expect(types).toEqual(['message', 'message', 'unread']);
    } finally {
      socket.close();
    }
  });

  it('skips a fan who blocked the creator, or whom the creator blocked, and writes nothing', async () => {
    const [c, f, g] = await Promise.all([creator(), fan(), fan()]);
    const cp = await profileOf(c);
    const byFan = await room(f, c);
    expect((await api('/block', { token: f.token, body: { chatroom_id: byFan } })).status).toBe(200);
    const byCreator = await room(g, c);
    expect((await api('/block', { token: c.token, body: { chatroom_id: byCreator } })).status).toBe(200);

    expect(await deliverChats(deps(), request(cp, f.profileId, 'r-block'))).toEqual({ outcome: 'blocked' });
    expect(await deliverChats(deps(), request(cp, g.profileId, 'r-block'))).toEqual({ outcome: 'blocked' });
    expect(await history(c, byFan)).toEqual([]);
    const { data } = await testDb()
      .entities.broadcastRecipient.get({ reserveId: 'r-block', shard: '0', fanId: f.profileId })
      .go();
    expect(data).toBeNull();
  });

  it('delivers into a muted room', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const chatroomId = await room(f, c);
    expect((await api('/mute', { token: f.token, body: { chatroom_id: chatroomId } })).status).toBe(200);
    const result = await deliverChats(deps(), request(await profileOf(c), f.profileId, 'r-muted'));
    expect(result.outcome).toBe('delivered');
    expect((await history(f, chatroomId)).length).toBe(2);
  });

  it('tells a fan who left from a closed room', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await setProfileField(f.profileId, 'status', 'left');
    expect(await deliverChats(deps(), request(await profileOf(c), f.profileId, 'r-left'))).toEqual({
      outcome: 'left',
    });
  });

  it('delivers once when the same fan is delivered concurrently', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const cp = await profileOf(c);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => deliverChats(deps(), request(cp, f.profileId, 'r-race'))),
    );
    expect(results.filter((r) => r.outcome === 'delivered')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'guarded')).toHaveLength(3);
    expect(await history(f, chatroomIdOf(c.profileId, f.profileId))).toHaveLength(2);
  });
});
