/**
 * `npm run bench:chat`: DynamoDB request units of a paid message (fan → creator), a free reply
 * (creator → fan), a read receipt and a history page, each next to its floor (`name: N RU (floor
 * F)`, prices and the per-item replay of transactions in scripts/bench/harness.ts); then, outside
 * the budget, what the requests leave to the stream (the room rows' follow-up of every message) and
 * a room list page of 20 rooms; then the local latency from sending a message to its delivery on
 * the recipient's open sockets (p50, p99) with 1 and with 5 connections of the recipient, and,
 * beside that direct push, the two paths through the table's stream (the local poller, as Lambda's
 * event source mapping in AWS): until the notices consumer has written the message's notices, and
 * until a push sent by a stream consumer (a bench-only consumer doing what the direct push does)
 * reaches the socket.
 *
 * Floors (the minimal reads and writes the requirement needs, every item at 1 KB):
 * - Paid message: the sender's room row (membership, blocks: eventual 0.5), the creator's business
 *   settings (price, lock: 0.5), a consistent Query of the fan's lots (1); one transaction with the
 *   spend of one lot and its journal, point-log row, income row and income-month update (5 items),
 *   the message and both room rows (3 items): 2 + 2 × 8 = 18.
 * - Free reply: the sender's room row (0.5); the message and both room rows: 0.5 + 2 × 3 = 6.5.
 * - Read receipt (the creator reads a room with unread messages): the reader's row (0.5); one
 *   transaction resetting the reader's unread, setting the peer row's read receipt and taking the
 *   unread off the reader's total (3 items: the total must stay exact, so the three change
 *   together): 0.5 + 2 × 3 = 6.5.
 * - History page: the reader's room row (0.5) and the page's 30 newest messages, eventually
 *   consistent, at 0.5 per 4 KB of their size: 0.5 + 0.5 × ⌈bytes / 4096⌉.
 * - Room rows after a message (not budgeted: the stream consumer `streams/chat-rooms`, outside the
 *   request): both rows, one single-item write each: 2. The gap is the rooms index: a key move is
 *   an index delete and put (1 + 1 per row).
 * - Room list page (not budgeted: a read the keys-only rooms index makes dearer): the page's 20
 *   rows in one eventually consistent read at 0.5 per 4 KB of their size, and the unread total's
 *   shards (0.5). The list reads the index's keys, then the rows by BatchGet, each row rounded up
 *   to 4 KB (0.5 a row).
 * The messages' floors count both room rows: the transaction now writes only the recipient's
 * (unread, the send conditions), and the stream consumer writes both rows' last message and list
 * order after the commit; that follow-up is printed beside the budgeted figures, with the sums.
 * What the gap shows: authenticating the caller (its profile and session), the creator's profile,
 * the free message's replay key, the unread counter, the lock check, the pushes (connection
 * lookups of both members and the recipient's row and counter for the unread push), and the
 * history's two extra rows. The notices and the room rows' follow-up are written by the stream
 * consumers after the commit, not by the request: the consumers are paused while requests are
 * metered.
 *
 * All requests go through the local cloud's HTTP gateway (the real handlers, DynamoDB Local); the
 * fan's mushrooms are credited through the ledger in-process. Recurring jobs are off.
 */
import { randomUUID } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import WebSocket from 'ws';
import { createDb } from '../../functions/src/db/service.ts';
import { connections } from '../../functions/src/lib/aws/connections.ts';
import { dynamo } from '../../functions/src/lib/aws/dynamo.ts';
import { systemClock } from '../../functions/src/lib/clock.ts';
import { handleRecords, type StreamRecord } from '../../functions/src/lib/stream.ts';
import { streamConsumers } from '../../functions/src/manifest.ts';
import { applyMessageRecord } from '../../functions/src/services/chat/room-activity.ts';
import { messageView } from '../../functions/src/services/chat/views.ts';
import { credit } from '../../functions/src/services/points/ledger.ts';
import { sendToProfile } from '../../functions/src/services/realtime.ts';
import { lineSignIn, registerByMail } from '../local/actors.ts';
import { DEFAULT_POLL_MS } from '../local/streams.ts';
import {
  createHarness,
  exitOnBudget,
  floorRu,
  fmt,
  itemSize,
  type Op,
  type Outcome,
  startBenchCloud,
} from './harness.ts';

/** Runs per operation with the per-item replay (RU), and without it (latency). */
const RU_RUNS = Number(process.env.BENCH_RU_RUNS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
/** Messages timed from send to delivery, per number of recipient connections. */
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 50);
const PAGE = 30;
/** The room list's page (shared config `chat.listPageSize`). */
const LIST_PAGE = businessConfig.chat.listPageSize;

/** A bench-only consumer: pushes every new message to its recipient, as the direct push does. */
const STREAM_PUSH = 'bench/stream-push';
const cloud = await startBenchCloud({
  streamConsumers: [
    ...streamConsumers,
    { handler: STREAM_PUSH, area: 'chat', filter: { entity: 'message', events: ['INSERT'] } },
  ],
  handlers: {
    [STREAM_PUSH]: (event) =>
      handleRecords(STREAM_PUSH, event as Parameters<typeof handleRecords>[1], async ({ image }) => {
        const { data: message } = db.entities.message.parse({ Item: image });
        if (!message) return;
        const [creatorId, fanId] = message.chatroomId.split('_');
        const to = message.senderId === creatorId ? fanId : creatorId;
        if (to)
          await sendToProfile(connections(), db, to, {
            type: 'stream-message',
            message: messageView(message),
          });
      }),
  },
});
const harness = await createHarness(cloud.tableName, { ruRuns: RU_RUNS, runs: RUNS });
const db = createDb(dynamo(), cloud.tableName);

type Json = Record<string, unknown>;

async function call(path: string, token: string, body?: unknown): Promise<Json> {
  const res = await fetch(`${cloud.apiUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

const tag = Date.now().toString(36);
const profile = (name: string) => ({
  username: `${name}${tag}`.slice(0, 20),
  nickname: name,
  genre: 'music',
  bio: 'bench',
  area: 13,
});
const userInfo = {
  full_name: '山田 太郎',
  notification_email: `bench.chat.${tag}@example.com`,
  gender: 'male',
  birth_date: '1995-04-01',
};

// A creator (sign-up complete, price as new: the default) and a fan with mushrooms.
const creatorTokens = await registerByMail(cloud.url, {
  email: `bench.creator.${tag}@example.com`,
  password: 'Bench#2026',
  roleId: 2,
});
const creator = { token: creatorTokens.access_token, id: creatorTokens.profile_id };
await call('/mypage/profile/update', creator.token, profile('benchc'));
await call('/mypage/user', creator.token, userInfo);
await call('/mypage/skip-step', creator.token, { step: 3 });
const fanTokens = await lineSignIn(cloud.url, { displayName: 'bench-chat-fan' });
const fan = { token: fanTokens.access_token, id: fanTokens.profile_id };
await call('/mypage/profile/update', fan.token, profile('benchf'));
await call('/mypage/user', fan.token, userInfo);
await credit(
  { db, clock: systemClock },
  {
    holderId: fan.id,
    kind: 'mushroom',
    points: 5000,
    txId: randomUUID(),
    journalKind: 'purchase',
    log: { type: 3, detail: 'purchased' },
  },
);
const room = (await call('/chatroom/create', fan.token, { profile_id: creator.id })) as {
  id: string;
  chat: { cost: number };
};
const chatroomId = room.id;
const price = room.chat.cost;
const text = 'こんにちは！今日の配信とても楽しかったです。また来週も見に行きますね。';

const send = (token: string, body: Json) =>
  call('/chat', token, { chatroom_id: chatroomId, uuid: randomUUID(), ...body });

const paid: Op<undefined> = {
  name: 'paid message',
  floor: { reads: 2, items: 8 },
  prepare: async () => undefined,
  run: () => send(fan.token, { text }),
  check: async (_p, result) => {
    const r = result as { points: number; replayed: boolean };
    if (r.points !== price || r.replayed) throw new Error(`paid message: ${JSON.stringify(r)}`);
  },
};

const reply: Op<undefined> = {
  name: 'free reply',
  floor: { reads: 0.5, items: 3 },
  prepare: async () => undefined,
  run: () => send(creator.token, { text: 'ありがとう！また来てね。' }),
  check: async (_p, result) => {
    if ((result as { points: number }).points !== 0) throw new Error('the reply was charged');
  },
};

const readReceipt: Op<undefined> = {
  name: 'read receipt',
  floor: { reads: 0.5, items: 3 },
  // A fan's message first (not measured), so the creator has something to read.
  prepare: async () => {
    await send(fan.token, { text: 'unread' });
  },
  run: () => call('/chatroom/read', creator.token, { chatroom_id: chatroomId }),
  check: async (_p, result) => {
    if ((result as { unread_total: number }).unread_total !== 0)
      throw new Error('unread left after the read');
  },
};

// The request's own units: the stream consumers wait until the latency part below.
cloud.streams.pause();
const outcomes: Outcome[] = [];
outcomes.push(await harness.bench(paid));
outcomes.push(await harness.bench(reply));
outcomes.push(await harness.bench(readReceipt));

// The history page's floor from the size of the messages it returns (read without the meter).
const newest = await db.entities.message.query.byRoom({ chatroomId }).params({ order: 'desc', limit: PAGE });
const unmetered = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const pageItems = (await unmetered.send(new QueryCommand(newest as QueryCommandInput))).Items ?? [];
if (pageItems.length !== PAGE) throw new Error(`history: ${pageItems.length} messages, not ${PAGE}`);
const pageBytes = pageItems.reduce((s, i) => s + itemSize(i), 0);

const history: Op<undefined> = {
  name: 'history page',
  floor: { reads: 0.5 + 0.5 * Math.ceil(pageBytes / 4096), items: 0 },
  prepare: async () => undefined,
  run: () => call(`/chat/${chatroomId}/latest`, fan.token),
  check: async (_p, result) => {
    const r = result as { messages: unknown[] };
    if (r.messages.length !== PAGE) throw new Error(`history page of ${r.messages.length}`);
  },
};
outcomes.push(await harness.bench(history));

// ---------------------------------------------------------------------------------------------
// Outside the budget: the room rows' follow-up of a message (stream), and a room list page

// The rows catch up with the messages above (the room is mutual), then each run sends a message
// unmetered and applies its stream record as the consumer does, in this process, metered.
cloud.streams.resume();
await cloud.streams.drain(120_000);
cloud.streams.pause();
const followUp: Op<StreamRecord> = {
  name: 'room rows after a message (streams/chat-rooms)',
  floor: { reads: 0, items: 0, writes: 2 },
  prepare: async () => {
    const sent = (await send(fan.token, { text })) as { message: { id: string } };
    const key = { pk: `chatroom#${chatroomId}`, sk: `msg#${sent.message.id}` };
    const got = await unmetered.send(
      new GetCommand({ TableName: cloud.tableName, Key: key, ConsistentRead: true }),
    );
    if (!got.Item) throw new Error('the message was not stored');
    return { eventName: 'INSERT', image: got.Item, sequenceNumber: '' };
  },
  run: (record) => applyMessageRecord(db, record),
  check: async (record) => {
    const { data: row } = await db.entities.roomMember
      .get({ ownerId: creator.id, chatroomId })
      .go({ consistent: true });
    if (row?.lastMessageId !== record.image.messageId) throw new Error('the rows did not take the message');
  },
};
const followUpOutcome = await harness.bench(followUp);

// A creator's full page: 19 more fans, each with a room and a free reply in it.
for (let i = 0; i < LIST_PAGE - 1; i++) {
  const t = await lineSignIn(cloud.url, { displayName: `bench-list-${i}` });
  await call('/mypage/profile/update', t.access_token, profile(`benchl${i}`));
  await call('/mypage/user', t.access_token, userInfo);
  const r = (await call('/chatroom/create', t.access_token, { profile_id: creator.id })) as { id: string };
  await call('/chat', creator.token, {
    chatroom_id: r.id,
    uuid: randomUUID(),
    text: 'ありがとう！また来てね。',
  });
}
cloud.streams.resume();
await cloud.streams.drain(120_000);
const rowsQuery = db.entities.roomMember.query.byOwner({ ownerId: creator.id }).params();
const rowItems = (await unmetered.send(new QueryCommand(rowsQuery as QueryCommandInput))).Items ?? [];
if (rowItems.length !== LIST_PAGE) throw new Error(`list: ${rowItems.length} rooms, not ${LIST_PAGE}`);
const rowBytes = rowItems.reduce((s, i) => s + itemSize(i), 0);
cloud.streams.pause();
const list: Op<undefined> = {
  name: `room list page (${LIST_PAGE} rooms)`,
  floor: { reads: 0.5 * Math.ceil(rowBytes / 4096) + 0.5, items: 0 },
  prepare: async () => undefined,
  run: () => call('/chatroom/list', creator.token),
  check: async (_p, result) => {
    const r = result as { chatrooms: unknown[] };
    if (r.chatrooms.length !== LIST_PAGE) throw new Error(`list page of ${r.chatrooms.length}`);
  },
};
const listOutcome = await harness.bench(list);

// ---------------------------------------------------------------------------------------------
// Send → deliver

function open(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(
      `${cloud.wsUrl}?${new URLSearchParams({ token: creator.token, profile_id: creator.id })}`,
    );
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

// The consumers catch up with the messages above, then run as usual.
cloud.streams.resume();
await cloud.streams.drain(120_000);

// When the notices consumer finished with each message (by its text).
const noticed = new Map<string, number>();
cloud.streams.onDelivered((handler, records, at) => {
  if (handler !== 'streams/chat-notices') return;
  for (const r of records) {
    const text = r.dynamodb?.NewImage?.text?.S;
    if (text) noticed.set(text, at);
  }
});

async function deliveries(connections: number) {
  const sockets = await Promise.all(Array.from({ length: connections }, open));
  const arrivals = new Map<string, number[]>();
  const viaStream = new Map<string, number[]>();
  for (const socket of sockets) {
    socket.on('message', (data) => {
      const at = performance.now();
      const msg = JSON.parse(String(data)) as { type: string; message?: { text?: string } };
      if (!msg.message?.text) return;
      if (msg.type === 'message') arrivals.get(msg.message.text)?.push(at);
      if (msg.type === 'stream-message') viaStream.get(msg.message.text)?.push(at);
    });
  }
  const each: number[] = [];
  const all: number[] = [];
  const streamPush: number[] = [];
  const notice: number[] = [];
  for (let i = 0; i < DELIVERIES; i++) {
    const body = `latency ${connections}/${i}`;
    const times: number[] = [];
    const streamTimes: number[] = [];
    arrivals.set(body, times);
    viaStream.set(body, streamTimes);
    const t0 = performance.now();
    await send(fan.token, { text: body });
    const deadline = Date.now() + 5000;
    const done = () => times.length >= connections && streamTimes.length >= connections && noticed.has(body);
    while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
    if (times.length < connections)
      throw new Error(`only ${times.length} of ${connections} sockets got ${body}`);
    if (!done()) throw new Error(`the stream did not deliver ${body} in 5 s`);
    each.push(...times.map((t) => t - t0));
    all.push(Math.max(...times) - t0);
    streamPush.push(...streamTimes.map((t) => t - t0));
    notice.push((noticed.get(body) as number) - t0);
  }
  for (const s of sockets) s.close();
  for (const list of [each, all, streamPush, notice]) list.sort((a, b) => a - b);
  return { each, all, streamPush, notice };
}

const latency: string[] = [];
const ms = (sorted: number[]) =>
  `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms`;
for (const n of [1, 5]) {
  const { each, all, streamPush, notice } = await deliveries(n);
  if (n === 1) {
    latency.push(`send → notices written through the stream (commit → notice): ${ms(notice)}`);
    latency.push(`send → deliver through the stream (a consumer's push), 1 connection: ${ms(streamPush)}`);
  }
  latency.push(
    `send → deliver, ${n} recipient connection${n === 1 ? '' : 's'}: p50 ${percentile(each, 0.5).toFixed(1)} ms, ` +
      `p99 ${percentile(each, 0.99).toFixed(1)} ms` +
      (n > 1
        ? ` (all ${n} delivered: p50 ${percentile(all, 0.5).toFixed(1)} ms, p99 ${percentile(all, 0.99).toFixed(1)} ms)`
        : ''),
  );
}

// ---------------------------------------------------------------------------------------------
// Report

harness.printSummary(outcomes);
const byName = (name: string) => outcomes.find((o) => o.name === name)?.ru ?? 0;
const rowsRu = followUpOutcome.ru;
console.log(
  `${followUpOutcome.name}: ${fmt(rowsRu)} RU (floor ${fmt(floorRu(followUpOutcome.floor))}), after the commit, ` +
    `not budgeted; with it a paid message is ${fmt(byName('paid message') + rowsRu)} RU in all, ` +
    `a free reply ${fmt(byName('free reply') + rowsRu)} RU`,
);
console.log(
  `${listOutcome.name}: ${fmt(listOutcome.ru)} RU (floor ${fmt(floorRu(listOutcome.floor))}), a read, not budgeted: ` +
    'the keys-only rooms index, then the rows by BatchGet',
);
for (const line of latency) console.log(line);
console.log(
  `(latency over ${DELIVERIES} paid messages each, from the POST to the socket's message event or to the end of the notices consumer's batch; one process; the local poller reads a caught-up stream every ${DEFAULT_POLL_MS} ms, Lambda about every 250 ms)`,
);
harness.printBreakdown([...outcomes, followUpOutcome, listOutcome]);

await cloud.stop();
exitOnBudget();
