/**
 * `npm run bench:broadcast`: a scheduled broadcast to 5,000 seeded fan-club members on the local
 * cloud (`BENCH_FANS` to change the count), through the real path: the send job's planner in this
 * process, the SQS stand-in, and queue workers in processes of their own
 * (scripts/local/queue-worker.ts, as Lambda's pollers are outside the producer).
 *
 * Prints:
 * - `delivery chunk (25 recipients, rooms created): N RU (floor F)` and the same per recipient,
 *   measured in-process with the request-unit harness (transactions replayed item by item);
 * - the time from the send job to status 2 with `BENCH_WORKERS` worker processes (default 2);
 * - the crash run: a second broadcast during which one worker is killed with SIGKILL once half of
 *   the chunks are done; its messages come back after the visibility timeout to the other
 *   workers. It must end with every fan delivered exactly once: `delivered N, duplicates 0`.
 *
 * Floor per recipient (a fan without a room yet, two chats): reads: the fan's room row (0.5),
 * profile (0.5), both block edges (strongly consistent: 2), the outcome item (strongly consistent,
 * batched per chunk: 1); transaction items: 2 messages, the chatroom, 2 room rows, 2 block
 * checks, the unread shard, the outcome (9). Per chunk (shared by 25): the reserve and chunk reads
 * (1 each), the creator (0.5), the completion (2 items) and its read (1).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { businessConfig } from '@app/shared/config';
import { createDb } from '../../functions/src/db/service.ts';
import { dynamo } from '../../functions/src/lib/aws/dynamo.ts';
import type { Clock } from '../../functions/src/lib/clock.ts';
import { newId } from '../../functions/src/lib/crypto.ts';
import { sqsQueueSender } from '../../functions/src/lib/queue.ts';
import type { BroadcastDeps } from '../../functions/src/services/broadcasts/deps.ts';
import { deliverChunk, startReserve } from '../../functions/src/services/broadcasts/fanout.ts';
import { seedMembers } from './audience.ts';
import { createHarness, exitOnBudget, fmt, type Op, startBenchCloud } from './harness.ts';

const FANS = Number(process.env.BENCH_FANS ?? 5000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
/** Invocations at once per worker process (Lambda's are separate machines; here they share two cores). */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);
const CHUNK = businessConfig.broadcasts.chunkSize;
const QUEUE = 'broadcast-deliveries';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

const cloud = await startBenchCloud({ queueVisibilityTimeoutSeconds: 5, externalQueueWorkers: [QUEUE] });
const harness = await createHarness(cloud.tableName, { ruRuns: 2, runs: 3 });
const db = createDb(dynamo(), cloud.tableName);
const clock: Clock = { now: () => new Date() };
const noPush = { send: async () => ({}) } as unknown as BroadcastDeps['sender'];
const media = {
  downloadUrl: async (key: string) => `https://media.example/${key}`,
} as unknown as BroadcastDeps['media'];
const deps: BroadcastDeps = {
  db,
  clock,
  sender: noPush,
  media,
  scan: 'none',
  queue: sqsQueueSender(),
};
/** The in-process RU runs queue nothing. */
const quiet: BroadcastDeps = { ...deps, queue: { send: async () => {} } };

async function creator(): Promise<string> {
  const profileId = newId();
  const now = new Date().toISOString();
  await db.entities.profile
    .put({
      profileId,
      roleId: 2,
      finalStep: 3,
      status: 'active',
      username: `b${profileId.slice(0, 12)}`,
      nickname: '配信者',
      createdAt: now,
      updatedAt: now,
    } as never)
    .go();
  return profileId;
}

/** A reserve due now (status 0), two chats: a message and a photo. */
async function reserve(creatorId: string) {
  const reserveId = newId();
  const at = new Date().toISOString();
  await db.entities.reserve
    .put({
      creatorId,
      reserveId,
      condition: 1,
      reservedAt: at,
      chats: [
        { kind: 'text', text: 'いつも応援ありがとうございます！今夜21時から配信します。' },
        { kind: 'file', file: `private/broadcast-photo/${creatorId}/${randomUUID()}/full.webp` },
      ],
      createdAt: at,
      updatedAt: at,
    })
    .go();
  return { reserve_id: reserveId, creator_id: creatorId, reserved_at: at };
}

const readReserve = async (creatorId: string, reserveId: string) =>
  (await db.entities.reserve.get({ creatorId, reserveId }).go({ consistent: true })).data;

await cloud.streams.drain(60_000);
// The stream's consumers (room lists, notices) are not part of the fan-out's time.
cloud.streams.pause();

// Request units of one chunk, in-process: a planned reserve of 25 fresh members.
const chunkOp: Op<{ creatorId: string; reserveId: string }> = {
  name: `delivery chunk (${CHUNK} recipients, rooms created)`,
  floor: { reads: CHUNK * (0.5 + 0.5 + 2 + 1) + 1 + 1 + 0.5 + 1, items: CHUNK * 9 + 2 },
  prepare: async () => {
    const creatorId = await creator();
    await seedMembers(db, creatorId, CHUNK);
    const input = await reserve(creatorId);
    await startReserve(quiet, input);
    return { creatorId, reserveId: input.reserve_id };
  },
  run: ({ creatorId, reserveId }) =>
    deliverChunk(
      quiet,
      { reserve_id: reserveId, creator_id: creatorId, chunk: '000000', round: 1 },
      { receiveCount: 1, maxReceiveCount: 5 },
    ),
  check: async ({ creatorId, reserveId }) => {
    const r = await readReserve(creatorId, reserveId);
    if (r?.status !== 2 || r.counts.delivered !== CHUNK)
      throw new Error(`chunk not delivered: ${JSON.stringify(r?.counts)}`);
  },
};
const ru = await harness.bench(chunkOp);
harness.printSummary([ru]);
console.log(
  `per recipient: ${fmt(ru.ru / CHUNK)} RU (floor ${fmt((ru.floor.reads + 2 * ru.floor.items) / CHUNK)})`,
);

function startWorker(): ChildProcess {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'scripts/local/queue-worker.ts'),
      QUEUE,
      '--cloud',
      cloud.url,
      '--concurrency',
      String(CONCURRENCY),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, QUIET: 'true' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return child;
}

async function ready(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      if (String(d).includes('queue-worker ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code})`)));
  });
}

/** Sends one broadcast to a fresh audience of FANS; `kill` is called once half of the chunks are done. */
async function run(label: string, kill?: (workers: ChildProcess[]) => Promise<void>) {
  const creatorId = await creator();
  const seededAt = Date.now();
  const fans = await seedMembers(db, creatorId, FANS);
  console.log(`\n${label}: ${FANS} members seeded in ${fmt((Date.now() - seededAt) / 1000)} s`);
  const workers = Array.from({ length: WORKERS }, startWorker);
  await Promise.all(workers.map(ready));
  const input = await reserve(creatorId);
  const started = Date.now();
  await startReserve(deps, input);
  const planned = Date.now();
  let killed = false;
  for (;;) {
    const r = await readReserve(creatorId, input.reserve_id);
    if (r && r.status >= 2) break;
    if (kill && !killed && r && r.chunksDone >= r.roundChunks / 2) {
      killed = true;
      await kill(workers);
    }
    if (Date.now() - started > 30 * 60_000) throw new Error(`${label}: not completed in 30 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const seconds = (Date.now() - started) / 1000;
  for (const w of workers) w.kill('SIGTERM');
  const done = await readReserve(creatorId, input.reserve_id);
  // Every fan's room: the broadcast's messages (2 chats each) counted one by one.
  let duplicates = 0;
  let missing = 0;
  for (let i = 0; i < fans.length; i += 50)
    await Promise.all(
      fans.slice(i, i + 50).map(async (fanId) => {
        const { data } = await db.entities.message.query
          .byRoom({ chatroomId: `${creatorId}_${fanId}` })
          .go({ pages: 'all' });
        const mine = data.filter((m) => m.broadcast?.id === input.reserve_id).length;
        if (mine === 0) missing++;
        if (mine > 2) duplicates++;
      }),
    );
  console.log(
    `${label}: completed in ${fmt(seconds)} s (planning ${fmt((planned - started) / 1000)} s, ${fmt(FANS / seconds)} recipients/s, ${WORKERS} workers × ${CONCURRENCY} invocations)`,
  );
  console.log(
    `${label}: status ${done?.status}, delivered ${done?.counts.delivered}, failed ${done?.counts.failed}, fans without it ${missing}, duplicates ${duplicates}`,
  );
  if (done?.counts.delivered !== FANS || missing > 0 || duplicates > 0) process.exitCode = 1;
}

await run('broadcast');
await run('crash run', async (workers) => {
  const [victim] = workers;
  victim?.kill('SIGKILL');
  console.log('crash run: one worker killed with SIGKILL halfway; a new one starts');
  const replacement = startWorker();
  workers.push(replacement);
  await ready(replacement);
});

harness.printBreakdown([ru]);
exitOnBudget();
await cloud.stop();
process.exit();
