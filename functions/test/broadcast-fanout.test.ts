/**
 * The fan-out of a scheduled broadcast (services/broadcasts/fanout.ts): the send job freezes the
 * audience into chunks and queues them, workers deliver each fan once whatever the queue
 * redelivers, the last chunk sets the counts and status; double fires, stale schedules, failures
 * on the last receive and their retry, lost messages (the sweep), and the audience conditions.
 */
import { randomUUID } from 'node:crypto';
import { chatroomIdOf } from '@app/shared/chat';
import { describe, expect, it } from 'vitest';
import { seedMembers } from '../../scripts/bench/audience.ts';
import type { BroadcastDeps } from '../src/services/broadcasts/deps.ts';
import {
  type ChunkMessage,
  chunkMessage,
  deliverChunk,
  retryFailed,
  startReserve,
  sweepSending,
} from '../src/services/broadcasts/fanout.ts';
import { broadcastTestDeps, recordingQueue } from './helpers/broadcasts.ts';
import { creator, fan, give, type Member, send } from './helpers/chat.ts';
import { api, drainStreams, manualClock, testDb } from './helpers/cloud.ts';

const db = testDb();
const HOUR = 3_600_000;

function setup(start = new Date()) {
  const clock = manualClock(start);
  const queue = recordingQueue();
  const deps = broadcastTestDeps(clock, { queue });
  return { clock, queue, deps };
}

/** A reserve due now (status 0) as the authoring screens leave it. */
async function putReserve(creatorId: string, at: Date, over: { condition?: number; hours?: number } = {}) {
  const reserveId = `r${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const iso = at.toISOString();
  await db.entities.reserve
    .put({
      creatorId,
      reserveId,
      condition: over.condition ?? 1,
      ...(over.hours ? { hours: over.hours } : {}),
      reservedAt: iso,
      chats: [
        { kind: 'text', text: '今月もありがとう！' },
        { kind: 'text', text: '週末に配信します' },
      ],
      createdAt: iso,
      updatedAt: iso,
    })
    .go();
  return { reserve_id: reserveId, creator_id: creatorId, reserved_at: iso };
}

const readReserve = async (creatorId: string, reserveId: string) =>
  (await db.entities.reserve.get({ creatorId, reserveId }).go({ consistent: true })).data;

const messagesOf = (msgs: { body: Record<string, unknown> }[]): ChunkMessage[] =>
  msgs.map((m) => chunkMessage.parse(m.body));

/** Runs queued messages as a worker would (first receive unless told). */
async function work(deps: BroadcastDeps, msgs: ChunkMessage[], receiveCount = 1) {
  for (const msg of msgs) await deliverChunk(deps, msg, { receiveCount, maxReceiveCount: 5 });
}

/** Broadcast messages in a fan's room. */
async function broadcastMessages(creatorId: string, fanId: string) {
  const { data } = await db.entities.message.query
    .byRoom({ chatroomId: chatroomIdOf(creatorId, fanId) })
    .go({ pages: 'all' });
  return data.filter((m) => m.broadcast);
}

describe('scheduled broadcast fan-out', () => {
  it('freezes the audience into chunks, delivers every member once and completes with the counts', async () => {
    const c = await creator();
    const fans = await seedMembers(db, c.profileId, 60);
    const { deps, queue, clock } = setup();
    const input = await putReserve(c.profileId, clock.now());

    const summary = await startReserve(deps, input);
    expect(summary).toMatchObject({ outcome: 'planned', chunks: 3 });
    const msgs = messagesOf(queue.sent);
    expect(msgs.map((m) => m.chunk)).toEqual(['000000', '000001', '000002']);
    expect((await readReserve(c.profileId, input.reserve_id))?.status).toBe(1);

    await work(deps, msgs);
    const done = await readReserve(c.profileId, input.reserve_id);
    expect(done?.status).toBe(2);
    expect(done?.counts).toEqual({ targeted: 60, delivered: 60, blocked: 0, closed: 0, left: 0, failed: 0 });
    expect(done?.sendingSince).toBe('');
    for (const fanId of [fans[0], fans[30], fans[59]] as string[])
      expect((await broadcastMessages(c.profileId, fanId)).map((m) => m.text)).toEqual([
        '今月もありがとう！',
        '週末に配信します',
      ]);
  });

  it('gives one broadcast when its schedule fires twice at once, and each message twice', async () => {
    const c = await creator();
    const fans = await seedMembers(db, c.profileId, 30);
    const { deps, queue, clock } = setup();
    const input = await putReserve(c.profileId, clock.now());

    await Promise.all([startReserve(deps, input), startReserve(deps, input)]);
    const msgs = messagesOf(queue.sent);
    expect(new Set(msgs.map((m) => m.chunk)).size).toBe(2);
    // Every message delivered twice, concurrently (a redelivery racing the first worker).
    await Promise.all([work(deps, msgs), work(deps, msgs), work(deps, msgs, 2)]);
    const done = await readReserve(c.profileId, input.reserve_id);
    expect(done?.counts).toMatchObject({ targeted: 30, delivered: 30, failed: 0 });
    for (const fanId of fans) expect(await broadcastMessages(c.profileId, fanId)).toHaveLength(2);
    // A late fire after completion changes nothing.
    expect(await startReserve(deps, input)).toEqual({ outcome: 'done', status: 2 });
  });

  it('ignores a schedule made for another time (the reserve was edited)', async () => {
    const c = await creator();
    await seedMembers(db, c.profileId, 3);
    const { deps, queue, clock } = setup();
    const input = await putReserve(c.profileId, clock.now());
    expect(await startReserve(deps, { ...input, reserved_at: new Date(0).toISOString() })).toEqual({
      outcome: 'stale',
    });
    expect(queue.sent).toEqual([]);
    expect((await readReserve(c.profileId, input.reserve_id))?.status).toBe(0);
    expect(await startReserve(deps, { ...input, reserve_id: 'nosuchreserve' })).toEqual({ outcome: 'stale' });
  });

  it('skips fans who blocked the creator or left, with their reasons', async () => {
    const c = await creator();
    const [blocker, leaver, ...rest] = await seedMembers(db, c.profileId, 5);
    await db.entities.block
      .put({ blockerId: blocker as string, blockedId: c.profileId, createdAt: new Date().toISOString() })
      .go();
    await db.entities.profile
      .patch({ profileId: leaver as string })
      .set({ status: 'suspended' })
      .go();
    const { deps, queue, clock } = setup();
    const input = await putReserve(c.profileId, clock.now());
    await startReserve(deps, input);
    await work(deps, messagesOf(queue.sent));
    const done = await readReserve(c.profileId, input.reserve_id);
    expect(done?.status).toBe(2);
    expect(done?.counts).toEqual({ targeted: 5, delivered: 3, blocked: 1, closed: 0, left: 1, failed: 0 });
    expect(await broadcastMessages(c.profileId, blocker as string)).toEqual([]);
    for (const fanId of rest) expect(await broadcastMessages(c.profileId, fanId)).toHaveLength(2);
  });

  it('retries on the queue while deliveries fail, records them failed on the last receive, and the creator retries them', async () => {
    const c = await creator();
    const fans = await seedMembers(db, c.profileId, 4);
    const { deps, queue, clock } = setup();
    const input = await putReserve(c.profileId, clock.now());
    await startReserve(deps, input);
    const [msg] = messagesOf(queue.sent) as [ChunkMessage];
    // The creator's profile cannot be read: every delivery of the chunk fails.
    const { data: profile } = await db.entities.profile.get({ profileId: c.profileId }).go();
    await db.entities.profile.delete({ profileId: c.profileId }).go();
    await expect(deliverChunk(deps, msg, { receiveCount: 1, maxReceiveCount: 5 })).rejects.toThrow(/failed/);
    expect((await readReserve(c.profileId, input.reserve_id))?.status).toBe(1);
    await deliverChunk(deps, msg, { receiveCount: 5, maxReceiveCount: 5 });
    const errored = await readReserve(c.profileId, input.reserve_id);
    expect(errored?.status).toBe(3);
    expect(errored?.counts).toMatchObject({ targeted: 4, delivered: 0, failed: 4 });

    await db.entities.profile.put(profile as never).go();
    queue.sent.length = 0;
    await retryFailed(deps, c.profileId, input.reserve_id);
    await expect(retryFailed(deps, c.profileId, input.reserve_id)).rejects.toMatchObject({
      code: 'broadcast_not_retryable',
    });
    const retry = messagesOf(queue.sent);
    expect(retry).toEqual([{ ...msg, round: 2 }]);
    await work(deps, [...retry, msg]);
    const done = await readReserve(c.profileId, input.reserve_id);
    expect(done?.status).toBe(2);
    expect(done?.counts).toEqual({ targeted: 4, delivered: 4, blocked: 0, closed: 0, left: 0, failed: 0 });
    for (const fanId of fans) expect(await broadcastMessages(c.profileId, fanId)).toHaveLength(2);
    await expect(retryFailed(deps, c.profileId, input.reserve_id)).rejects.toMatchObject({
      code: 'broadcast_not_retryable',
    });
  });

  it('the sweep queues again the chunks whose messages were lost, and resumes a plan cut short', async () => {
    const c = await creator();
    await seedMembers(db, c.profileId, 40);
    const { deps, queue, clock } = setup();
    const input = await putReserve(c.profileId, clock.now());
    await startReserve(deps, input);
    const [first] = messagesOf(queue.sent) as [ChunkMessage];
    await work(deps, [first]);
    queue.sent.length = 0;
    // Not stalled yet: nothing to do.
    expect((await sweepSending(deps)).requeued).toBe(0);
    clock.advance(6 * 60_000);
    await sweepSending(deps);
    const again = messagesOf(queue.sent).filter((m) => m.reserve_id === input.reserve_id);
    expect(again.map((m) => m.chunk)).toEqual(['000001']);
    await work(deps, again);
    expect((await readReserve(c.profileId, input.reserve_id))?.counts.delivered).toBe(40);

    // A planner that died right after moving the status: the sweep plans the whole audience.
    const cut = await putReserve(c.profileId, clock.now());
    await db.entities.reserve
      .patch({ creatorId: c.profileId, reserveId: cut.reserve_id })
      .set({
        status: 1,
        round: 1,
        sendingSince: clock.now().toISOString(),
        progressAt: clock.now().toISOString(),
      })
      .go();
    queue.sent.length = 0;
    clock.advance(6 * 60_000);
    await sweepSending(deps);
    const planned = messagesOf(queue.sent).filter((m) => m.reserve_id === cut.reserve_id);
    expect(planned).toHaveLength(2);
    await work(deps, planned);
    expect((await readReserve(c.profileId, cut.reserve_id))?.counts.delivered).toBe(40);
  });

  it('finds the audience of the inactive and mutual-chat conditions from the rooms', async () => {
    const c = await creator();
    const [talker, quiet]: Member[] = await Promise.all([fan(), fan()]);
    // The creator opens both rooms; one fan answers (mutual chat), the other never does.
    for (const f of [talker, quiet] as Member[]) {
      const res = await send(c, chatroomIdOf(c.profileId, f.profileId), { text: 'はじめまして' });
      expect(res.status).toBe(200);
    }
    await give((talker as Member).profileId, 10);
    expect(
      (
        await send(talker as Member, chatroomIdOf(c.profileId, (talker as Member).profileId), {
          text: 'よろしく',
        })
      ).status,
    ).toBe(200);
    await drainStreams();

    const { deps, queue } = setup(new Date(Date.now() + 5 * HOUR));
    const mutual = await putReserve(c.profileId, deps.clock.now(), { condition: 3 });
    await startReserve(deps, mutual);
    await work(deps, messagesOf(queue.sent));
    expect((await readReserve(c.profileId, mutual.reserve_id))?.counts.delivered).toBe(1);
    expect(await broadcastMessages(c.profileId, (talker as Member).profileId)).toHaveLength(2);

    queue.sent.length = 0;
    // Inactive for 3 hours: both rooms (their last message is 5 hours old at the send).
    const inactive = await putReserve(c.profileId, deps.clock.now(), { condition: 2, hours: 3 });
    await startReserve(deps, inactive);
    await work(deps, messagesOf(queue.sent));
    expect((await readReserve(c.profileId, inactive.reserve_id))?.counts.delivered).toBe(2);
    await drainStreams();

    queue.sent.length = 0;
    // Inactive for 8 hours: nobody.
    const nobody = await putReserve(c.profileId, deps.clock.now(), { condition: 2, hours: 8 });
    await startReserve(deps, nobody);
    expect(queue.sent).toEqual([]);
    expect((await readReserve(c.profileId, nobody.reserve_id))?.status).toBe(2);
    expect(
      (
        await api(`/chatroom/${chatroomIdOf(c.profileId, (quiet as Member).profileId)}`, {
          token: (quiet as Member).token,
        })
      ).body.unread,
    ).toBe(3);
  });
});
