/**
 * `npm run bench:fanclub`: DynamoDB request units of a join, of one renewal by the daily job, and
 * of a page of the profile's posts, each next to its floor (`name: N RU (floor F)`; prices, floors
 * and the per-item replay of transactions: scripts/bench/harness.ts); then the renewal job's time
 * for 10,000 due memberships against DynamoDB Local (`BENCH_DUE` to change the count). The
 * services are called in-process, so authenticating the caller is not in the figures.
 *
 * Floors. A transaction writes each item at 2 units per KB, and each index entry at 2 as well.
 * - Join: reads the movement's journal by key (strongly consistent: 1), the fan club and the
 *   membership (strongly consistent: 1 each), the creator (0.5), the wallet (strongly consistent
 *   Query: 1), and the balance for the answer (0.5). Writes the lot, the journal, the point log,
 *   the income row and month shard (1 each), the fan club's count (1), the membership with its two
 *   index entries (member list, renewal index: 3) and the event (1).
 * - Renewal: the job reads the due index (a page shared by many) and each fan club once; per
 *   membership the journal by key (1) and the wallet (1); writes the lot, journal, log, income row
 *   and month shard, the membership with its two index entries (3) and the event.
 * - Post page: the creator (0.5 by username claim + 0.5 profile), the fan club (0.5), the viewer's
 *   membership, passes and the creator's settings (0.5 each), and one Query of 20 posts (each
 *   under 1 KB: 2.5).
 */
import { randomUUID } from 'node:crypto';
import { createDb } from '../../functions/src/db/service.ts';
import type { ProfileItem } from '../../functions/src/lib/auth.ts';
import { dynamo } from '../../functions/src/lib/aws/dynamo.ts';
import type { Clock } from '../../functions/src/lib/clock.ts';
import { newId } from '../../functions/src/lib/crypto.ts';
import type { FanclubDeps } from '../../functions/src/services/fanclub/deps.ts';
import { join } from '../../functions/src/services/fanclub/membership.ts';
import { renewDueMemberships, renewOne } from '../../functions/src/services/fanclub/renewals.ts';
import { credit } from '../../functions/src/services/points/ledger.ts';
import { createHarness, exitOnBudget, fmt, type Op, type Outcome, startBenchCloud } from './harness.ts';

const RU_RUNS = Number(process.env.BENCH_RU_RUNS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const DUE = Number(process.env.BENCH_DUE ?? 10_000);
const PRICE = 500;

const cloud = await startBenchCloud();
const harness = await createHarness(cloud.tableName, { ruRuns: RU_RUNS, runs: RUNS });
const db = createDb(dynamo(), cloud.tableName);
let at = new Date();
const clock: Clock = { now: () => new Date(at) };
const deps: FanclubDeps = { db, clock, media: undefined as unknown as FanclubDeps['media'], scan: 'none' };

async function creatorWithClub(): Promise<string> {
  const creatorId = newId();
  const now = new Date().toISOString();
  await db.entities.profile
    .put({
      profileId: creatorId,
      roleId: 2,
      finalStep: 3,
      status: 'active',
      username: `bench${creatorId.slice(0, 10)}`,
      nickname: 'ベンチ',
      createdAt: now,
      updatedAt: now,
    } as never)
    .go();
  await db.entities.fanclub
    .put({
      creatorId,
      name: '桜の会',
      description: '毎月の限定写真とオフショットをお届けします。'.repeat(5),
      benefits: '限定投稿、月1回の写真',
      price: PRICE,
      isOpen: true,
      members: 0,
      createdAt: now,
      updatedAt: now,
    })
    .go();
  return creatorId;
}

/** A fan with one lot of mushrooms. */
async function fan(points = 5000): Promise<ProfileItem> {
  const profileId = newId();
  await credit(deps, {
    holderId: profileId,
    kind: 'mushroom',
    points,
    txId: randomUUID(),
    journalKind: 'purchase',
    log: { type: 3, detail: 'purchased' },
  });
  return {
    profileId,
    roleId: 4,
    finalStep: 2,
    status: 'active',
    createdAt: new Date().toISOString(),
  } as ProfileItem;
}

const creatorId = await creatorWithClub();
await cloud.streams.drain(120_000);
cloud.streams.pause();

const joinOp: Op<ProfileItem> = {
  name: 'join',
  floor: { reads: 1 + 1 + 1 + 0.5 + 1 + 0.5, items: 5 + 1 + 3 + 1 },
  prepare: () => fan(),
  run: (f) => join(deps, f, { creatorId, price: PRICE, useOriginal: false, key: randomUUID() }),
};

/** A member whose renewal is due: joined a month ago on the bench's clock. */
const renewalOp: Op<{ fanId: string }> = {
  name: 'renewal (job, per membership)',
  floor: { reads: 1 + 1, items: 5 + 3 + 1 },
  prepare: async () => {
    const f = await fan();
    at = new Date(Date.now() - 31 * 86_400_000);
    await join(deps, f, { creatorId, price: PRICE, useOriginal: false, key: randomUUID() });
    at = new Date();
    return { fanId: f.profileId };
  },
  run: async ({ fanId }) => {
    const [m, club] = await Promise.all([
      db.entities.membership.get({ fanId, creatorId }).go(),
      db.entities.fanclub.get({ creatorId }).go(),
    ]);
    if (!m.data || !club.data) throw new Error('no membership');
    return renewOne(deps, m.data, club.data);
  },
  check: async (_p, r) => {
    if (r !== 'renewed') throw new Error(`not renewed: ${String(r)}`);
  },
};

const outcomes: Outcome[] = [];
outcomes.push(await harness.bench(joinOp));
outcomes.push(await harness.bench(renewalOp));
harness.printSummary(outcomes);
harness.printBreakdown(outcomes);

// The daily job over DUE memberships of 100 fan clubs, each due today, written as joins leave them.
const clubs = await Promise.all(Array.from({ length: 100 }, () => creatorWithClub()));
const joinedAt = new Date(Date.now() - 31 * 86_400_000);
at = joinedAt;
const fans: ProfileItem[] = [];
for (let i = 0; i < DUE; i += 200) {
  const batch = await Promise.all(Array.from({ length: Math.min(200, DUE - i) }, () => fan(PRICE * 2)));
  fans.push(...batch);
}
for (let i = 0; i < fans.length; i += 50) {
  await Promise.all(
    fans.slice(i, i + 50).map((f, j) =>
      join(deps, f, {
        creatorId: clubs[(i + j) % clubs.length] as string,
        price: PRICE,
        useOriginal: false,
        key: randomUUID(),
      }),
    ),
  );
}
at = new Date();
const started = performance.now();
const summary = await renewDueMemberships(deps, (m) => clubs.includes(m.creatorId));
const seconds = (performance.now() - started) / 1000;
console.log(
  `renewal job (${DUE} due memberships, DynamoDB Local, in-process): ${fmt(seconds)} s (${fmt(DUE / seconds)} per second); renewed ${summary.renewed}, failed ${summary.failed}, ended ${summary.ended}, skipped ${summary.skipped}`,
);
if (summary.renewed !== DUE) process.exitCode = 1;

cloud.streams.resume();
await cloud.stop();
exitOnBudget();
