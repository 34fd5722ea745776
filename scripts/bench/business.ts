/**
 * `npm run bench:business`: DynamoDB request units of a creator's income summary and of one page
 * of their income rows, each next to its floor (`name: N RU (floor F)`; prices and floors in
 * general: scripts/bench/harness.ts).
 *
 * The creator has sold in each of the last 12 months (a chart's worth), `SALES_PER_MONTH` chat
 * spends a month, so each month's totals lie in up to `points.incomeShards` write shards: the
 * worst case of the summary's read. The services are called in-process (`incomeSummary`,
 * `listIncomes`), so authenticating the caller is not in the figures.
 *
 * Floors.
 * - Summary: every month's shards in one eventually consistent Query (0.5 per 4 KB of the shards
 *   as stored, measured here unmetered), the withdrawals (none: 0.5) and the creator's profile
 *   (the campaign code: 0.5). The by-type totals live in the same shard items, so the split costs
 *   no read of its own, and no income row is read.
 * - Income page (30 rows of this month): the rows in one eventually consistent Query (0.5 per
 *   4 KB), this month's shards (one Query: 0.5), and the buyers' profiles (one buyer: 0.5).
 * DynamoDB Local charges an empty Query (no withdrawals) and a BatchGet of profiles that are gone
 * (the bench's buyer has none) nothing, where DynamoDB charges its 0.5 minimum: the figures may sit
 * that much under their floors.
 */
import { randomUUID } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { jstMonth } from '@app/shared/time';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { createDb } from '../../functions/src/db/service.ts';
import { dynamo } from '../../functions/src/lib/aws/dynamo.ts';
import { systemClock } from '../../functions/src/lib/clock.ts';
import { newId } from '../../functions/src/lib/crypto.ts';
import { incomeSummary, listIncomes, shiftMonth } from '../../functions/src/services/business/incomes.ts';
import { credit, spend } from '../../functions/src/services/points/ledger.ts';
import { createHarness, exitOnBudget, itemSize, type Op, type Outcome, startBenchCloud } from './harness.ts';

const RU_RUNS = Number(process.env.BENCH_RU_RUNS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const MONTHS = businessConfig.business.chartMonths;
const SALES_PER_MONTH = 40;
const PRICE = 10;

const cloud = await startBenchCloud();
const harness = await createHarness(cloud.tableName, { ruRuns: RU_RUNS, runs: RUNS });
const db = createDb(dynamo(), cloud.tableName);
const deps = { db, clock: systemClock };

// The creator's year of sales (written before the meter counts anything the operations do).
const creatorId = newId();
const fanId = newId();
await credit(deps, {
  holderId: fanId,
  kind: 'mushroom',
  points: MONTHS * SALES_PER_MONTH * PRICE,
  txId: randomUUID(),
  journalKind: 'purchase',
  log: { type: 3, detail: 'purchased' },
});
const thisMonth = jstMonth(new Date());
for (let m = MONTHS - 1; m >= 0; m--) {
  const ym = shiftMonth(thisMonth, -m);
  // The month's first hours in JST, a minute apart.
  const start = Date.parse(`${ym}-01T01:00:00+09:00`);
  for (let i = 0; i < SALES_PER_MONTH; i++) {
    const at = new Date(start + i * 60_000);
    await spend(
      { db, clock: { now: () => at } },
      {
        holderId: fanId,
        purpose: 'chat',
        payeeId: creatorId,
        points: PRICE,
        txId: randomUUID(),
        target: `bench:${randomUUID()}`,
        label: { kind: 'chat' },
      },
    );
  }
}

// The sales' stream work (supporters, notices) is done before anything is metered, and the
// consumers wait while the reads are (as in bench:ledger).
await cloud.streams.drain(120_000);
cloud.streams.pause();

/** Bytes of a Query's items as stored, read without the meter. */
async function bytesOf(params: unknown): Promise<{ bytes: number; count: number }> {
  const unmetered = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const items = (await unmetered.send(new QueryCommand(params as QueryCommandInput))).Items ?? [];
  return { bytes: items.reduce((s, i) => s + itemSize(i), 0), count: items.length };
}
const shards = await bytesOf(db.entities.incomeMonth.query.byCreator({ creatorId }).params());
const pageSize = businessConfig.business.incomePageSize;
const page = await bytesOf({
  ...(db.entities.incomeRow.query
    .byCreator({ creatorId, ym: thisMonth })
    .params({ order: 'desc' }) as object),
  Limit: pageSize,
});
const halfPer4k = (bytes: number) => 0.5 * Math.ceil(bytes / 4096);

const summary: Op<null> = {
  name: `income summary (${MONTHS} months, ${shards.count} shards)`,
  floor: { reads: halfPer4k(shards.bytes) + 0.5 + 0.5, items: 0 },
  prepare: async () => null,
  run: () => incomeSummary(deps, creatorId, {}),
  check: async (_p, result) => {
    const chart = (result as { chart: { income: number }[] }).chart;
    if (chart.some((c) => c.income <= 0)) throw new Error('a month of the chart has no income');
  },
};

const rows: Op<null> = {
  name: `income rows page (${page.count} rows)`,
  floor: { reads: halfPer4k(page.bytes) + 0.5 + 0.5, items: 0 },
  prepare: async () => null,
  run: () => listIncomes(deps, creatorId, {}),
  check: async (_p, result) => {
    const got = (result as { rows: unknown[] }).rows.length;
    if (got !== pageSize) throw new Error(`a page of ${got} rows`);
  },
};

const outcomes: Outcome[] = [];
outcomes.push(await harness.bench(summary));
outcomes.push(await harness.bench(rows));

cloud.streams.resume();

harness.printSummary(outcomes);
harness.printBreakdown(outcomes);

await cloud.stop();
exitOnBudget();
