/**
 * Issue 15, the trigger broadcast engine: events (the stream's consumers, the scan of the
 * time-based conditions) start one run per fan and trigger; the step job delivers each chat once,
 * inside the window and `interval hours` apart; exclude duplicated; blocks, deleted triggers and
 * edits; replays of records and of the job.
 *
 * The events are written with instants in the 2040s, and the services run on a manual clock there:
 * the local cloud's own recurring jobs (real time) never find these runs due, so each case decides
 * when its chats go out.
 */
import { chatroomIdOf } from '@app/shared/chat';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProfileItem } from '../src/lib/auth.ts';
import { newId } from '../src/lib/crypto.ts';
import { deliverChats } from '../src/services/broadcasts/delivery.ts';
import { invitationTriggerRecord } from '../src/services/broadcasts/trigger-events.ts';
import { startRunsFor, type TriggerRunRecord } from '../src/services/broadcasts/trigger-runs.ts';
import { scanTimedTriggers } from '../src/services/broadcasts/trigger-scan.ts';
import { runDueSteps } from '../src/services/broadcasts/trigger-steps.ts';
import { broadcastTestDeps } from './helpers/broadcasts.ts';
import { creator, fan, give, type Member, room, send } from './helpers/chat.ts';
import { api, drainStreams, manualClock, testDb } from './helpers/cloud.ts';
import { putTrigger, runOf, triggerOf } from './helpers/triggers.ts';

const db = testDb();
const HOUR = 3_600_000;
const jst = (s: string) => new Date(`${s}+09:00`);

async function profileOf(m: Member): Promise<ProfileItem> {
  const { data } = await db.entities.profile.get({ profileId: m.profileId }).go();
  if (!data) throw new Error('no profile');
  return data;
}

/** The room's messages, oldest first, as stored. */
async function messagesOf(c: Member, f: Member) {
  const { data } = await db.entities.message.query
    .byRoom({ chatroomId: chatroomIdOf(c.profileId, f.profileId) })
    .go({ pages: 'all', consistent: true });
  return data.filter((m) => m.messageId !== undefined);
}

async function textsOf(c: Member, f: Member) {
  return (await messagesOf(c, f)).map((m) => m.text);
}

/** The step job at `at` over the runs of `c`'s triggers (other cases' and files' runs share the table). */
const stepsAt = (c: Member, at: Date) =>
  runDueSteps(broadcastTestDeps(manualClock(at)), (r: TriggerRunRecord) => r.creatorId === c.profileId);

async function putInvitation(c: Member, f: Member, at: Date) {
  await db.entities.invitation
    .put({
      creatorId: c.profileId,
      fanId: f.profileId,
      eventId: newId(),
      fanNickname: 'ひなた',
      registeredAt: at.toISOString(),
    })
    .go();
}

async function putLike(from: Member, to: Member, at: Date) {
  await db.entities.like
    .put({ fromId: from.profileId, toId: to.profileId, fromRoleId: from.roleId, createdAt: at.toISOString() })
    .go();
}

async function putFanclubJoin(c: Member, f: Member, at: Date, first: boolean) {
  await db.entities.fanclubEvent
    .put({
      eventId: `${f.profileId}#${c.profileId}#${newId()}`,
      kind: 'join',
      fanId: f.profileId,
      creatorId: c.profileId,
      fanclubName: '桜の会',
      points: 500,
      first,
      createdAt: at.toISOString(),
    })
    .go();
}

async function putMutual(c: Member, f: Member, at: Date) {
  await db.entities.mutualChat
    .put({
      chatroomId: chatroomIdOf(c.profileId, f.profileId),
      creatorId: c.profileId,
      fanId: f.profileId,
      at: at.toISOString(),
      ttl: Math.floor(Date.now() / 1000) + 86_400,
    })
    .go();
}

/** A free creator message at `at` (a scheduled broadcast's, as if sent then), rows updated by the stream. */
async function creatorMessageAt(c: Member, f: Member, at: Date, source: 'reserve' | 'trigger' = 'reserve') {
  const result = await deliverChats(broadcastTestDeps(manualClock(at)), {
    creator: await profileOf(c),
    fanId: f.profileId,
    chats: [{ kind: 'text', text: 'お元気ですか？' }],
    source: { kind: source, id: newId() },
    guard: () => [],
  });
  expect(result.outcome).toBe('delivered');
  await drainStreams();
}

describe('each condition starts a run and delivers its first chat', () => {
  const at = jst('2041-02-03T12:00:00');

  it('1: a fan signed up through the invitation page', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const t = await putTrigger(c.profileId, { condition: 1, texts: ['ようこそ！'] });
    await putInvitation(c, f, at);
    await drainStreams();
    expect(await runOf(t.triggerId, f.profileId)).toMatchObject({
      status: 'active',
      step: 0,
      condition: 1,
      nextAt: at.toISOString(),
    });
    expect(await stepsAt(c, new Date(at.getTime() + 1000))).toMatchObject({ delivered: 1 });
    // The room did not exist: it was created, with the chat as a free broadcast message.
    const [message] = await messagesOf(c, f);
    expect(message).toMatchObject({ text: 'ようこそ！', cost: 0, senderId: c.profileId });
    expect(message?.broadcast).toEqual({ kind: 'trigger', id: t.triggerId });
    const row = await db.entities.roomMember
      .get({ ownerId: f.profileId, chatroomId: chatroomIdOf(c.profileId, f.profileId) })
      .go({ consistent: true });
    expect(row.data).toMatchObject({ status: 'open', unread: 1 });
    expect(await runOf(t.triggerId, f.profileId)).toMatchObject({ status: 'done', step: 1, version: 1 });
    expect((await triggerOf(t))?.counts).toMatchObject({ targeted: 1, delivered: 1, blocked: 0 });
  });

  it('2: a fan joined the fan club for the first time (a rejoin is no event)', async () => {
    const [c, f, again] = await Promise.all([creator(), fan(), fan()]);
    const t = await putTrigger(c.profileId, { condition: 2, texts: ['入会ありがとう'] });
    await putFanclubJoin(c, f, at, true);
    await putFanclubJoin(c, again, at, false);
    await drainStreams();
    expect(await runOf(t.triggerId, again.profileId)).toBeNull();
    expect(await stepsAt(c, new Date(at.getTime() + 1000))).toMatchObject({ delivered: 1 });
    expect(await textsOf(c, f)).toEqual(['入会ありがとう']);
  });

  it('3: a fan liked the creator (a creator liking a fan back is no event)', async () => {
    const [c, f, other] = await Promise.all([creator(), fan(), fan()]);
    const t = await putTrigger(c.profileId, { condition: 3, texts: ['いいねありがとう'] });
    // Another trigger of the creator, of another condition, starts nothing.
    const t1 = await putTrigger(c.profileId, { condition: 1 });
    await putLike(f, c, at);
    await putLike(c, other, at);
    await drainStreams();
    expect(await runOf(t1.triggerId, f.profileId)).toBeNull();
    expect(await runOf(t.triggerId, other.profileId)).toBeNull();
    expect(await stepsAt(c, new Date(at.getTime() + 1000))).toMatchObject({ delivered: 1 });
    expect(await textsOf(c, f)).toEqual(['いいねありがとう']);
  });

  it('6: mutual chat was established', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const t = await putTrigger(c.profileId, { condition: 6, texts: ['お話しできて嬉しい'] });
    await putMutual(c, f, at);
    await drainStreams();
    expect(await stepsAt(c, new Date(at.getTime() + 1000))).toMatchObject({ delivered: 1 });
    expect(await textsOf(c, f)).toEqual(['お話しできて嬉しい']);
    expect((await runOf(t.triggerId, f.profileId))?.condition).toBe(6);
  });

  it('6: the mutual moment is one event, written once when both sides have written', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const t = await putTrigger(c.profileId, { condition: 6, window: { start: 0, end: 24 } });
    const chatroomId = await room(f, c);
    const mutualOf = async () =>
      (await db.entities.mutualChat.get({ chatroomId }).go({ consistent: true })).data;
    expect((await send(c, chatroomId, { text: 'こんにちは' })).status).toBe(200);
    await drainStreams();
    expect(await mutualOf()).toBeNull();
    expect(await runOf(t.triggerId, f.profileId)).toBeNull();
    await give(f.profileId, 100);
    expect((await send(f, chatroomId, { text: 'はじめまして' })).status).toBe(200);
    await drainStreams();
    const mutual = await mutualOf();
    expect(mutual).toMatchObject({ creatorId: c.profileId, fanId: f.profileId });
    const run = await runOf(t.triggerId, f.profileId);
    expect(run).toMatchObject({ condition: 6, eventAt: mutual?.at, round: 1 });
    // Later messages change the rows (MODIFY) but write no second event.
    expect((await send(c, chatroomId, { text: 'ありがとう' })).status).toBe(200);
    await drainStreams();
    expect((await mutualOf())?.at).toBe(mutual?.at);
    expect((await runOf(t.triggerId, f.profileId))?.round).toBe(1);
  });

  it('5: the fan has not responded for the set hours (the scan)', async () => {
    const [c, f, replied, byTrigger] = await Promise.all([creator(), fan(), fan(), fan()]);
    const t = await putTrigger(c.profileId, { condition: 5, hours: 6, texts: ['お返事待ってます'] });
    const sent = jst('2041-03-01T10:00:00');
    await creatorMessageAt(c, f, sent);
    await creatorMessageAt(c, replied, sent);
    await creatorMessageAt(c, byTrigger, sent, 'trigger');
    // `replied` answered: the last message is the fan's.
    const repliedRoom = chatroomIdOf(c.profileId, replied.profileId);
    await db.entities.roomMember
      .patch({ ownerId: c.profileId, chatroomId: repliedRoom })
      .set({ lastSenderId: replied.profileId })
      .go();
    const cursor = `test-scan-${newId()}`;
    const scan = (now: Date) =>
      scanTimedTriggers(
        { db, clock: manualClock(now) },
        { cursor, scope: (x) => x.triggerId === t.triggerId },
      );
    // 5 h 50 min later: not yet.
    expect(await scan(new Date(sent.getTime() + 6 * HOUR - 10 * 60_000))).toMatchObject({ started: 0 });
    // The slice that crossed 6 hours since the last scan holds the room.
    expect(await scan(new Date(sent.getTime() + 6 * HOUR + 60_000))).toMatchObject({
      triggers: 1,
      started: 1,
    });
    // The next slice does not (each slice is scanned once), and a rescan of it starts nothing.
    expect(await scan(new Date(sent.getTime() + 6 * HOUR + 16 * 60_000))).toMatchObject({ started: 0 });
    const run = await runOf(t.triggerId, f.profileId);
    expect(run).toMatchObject({ condition: 5, eventAt: new Date(sent.getTime() + 6 * HOUR).toISOString() });
    expect(await runOf(t.triggerId, replied.profileId)).toBeNull();
    // A trigger's own chat left unanswered is no event (no loop of triggers).
    expect(await runOf(t.triggerId, byTrigger.profileId)).toBeNull();
    expect(await stepsAt(c, new Date(sent.getTime() + 6 * HOUR + 17 * 60_000))).toMatchObject({
      delivered: 1,
    });
    expect(await textsOf(c, f)).toEqual(['お元気ですか？', 'お返事待ってます']);
  });

  it('4: the fan liked the creator and has not chatted for the set hours (the scan)', async () => {
    const [c, quiet, chatted] = await Promise.all([creator(), fan(), fan()]);
    const t = await putTrigger(c.profileId, { condition: 4, hours: 48, texts: ['気になってます'] });
    const liked = jst('2041-04-10T20:00:00');
    await putLike(quiet, c, liked);
    await putLike(chatted, c, liked);
    await drainStreams();
    // `chatted` wrote in the room meanwhile.
    await give(chatted.profileId, 100);
    const chatroomId = await room(chatted, c);
    expect((await send(chatted, chatroomId, { text: 'こんにちは' })).status).toBe(200);
    await drainStreams();
    const summary = await scanTimedTriggers(
      { db, clock: manualClock(new Date(liked.getTime() + 48 * HOUR + 5 * 60_000)) },
      { cursor: `test-scan-${newId()}`, scope: (x) => x.triggerId === t.triggerId },
    );
    expect(summary).toMatchObject({ triggers: 1, started: 1 });
    expect(await runOf(t.triggerId, chatted.profileId)).toBeNull();
    expect(await stepsAt(c, new Date(liked.getTime() + 48 * HOUR + 6 * 60_000))).toMatchObject({
      delivered: 1,
    });
    expect(await textsOf(c, quiet)).toEqual(['気になってます']);
  });
});

describe('the scan cursor', () => {
  it('moves forward only, and catches up at most a day after a stop', async () => {
    const cursor = `test-scan-${newId()}`;
    const none = () => false;
    const scan = (at: Date) => scanTimedTriggers({ db, clock: manualClock(at) }, { cursor, scope: none });
    const at = jst('2045-01-01T12:00:00');
    // The first run looks one period (15 minutes) back.
    expect(await scan(at)).toMatchObject({
      from: new Date(at.getTime() - 15 * 60_000).toISOString(),
      to: at.toISOString(),
    });
    // A slower run that started earlier does not move the cursor back.
    await scan(new Date(at.getTime() - 10 * 60_000));
    const value = async () =>
      (await db.entities.jobCursor.get({ jobName: cursor }).go({ consistent: true })).data?.value;
    expect(await value()).toBe(at.toISOString());
    // After three days without a run: the last 24 hours only.
    const later = new Date(at.getTime() + 72 * HOUR);
    expect((await scan(later)).from).toBe(new Date(later.getTime() - 24 * HOUR).toISOString());
    expect(await value()).toBe(later.toISOString());
  });
});

describe('the window and the interval', () => {
  it('delivers an event outside the window at the next window start', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const t = await putTrigger(c.profileId, { condition: 3, window: { start: 10, end: 21 } });
    await putLike(f, c, jst('2042-01-05T03:00:00'));
    await drainStreams();
    expect((await runOf(t.triggerId, f.profileId))?.nextAt).toBe(jst('2042-01-05T10:00:00').toISOString());
    expect(await stepsAt(c, jst('2042-01-05T09:59:59'))).toMatchObject({ delivered: 0 });
    expect(await textsOf(c, f)).toEqual([]);
    expect(await stepsAt(c, jst('2042-01-05T10:00:00'))).toMatchObject({ delivered: 1 });
    expect((await messagesOf(c, f))[0]?.createdAt).toBe(jst('2042-01-05T10:00:00').toISOString());
  });

  it('sends the second chat interval hours later, moved into the window, and wraps over midnight', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const t = await putTrigger(c.profileId, {
      condition: 3,
      texts: ['一通目', '二通目', '三通目'],
      intervalHours: 3,
      window: { start: 22, end: 6 },
    });
    await putLike(f, c, jst('2042-02-01T23:30:00'));
    await drainStreams();
    expect(await stepsAt(c, jst('2042-02-01T23:30:10'))).toMatchObject({ delivered: 1 });
    // 02:30 the next day: inside the night window, 3 hours later.
    expect((await runOf(t.triggerId, f.profileId))?.nextAt).toBe(jst('2042-02-02T02:30:10').toISOString());
    expect(await stepsAt(c, jst('2042-02-02T02:30:00'))).toMatchObject({ delivered: 0 });
    expect(await stepsAt(c, jst('2042-02-02T02:30:10'))).toMatchObject({ delivered: 1 });
    // 05:30 + 0:00:10 is inside; a job that comes late (06:10, outside) moves it to 22:00.
    expect(await stepsAt(c, jst('2042-02-02T06:10:00'))).toMatchObject({ delivered: 0, moved: 1 });
    expect((await runOf(t.triggerId, f.profileId))?.nextAt).toBe(jst('2042-02-02T22:00:00').toISOString());
    expect(await stepsAt(c, jst('2042-02-02T22:00:00'))).toMatchObject({ delivered: 1 });
    expect(await textsOf(c, f)).toEqual(['一通目', '二通目', '三通目']);
    expect(await runOf(t.triggerId, f.profileId)).toMatchObject({ status: 'done', step: 3 });
    expect((await triggerOf(t))?.counts).toMatchObject({ targeted: 1, delivered: 1 });
  });

  it('moves a second chat that would fall outside the window to the next day', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const t = await putTrigger(c.profileId, {
      condition: 1,
      texts: ['一通目', '二通目'],
      intervalHours: 3,
      window: { start: 10, end: 21 },
    });
    await putInvitation(c, f, jst('2042-03-01T19:00:00'));
    await drainStreams();
    expect(await stepsAt(c, jst('2042-03-01T19:00:00'))).toMatchObject({ delivered: 1 });
    expect((await runOf(t.triggerId, f.profileId))?.nextAt).toBe(jst('2042-03-02T10:00:00').toISOString());
    expect(await stepsAt(c, jst('2042-03-01T22:00:00'))).toMatchObject({ delivered: 0 });
    expect(await stepsAt(c, jst('2042-03-02T10:00:00'))).toMatchObject({ delivered: 1 });
    expect(await textsOf(c, f)).toEqual(['一通目', '二通目']);
  });
});

describe('exclude duplicated, replays', () => {
  const eventAt = (s: string) => jst(s).toISOString();

  it('on: a fan gets a trigger once, whatever events follow', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await putTrigger(c.profileId, { condition: 1, excludeDuplicated: true });
    const event = { condition: 1 as const, creatorId: c.profileId, fanId: f.profileId, kind: 'invite' };
    expect(await startRunsFor(db, { ...event, eventAt: eventAt('2043-01-01T12:00:00') }, new Date())).toEqual(
      ['started'],
    );
    expect(await stepsAt(c, jst('2043-01-01T12:00:01'))).toMatchObject({ delivered: 1 });
    expect(await startRunsFor(db, { ...event, eventAt: eventAt('2043-01-02T12:00:00') }, new Date())).toEqual(
      ['exists'],
    );
    expect(await stepsAt(c, jst('2043-01-02T12:00:01'))).toMatchObject({ delivered: 0 });
    expect(await textsOf(c, f)).toHaveLength(1);
  });

  it('off: a newer event starts a new run once the previous one ended; a replay starts nothing', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const t = await putTrigger(c.profileId, { condition: 1, excludeDuplicated: false, texts: ['a', 'b'] });
    const event = { condition: 1 as const, creatorId: c.profileId, fanId: f.profileId, kind: 'invite' };
    const first = { ...event, eventAt: eventAt('2043-02-01T12:00:00') };
    expect(await startRunsFor(db, first, new Date())).toEqual(['started']);
    expect(await stepsAt(c, jst('2043-02-01T12:00:01'))).toMatchObject({ delivered: 1 });
    // While the run is active, another event starts nothing.
    expect(await startRunsFor(db, { ...event, eventAt: eventAt('2043-02-01T12:30:00') }, new Date())).toEqual(
      ['exists'],
    );
    expect(await stepsAt(c, jst('2043-02-01T13:00:01'))).toMatchObject({ delivered: 1 });
    expect(await runOf(t.triggerId, f.profileId)).toMatchObject({ status: 'done', round: 1 });
    // The first event again (a redelivered record) starts nothing; a newer one starts round 2.
    expect(await startRunsFor(db, first, new Date())).toEqual(['exists']);
    expect(await startRunsFor(db, { ...event, eventAt: eventAt('2043-02-03T12:00:00') }, new Date())).toEqual(
      ['restarted'],
    );
    expect(await runOf(t.triggerId, f.profileId)).toMatchObject({ status: 'active', round: 2, step: 0 });
    expect(await stepsAt(c, jst('2043-02-03T12:00:01'))).toMatchObject({ delivered: 1 });
    expect(await textsOf(c, f)).toEqual(['a', 'b', 'a']);
    expect((await triggerOf(t))?.counts).toMatchObject({ targeted: 2, delivered: 1 });
  });

  it('a redelivered stream record starts one run', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const t = await putTrigger(c.profileId, { condition: 1, excludeDuplicated: false });
    const image = {
      creatorId: c.profileId,
      fanId: f.profileId,
      eventId: newId(),
      fanNickname: 'ひなた',
      registeredAt: eventAt('2043-03-01T12:00:00'),
    };
    const record = {
      eventName: 'INSERT' as const,
      image: (await db.entities.invitation.put(image).params()).Item as Record<string, unknown>,
      sequenceNumber: '1',
    };
    const clock = manualClock(jst('2043-03-01T12:00:00'));
    await Promise.all([
      invitationTriggerRecord(db, clock, record),
      invitationTriggerRecord(db, clock, record),
    ]);
    await invitationTriggerRecord(db, clock, record);
    expect(await runOf(t.triggerId, f.profileId)).toMatchObject({ round: 1 });
    expect(await stepsAt(c, jst('2043-03-01T12:00:01'))).toMatchObject({ delivered: 1 });
    await invitationTriggerRecord(db, clock, record);
    expect(await runOf(t.triggerId, f.profileId)).toMatchObject({ round: 1, status: 'done' });
    expect(await textsOf(c, f)).toHaveLength(1);
  });

  it('two job runs at once send each chat once', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const t = await putTrigger(c.profileId, { condition: 3, texts: ['一通目', '二通目'] });
    await putLike(f, c, jst('2043-04-01T12:00:00'));
    await drainStreams();
    const at = jst('2043-04-01T12:00:01');
    const [a, b] = await Promise.all([stepsAt(c, at), stepsAt(c, at)]);
    expect(a.delivered + b.delivered).toBe(1);
    // After a crash the job runs again: nothing more until the next chat is due.
    expect(await stepsAt(c, at)).toMatchObject({ delivered: 0 });
    expect(await textsOf(c, f)).toEqual(['一通目']);
    expect((await triggerOf(t))?.counts).toMatchObject({ targeted: 1 });
  });
});

describe('what stops a sequence', () => {
  it('a fan who blocks the creator gets nothing more (skipped and counted)', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const t = await putTrigger(c.profileId, { condition: 3, texts: ['一通目', '二通目'], intervalHours: 2 });
    await putLike(f, c, jst('2044-01-01T12:00:00'));
    await drainStreams();
    expect(await stepsAt(c, jst('2044-01-01T12:00:00'))).toMatchObject({ delivered: 1 });
    const chatroomId = chatroomIdOf(c.profileId, f.profileId);
    expect((await api('/block', { token: f.token, body: { chatroom_id: chatroomId } })).status).toBe(200);
    expect(await stepsAt(c, jst('2044-01-01T14:00:00'))).toMatchObject({ delivered: 0, skipped: 1 });
    expect(await runOf(t.triggerId, f.profileId)).toMatchObject({ status: 'blocked', step: 1 });
    expect((await runOf(t.triggerId, f.profileId))?.nextAt).toBeUndefined();
    expect(await stepsAt(c, jst('2044-01-02T14:00:00'))).toMatchObject({ delivered: 0, skipped: 0 });
    expect(await textsOf(c, f)).toEqual(['一通目']);
    expect((await triggerOf(t))?.counts).toMatchObject({ targeted: 1, delivered: 0, blocked: 1 });
  });

  it('a fan blocked before the first chat is skipped', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const t = await putTrigger(c.profileId, { condition: 3 });
    const chatroomId = await room(f, c);
    expect((await api('/block', { token: c.token, body: { chatroom_id: chatroomId } })).status).toBe(200);
    await putLike(f, c, jst('2044-02-01T12:00:00'));
    await drainStreams();
    expect(await stepsAt(c, jst('2044-02-01T12:00:00'))).toMatchObject({ skipped: 1 });
    expect(await textsOf(c, f)).toEqual([]);
    expect((await triggerOf(t))?.counts).toMatchObject({ targeted: 1, blocked: 1 });
  });

  it('a deleted trigger ends its runs with nothing sent', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    const t = await putTrigger(c.profileId, { condition: 3, texts: ['一通目', '二通目'] });
    await putLike(f, c, jst('2044-03-01T12:00:00'));
    await drainStreams();
    expect(await stepsAt(c, jst('2044-03-01T12:00:00'))).toMatchObject({ delivered: 1 });
    await db.entities.trigger.delete({ creatorId: c.profileId, triggerId: t.triggerId }).go();
    expect(await stepsAt(c, jst('2044-03-01T13:00:00'))).toMatchObject({ delivered: 0, ended: 1 });
    expect(await runOf(t.triggerId, f.profileId)).toMatchObject({ status: 'deleted' });
    expect(await textsOf(c, f)).toEqual(['一通目']);
    // The counts' ADD did not bring the trigger back.
    expect(await triggerOf(t)).toBeNull();
  });

  it('an edited trigger goes on with its new chats; a shorter list ends the run', async () => {
    const [c, f, g] = await Promise.all([creator(), fan(), fan()]);
    const t = await putTrigger(c.profileId, { condition: 3, texts: ['一通目', '二通目', '三通目'] });
    await putLike(f, c, jst('2044-04-01T12:00:00'));
    await putLike(g, c, jst('2044-04-01T12:00:00'));
    await drainStreams();
    expect(await stepsAt(c, jst('2044-04-01T12:00:00'))).toMatchObject({ delivered: 2 });
    await db.entities.trigger
      .patch({ creatorId: c.profileId, triggerId: t.triggerId })
      .set({
        chats: [
          { kind: 'text', text: '新一通目' },
          { kind: 'text', text: '新二通目' },
        ],
        version: 2,
      })
      .go();
    expect(await stepsAt(c, jst('2044-04-01T13:00:00'))).toMatchObject({ delivered: 2 });
    expect(await textsOf(c, f)).toEqual(['一通目', '新二通目']);
    expect(await runOf(t.triggerId, f.profileId)).toMatchObject({ status: 'done', version: 2 });
    expect((await triggerOf(t))?.counts).toMatchObject({ targeted: 2, delivered: 2 });
  });

  it('a muted room still gets the chats', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await putTrigger(c.profileId, { condition: 3, texts: ['ミュート中でも届く'] });
    const chatroomId = await room(f, c);
    expect((await api('/mute', { token: f.token, body: { chatroom_id: chatroomId } })).status).toBe(200);
    await putLike(f, c, jst('2044-05-01T12:00:00'));
    await drainStreams();
    expect(await stepsAt(c, jst('2044-05-01T12:00:00'))).toMatchObject({ delivered: 1 });
    expect(await textsOf(c, f)).toEqual(['ミュート中でも届く']);
    const notices = await db.entities.notice.query.byProfile({ profileId: f.profileId }).go({ pages: 'all' });
    expect(notices.data).toHaveLength(0);
  });
});

beforeAll(() => {
  // A cheap check that the fixtures' instants are in the future: the cloud's real-time jobs never take them.
  expect(jst('2041-01-01T00:00:00').getTime()).toBeGreaterThan(Date.now());
});
