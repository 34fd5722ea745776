/**
 * `npm run bench:ledger`: DynamoDB request units of a mushroom purchase, of its receipt (the stream
 * consumer) and of spends of 1, 3 and 20 lots, measured from ConsumedCapacity, each next to the floor that the minimal set of reads and
 * writes would cost. Prints `name: N RU (floor F)` once per operation, then a breakdown. Prices,
 * floors in general and the per-item replay of transactions: scripts/bench/harness.ts.
 *
 * Floors of these operations.
 * - Spend of k lots: one consistent Query of the holder's lots (the whole wallet: 1 RCU per 4 KB
 *   of the lots as stored, measured on a fresh wallet of 20 lots: ⌈bytes / 4096⌉), then one
 *   TransactWriteItems of k lot updates (a lot spent to zero is deleted instead: same price), the
 *   journal put, the point-log put, one income-row put and the income-month update:
 *   R + 2 × (k + 4) = R + 10 (k = 1), R + 14 (k = 3), R + 48 (k = 20).
 * - Purchase: reading the caller's Square customer (eventual, 0.5), one transaction putting the
 *   pending payment and adding to the day cap (2 items × 2 = 4), one transaction completing the
 *   payment and putting the lot, the journal and the point-log row (4 × 2 = 8): 12.5. Not in the
 *   floor, so in the gap: authenticating the caller (profile and session, 1), the buyer's user
 *   info (date of birth: the minors' caps, 0.5), the balance in the answer (0.5), and the two
 *   markers that replace index entries (the lot's expiry marker and the payment's pending marker:
 *   a put each, and the pending marker's delete, 1 each), which cost less than the index entries
 *   they replace (a lot's and a pending payment's gsi1 put and removal in transactions, 2 each).
 * - Purchase receipt (the stream consumers, measured on their own: the consumers wait while
 *   requests are metered, as in bench:chat): the payment, consistent (1: a redelivered record must
 *   see the mark), the address (user info, 0.5), the mark `receiptSentAt` (1 write); and the
 *   platform's daily figures (issue 17, `streams/platform-stats-purchases`): one transaction of
 *   the record's StreamMark put and the day shard's update (2 items × 2 = 4): 6.5. The buyer's new
 *   profile (the accounts consumer, the same 4) is drained before, unmetered.
 * - Platform figures per income row (issue 17, `streams/platform-stats-sales`, called in-process
 *   on the record of a spend's row): the same transaction, 4: the StreamMark put (≈ 180 B, 2 WCU
 *   in a transaction) and the day shard's ADD (`PlatformDay`, ≈ 180 B on a fresh table, ≈ 0.9 KB
 *   with every figure of a busy day: still 2 WCU); no read (a repeat is told by the cancelled
 *   transaction, and only then is the mark read: 1). Every income row of a spend (one per payee and
 *   point kind; usually one) costs this once more, after the commit. The 12 RU printed while this
 *   was first measured (issue 17) was 4 + 8 of another consumer: the local consumers were running,
 *   and the supporter totals' consumer (below) of the prepared spend was metered with it.
 * - A spend's stream consumers (one 1-lot gift, measured on their own after the spend, as the
 *   receipt is): the supporter totals (`streams/supporters`: the fan's `all` and month rows, each
 *   read consistently, 1, and put, 1 unit per KB plus one per GSI entry, so 3 each: gsi1 rank and
 *   gsi2 the fan's supports) and the platform figures above (4): floor reads 2 + puts 2 + 2 items
 *   × 2 = 8; the gap is the rows' two index entries each.
 *
 * What is measured. Every call of the handlers' module-level DynamoDB client (`dynamo()`, which
 * both the local HTTP gateway's handlers and the in-process `spend()` use) asks for
 * ReturnConsumedCapacity INDEXES, so N includes the GSI writes (shown apart in the breakdown).
 * Purchases are `POST /square/create-payment` through the local cloud's gateway (the real handler,
 * DynamoDB Local, the Square stand-in), by a fresh adult LINE fan with a card each run, so every
 * run is the buyer's first purchase; the receipt is the stream consumer's work for one such
 * purchase, measured from resuming the consumers until they are drained. The local consumers run
 * in this process on the metered client: they wait while any request is measured and catch up in
 * each run's (unmetered) preparation, so no figure holds a consumer's work by chance (the spends
 * read 13/25, 25 and 69 RU while they ran alongside, the supporter totals' and platform figures'
 * writes counted in; 13, 17 and 57 without). Spends call the ledger's `spend()` (purpose 'gift') from a
 * fresh wallet of 20 mushroom lots of 5 points: 5, 15 and 100 points take exactly 1, 3 and 20
 * lots (checked against the journal's `lots`); holder and payee ids are `newId()` like profile
 * ids, the txId a uuid. Recurring jobs are off so none fires mid-measure.
 */
import { randomUUID } from 'node:crypto';
import { localNonceFor } from '@app/shared/square-sandbox';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { createDb } from '../../functions/src/db/service.ts';
import { dynamo } from '../../functions/src/lib/aws/dynamo.ts';
import { systemClock } from '../../functions/src/lib/clock.ts';
import { newId } from '../../functions/src/lib/crypto.ts';
import type { StreamRecord } from '../../functions/src/lib/stream.ts';
import { salesRecord } from '../../functions/src/services/admin/platform-stats.ts';
import { credit, spend } from '../../functions/src/services/points/ledger.ts';
import { lineSignIn } from '../local/actors.ts';
import { createHarness, exitOnBudget, itemSize, type Op, type Outcome, startBenchCloud } from './harness.ts';

/** Runs per operation with the per-item replay (RU), and without it (latency). */
const RU_RUNS = Number(process.env.BENCH_RU_RUNS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const LOTS_IN_WALLET = 20;
const POINTS_PER_LOT = 5;
const PURCHASE_MUSHROOMS = 100;

const cloud = await startBenchCloud();
const harness = await createHarness(cloud.tableName, { ruRuns: RU_RUNS, runs: RUNS });

// ---------------------------------------------------------------------------------------------
// The operations

async function call(path: string, body: unknown, token: string) {
  const res = await fetch(`${cloud.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

const tag = Date.now().toString(36);

/** A LINE fan with sign-up steps 1-2 done (adult), a Square customer and the 4111… test card. */
async function buyer(i: number) {
  const fan = await lineSignIn(cloud.url, { displayName: `bench-buyer-${i}` });
  const token = fan.access_token;
  await call(
    '/mypage/profile/update',
    { username: `b${tag}${i}`.slice(0, 20), nickname: 'bench', genre: 'music', bio: 'bench', area: 13 },
    token,
  );
  await call(
    '/mypage/user',
    {
      full_name: '山田 太郎',
      notification_email: `bench.buyer.${tag}.${i}@example.com`,
      gender: 'male',
      birth_date: '1995-04-01',
    },
    token,
  );
  const customer = (await call('/square/create-customer', {}, token)) as { customer_id: string };
  const card = (await call(
    '/square/create-card',
    { source_id: localNonceFor('4111111111111111') },
    token,
  )) as {
    card: { id: string };
  };
  return { token, customerId: customer.customer_id, cardId: card.card.id };
}

const deps = { db: createDb(dynamo(), cloud.tableName), clock: systemClock };

/**
 * The local stream consumers run in this process on the metered client, so whatever they do while
 * an operation is measured would count as the operation's. Between runs (in `prepare`, unmetered)
 * they catch up on every record written so far, then wait again.
 */
async function settleStreams(): Promise<void> {
  cloud.streams.resume();
  await cloud.streams.drain(60_000);
  cloud.streams.pause();
}
/** Ids sized like the product's: profiles are `newId()`, movements the client's uuid. */
const payeeId = newId();

/** A fresh holder with `lots` mushroom lots of `points` each. */
async function wallet(lots: number, points: number): Promise<string> {
  const holderId = newId();
  for (let i = 0; i < lots; i++) {
    await credit(deps, {
      holderId,
      kind: 'mushroom',
      points,
      txId: randomUUID(),
      journalKind: 'purchase',
      log: { type: 3, detail: 'purchased' },
    });
  }
  return holderId;
}

const purchase: Op<Awaited<ReturnType<typeof buyer>>> = {
  name: 'purchase',
  floor: { reads: 0.5, items: 6 },
  prepare: buyer,
  run: (b) =>
    call(
      '/square/create-payment',
      {
        uuid: randomUUID(),
        customerId: b.customerId,
        sourceId: b.cardId,
        price: PURCHASE_MUSHROOMS * 10,
        amount: PURCHASE_MUSHROOMS,
      },
      b.token,
    ),
  check: async (_b, result) => {
    if ((result as { state?: string }).state !== 'completed') throw new Error('purchase not completed');
  },
};

/** The size of a fresh wallet as stored (read without the meter): the spend's Query reads it all. */
const walletBytes = await (async () => {
  const holderId = await wallet(LOTS_IN_WALLET, POINTS_PER_LOT);
  const params = deps.db.entities.lot.query.byHolder({ holderId }).params();
  const unmetered = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const items = (await unmetered.send(new QueryCommand(params as QueryCommandInput))).Items ?? [];
  if (items.length !== LOTS_IN_WALLET) throw new Error(`wallet of ${items.length} lots`);
  return items.reduce((s, i) => s + itemSize(i), 0);
})();

function spendOf(lots: number): Op<{ holderId: string; txId: string }> {
  return {
    name: `spend ${lots} lot${lots === 1 ? '' : 's'}`,
    floor: { reads: Math.ceil(walletBytes / 4096), items: lots + 4 },
    prepare: async () => {
      const holderId = await wallet(LOTS_IN_WALLET, POINTS_PER_LOT);
      // The wallet's and the previous run's records are consumed now, unmetered: the run is the spend alone.
      await settleStreams();
      return { holderId, txId: randomUUID() };
    },
    run: ({ holderId, txId }) =>
      spend(deps, {
        holderId,
        purpose: 'gift',
        payeeId,
        points: lots * POINTS_PER_LOT,
        txId,
        target: `gift#${newId()}`,
      }),
    check: async ({ txId }) => {
      const { data } = await deps.db.entities.journal.get({ txId }).go();
      const taken = data?.lots?.length;
      if (taken !== lots) throw new Error(`spend took ${taken} lots, not ${lots}`);
    },
  };
}

/** The receipt of one purchase: the consumer runs only while this is measured. */
const receipt: Op<Awaited<ReturnType<typeof buyer>>> = {
  name: 'purchase receipt and platform figures (stream consumers)',
  floor: { reads: 1.5, items: 2, writes: 1 },
  prepare: async (i) => {
    const b = await buyer(1000 + i);
    // The new fan's account is counted now, unmetered: the run is the purchase's consumers alone.
    await settleStreams();
    await purchase.run(b);
    return b;
  },
  run: settleStreams,
};

/** One 1-lot gift to a creator, its records waiting for the consumers. */
async function spendWaiting(): Promise<string> {
  const holderId = await wallet(1, POINTS_PER_LOT);
  await settleStreams();
  await spend(deps, {
    holderId,
    purpose: 'gift',
    payeeId,
    points: POINTS_PER_LOT,
    txId: randomUUID(),
    target: `gift#${newId()}`,
  });
  return holderId;
}

/** The stream consumers' work after one spend (measured apart from the spend, as the receipt is). */
const spendConsumers: Op<string> = {
  name: "spend's stream consumers (supporter totals, platform figures)",
  floor: { reads: 2, items: 2, writes: 2 },
  prepare: spendWaiting,
  run: settleStreams,
};

/** The dashboard's figures of one income row (the consumer's function, on the row's record). */
const platformFigures: Op<StreamRecord> = {
  name: 'platform figures per income row (stream consumer)',
  floor: { reads: 0, items: 2 },
  prepare: async () => {
    const holderId = await spendWaiting();
    const { data } = await deps.db.entities.incomeRow.query
      .byCreator({ creatorId: payeeId })
      .go({ pages: 'all' });
    const row = data.find((r) => r.buyerId === holderId);
    if (!row) throw new Error('no income row');
    const image = deps.db.entities.incomeRow.put(row).params().Item as Record<string, unknown>;
    return { eventName: 'INSERT', image, sequenceNumber: row.rowId, eventId: `bench-${row.rowId}` };
  },
  run: (record) => salesRecord(deps.db, record),
};

// A request's own units: the stream consumers wait (as in bench:chat) while any operation is
// measured, and catch up between runs; their work is measured on its own (the receipt, a spend's
// consumers, the platform figures of one income row).
cloud.streams.pause();
const outcomes: Outcome[] = [];
outcomes.push(await harness.bench(purchase));
cloud.streams.resume();
await cloud.streams.drain(120_000);
cloud.streams.pause();
outcomes.push(await harness.bench(receipt));
for (const lots of [1, 3, 20]) outcomes.push(await harness.bench(spendOf(lots)));
outcomes.push(await harness.bench(spendConsumers));
// The record is counted by this call: the local consumers wait until the next run's prepare.
outcomes.push(await harness.bench(platformFigures));

// ---------------------------------------------------------------------------------------------
// Report

harness.printSummary(outcomes);
harness.printBreakdown(outcomes);

await cloud.stop();
exitOnBudget();
