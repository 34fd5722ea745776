/**
 * `npm run bench:ledger`: DynamoDB request units of a mushroom purchase and of spends of 1, 3 and
 * 20 lots, measured from ConsumedCapacity, each next to the floor that the minimal set of reads and
 * writes would cost. Prints `name: N RU (floor F)` once per operation, then a breakdown.
 *
 * Floors. Prices: a transactional write costs 2 WCU per item per 1 KB (each item rounded up), a
 * strongly consistent read 1 RCU per 4 KB, an eventually consistent one 0.5. A floor counts every
 * item it needs at 1 KB and no index writes: items over 1 KB, GSI writes and extra reads or items
 * are the gap this bench is here to show.
 * - Spend of k lots: one consistent Query of the holder's lots (1 RCU while the lots are ≤ 4 KB),
 *   then one TransactWriteItems of k lot updates (a lot spent to zero is deleted instead: same
 *   price), the journal put, the point-log put, one income-row put and the income-month update:
 *   1 + 2 × (k + 4) = 11 (k = 1), 15 (k = 3), 49 (k = 20).
 * - Purchase: reading the caller's Square customer (eventual, 0.5), one transaction putting the
 *   pending payment and adding to the day cap (2 items × 2 = 4), one transaction completing the
 *   payment and putting the lot, the journal and the point-log row (4 × 2 = 8): 12.5. (Reading
 *   the caller's profile to authenticate the request is not in the floor; it shows in the gap.)
 *
 * What is measured. Every call of the handlers' module-level DynamoDB client (`dynamo()`, which
 * both the local HTTP gateway's handlers and the in-process `spend()` use) asks for
 * ReturnConsumedCapacity INDEXES, so N includes the GSI writes (shown apart in the breakdown).
 * Purchases are `POST /square/create-payment` through the local cloud's gateway (the real handler,
 * DynamoDB Local, the Square stand-in), by a fresh adult LINE fan with a card each run, so every
 * run is the buyer's first purchase; spends call the ledger's `spend()` (purpose 'gift') from a
 * fresh wallet of 20 mushroom lots of 5 points: 5, 15 and 100 points take exactly 1, 3 and 20
 * lots (checked against the journal's `lots`); holder and payee ids are `newId()` like profile
 * ids, the txId a uuid. Recurring jobs are off so none fires mid-measure. The breakdown's item
 * sizes (≈ B) are computed from the items with DynamoDB's size rules, to explain the units; they
 * are not used for any RU figure.
 *
 * DynamoDB Local's defect. DynamoDB Local 3.x under-reports TransactWriteItems: it sums the
 * *distinct* per-item capacities, so three 1-KB puts report 2, not 6 (awslabs/
 * amazon-dynamodb-local-samples#31; single-item calls are right). So each committed transaction is
 * also replayed here item by item, each item as its own single-item TransactWriteItems against a
 * shadow table with the same keys and GSIs, holding the item's image from just before the real
 * transaction; N sums those measured per-item capacities. The raw DynamoDB Local sum is printed in
 * the breakdown. The replay adds latency, so latency comes from separate runs without it.
 */
import { randomUUID } from 'node:crypto';
import { localNonceFor } from '@app/shared/square-sandbox';
import { type ConsumedCapacity, CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { createDb } from '../../functions/src/db/service.ts';
import { createTableInput, tableDefinition } from '../../functions/src/db/table.ts';
import { dynamo } from '../../functions/src/lib/aws.ts';
import { systemClock } from '../../functions/src/lib/clock.ts';
import { newId } from '../../functions/src/lib/crypto.ts';
import { credit, spend } from '../../functions/src/services/points/ledger.ts';
import { lineSignIn } from '../local/actors.ts';
import { startLocalCloud } from '../local/cloud.ts';
import { installCapacityMeter, type MeteredCall, measureCalls } from './capacity.ts';

/** Runs per operation with the per-item replay (RU), and without it (latency). */
const RU_RUNS = Number(process.env.BENCH_RU_RUNS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const LOTS_IN_WALLET = 20;
const POINTS_PER_LOT = 5;
const PURCHASE_MUSHROOMS = 100;

const cloud = await startLocalCloud({
  port: 0,
  dataDir: null,
  site: false,
  quiet: true,
  stage: 'test',
  jobs: [],
});
installCapacityMeter('INDEXES');

// ---------------------------------------------------------------------------------------------
// Per-item replay of transactions (see the header)

type Doc = Record<string, unknown>;
type TxOp = 'Put' | 'Update' | 'Delete' | 'ConditionCheck';

interface ItemCost {
  op: TxOp;
  entity: string;
  table: number;
  gsi: Record<string, number>;
  total: number;
  /** Approximate DynamoDB size of the larger of the item's images (before, after). */
  bytes: number;
}

/** DynamoDB's item size rules (names + values; numbers ≈ 1 byte per 2 significant digits + 1). */
function sizeOf(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') {
    const digits = String(Math.abs(value)).replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
    return Math.ceil(digits.length / 2) + 1;
  }
  if (typeof value === 'boolean' || value === null || value === undefined) return 1;
  if (Array.isArray(value)) return 3 + value.reduce((s: number, v) => s + sizeOf(v) + 1, 0);
  if (value instanceof Set) return [...value].reduce((s: number, v) => s + sizeOf(v), 0);
  if (value instanceof Uint8Array) return value.byteLength;
  return 3 + Object.entries(value).reduce((s, [k, v]) => s + Buffer.byteLength(k) + sizeOf(v) + 1, 0);
}
const itemSize = (item: Doc | undefined) =>
  item ? Object.entries(item).reduce((s, [k, v]) => s + Buffer.byteLength(k) + sizeOf(v), 0) : 0;

const { partitionKey: PK, sortKey: SK } = tableDefinition;
const shadowTable = `${cloud.tableName}-bench-shadow`;
/** A client of its own: nothing it sends is metered. */
const raw = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});
await raw.send(new CreateTableCommand(createTableInput(shadowTable)));

let replayOn = false;
const replays = new WeakMap<object, ItemCost[]>();

const opOf = (item: Doc) => Object.keys(item)[0] as TxOp;
const bodyOf = (item: Doc) => item[opOf(item)] as Doc & { TableName: string };
function keyOf(item: Doc): Doc {
  const body = bodyOf(item);
  if (opOf(item) !== 'Put') return body.Key as Doc;
  const put = body.Item as Doc;
  return { [PK]: put[PK], [SK]: put[SK] };
}

function entityOf(item: Doc, before: Doc | undefined): string {
  const body = bodyOf(item);
  const fromUpdate = (body.ExpressionAttributeValues as Doc | undefined)?.[':__edb_e___u0'];
  const name = (body.Item as Doc | undefined)?.__edb_e__ ?? fromUpdate ?? before?.__edb_e__;
  return typeof name === 'string' ? name : (String(keyOf(item)[PK]).split('#')[0] ?? '?');
}

function costOf(c: ConsumedCapacity | undefined): Omit<ItemCost, 'op' | 'entity' | 'bytes'> {
  const gsi = Object.fromEntries(
    Object.entries(c?.GlobalSecondaryIndexes ?? {}).map(([name, g]) => [name, g.CapacityUnits ?? 0]),
  );
  return { table: c?.Table?.CapacityUnits ?? 0, gsi, total: c?.CapacityUnits ?? 0 };
}

async function replayItem(item: Doc, before: Doc | undefined): Promise<ItemCost> {
  const key = keyOf(item);
  await raw.send(new DeleteCommand({ TableName: shadowTable, Key: key }));
  if (before) await raw.send(new PutCommand({ TableName: shadowTable, Item: before }));
  const out = await raw.send(
    new TransactWriteCommand({
      TransactItems: [{ [opOf(item)]: { ...bodyOf(item), TableName: shadowTable } }],
      ReturnConsumedCapacity: 'INDEXES',
    }),
  );
  const after = (await raw.send(new GetCommand({ TableName: shadowTable, Key: key, ConsistentRead: true })))
    .Item;
  await raw.send(new DeleteCommand({ TableName: shadowTable, Key: key }));
  return {
    op: opOf(item),
    entity: entityOf(item, before),
    ...costOf(out.ConsumedCapacity?.[0]),
    bytes: Math.max(itemSize(before), itemSize(after)),
  };
}

dynamo().middlewareStack.add(
  (next, context) => async (args) => {
    if (!replayOn || context.commandName !== 'TransactWriteItemsCommand') return next(args);
    const input = args.input as { TransactItems: Doc[] };
    if (input.TransactItems.some((i) => bodyOf(i).TableName !== cloud.tableName))
      throw new Error('bench: a transaction on another table');
    const before = await Promise.all(
      input.TransactItems.map(
        async (item) =>
          (
            await raw.send(
              new GetCommand({ TableName: cloud.tableName, Key: keyOf(item), ConsistentRead: true }),
            )
          ).Item,
      ),
    );
    const result = await next(args);
    const costs: ItemCost[] = [];
    for (const [i, item] of input.TransactItems.entries()) costs.push(await replayItem(item, before[i]));
    replays.set(input, costs);
    return result;
  },
  { step: 'initialize', name: 'benchTxReplay' },
);

// ---------------------------------------------------------------------------------------------
// Reading the calls

const READS = new Set(['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand', 'ScanCommand']);
const units = (c: ConsumedCapacity[]) => c.reduce((s, x) => s + (x.CapacityUnits ?? 0), 0);
const isRead = (call: MeteredCall) => READS.has(call.command);
/** A call's RU: the per-item replay for transactions, DynamoDB Local's figure otherwise. */
function ruOf(call: MeteredCall): number {
  const items = replays.get(call.input);
  if (call.command === 'TransactWriteItemsCommand' && !items)
    throw new Error('bench: a transaction was not replayed');
  return items ? items.reduce((s, i) => s + i.total, 0) : units(call.capacity);
}
const ruOfAll = (calls: MeteredCall[]) => calls.reduce((s, c) => s + ruOf(c), 0);

/** `GetItem profile/square (eventual)`: the command, the key's prefixes, the read mode. */
function describeRead(call: MeteredCall): string {
  const input = call.input as Doc & { Key?: Doc; ExpressionAttributeValues?: Doc };
  const pk = String(input.Key?.[PK] ?? input.ExpressionAttributeValues?.[':pk'] ?? '?').split('#')[0];
  const sk = input.Key ? `/${String(input.Key[SK]).split('#')[0]}` : '';
  const mode = input.ConsistentRead ? 'consistent' : 'eventual';
  return `${call.command.replace(/Command$/, '')} ${pk}${sk} (${mode})`;
}

const fmt = (n: number) => String(Math.round(n * 100) / 100);
const gsiText = (g: Record<string, number>) =>
  Object.entries(g)
    .map(([name, u]) => ` + ${name} ${fmt(u)}`)
    .join('');

// ---------------------------------------------------------------------------------------------
// The operations

interface Floor {
  reads: number;
  /** Items written in transactions, each at 2 WCU. */
  items: number;
}
const floorRu = (f: Floor) => f.reads + 2 * f.items;

interface Op<P> {
  name: string;
  floor: Floor;
  /** Fresh inputs for run i (not measured). */
  prepare: (i: number) => Promise<P>;
  run: (p: P) => Promise<unknown>;
  /** Checks the run did what it should (not measured). */
  check?: (p: P, result: unknown) => Promise<void>;
}

interface Outcome {
  name: string;
  floor: Floor;
  ru: number;
  /** Every RU run's figure (they should all be equal). */
  ruRuns: number[];
  /** DynamoDB Local's own sums, over every run. */
  rawRuns: number[];
  calls: MeteredCall[];
  p50: number;
}

async function bench<P>(op: Op<P>): Promise<Outcome> {
  const ruRuns: number[] = [];
  const rawRuns: number[] = [];
  let calls: MeteredCall[] = [];
  for (let i = 0; i < RU_RUNS; i++) {
    const input = await op.prepare(i);
    replayOn = true;
    const measured = await measureCalls(() => op.run(input)).finally(() => {
      replayOn = false;
    });
    await op.check?.(input, measured.result);
    ruRuns.push(ruOfAll(measured.calls));
    rawRuns.push(measured.ru);
    if (i === 0) calls = measured.calls;
  }
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const input = await op.prepare(RU_RUNS + i);
    const t0 = performance.now();
    const measured = await measureCalls(() => op.run(input));
    ms.push(performance.now() - t0);
    await op.check?.(input, measured.result);
    rawRuns.push(measured.ru);
  }
  ms.sort((a, b) => a - b);
  return {
    name: op.name,
    floor: op.floor,
    ru: ruRuns[0] ?? 0,
    ruRuns,
    rawRuns,
    calls,
    p50: ms[Math.floor(ms.length / 2)] ?? 0,
  };
}

async function call(path: string, body: unknown, token: string) {
  const res = await fetch(`${cloud.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Doc;
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

function spendOf(lots: number): Op<{ holderId: string; txId: string }> {
  return {
    name: `spend ${lots} lot${lots === 1 ? '' : 's'}`,
    floor: { reads: 1, items: lots + 4 },
    prepare: async () => ({ holderId: await wallet(LOTS_IN_WALLET, POINTS_PER_LOT), txId: randomUUID() }),
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

const outcomes: Outcome[] = [];
outcomes.push(await bench(purchase));
for (const lots of [1, 3, 20]) outcomes.push(await bench(spendOf(lots)));

// ---------------------------------------------------------------------------------------------
// Report

for (const o of outcomes) console.log(`${o.name}: ${fmt(o.ru)} RU (floor ${fmt(floorRu(o.floor))})`);

console.log('');
console.log(
  `--- breakdown: RU with GSI writes included, from ${RU_RUNS} runs with the per-item replay; p50 latency ` +
    `over ${RUNS} runs without it; DynamoDB Local, one process ---`,
);
for (const o of outcomes) {
  const reads = o.calls.filter(isRead);
  const writes = o.calls.filter((c) => !isRead(c));
  const readRu = ruOfAll(reads);
  const items = writes.flatMap((c) => replays.get(c.input) ?? []);
  const tableRu = items.reduce((s, i) => s + i.table, 0);
  const gsiRu = items.reduce((s, i) => s + (i.total - i.table), 0);
  const plainWriteRu = ruOfAll(writes.filter((c) => !replays.has(c.input)));
  const distinct = (xs: number[]) => [...new Set(xs.map(fmt))];
  console.log('');
  console.log(
    `${o.name}: ${fmt(o.ru)} RU = reads ${fmt(readRu)} + writes ${fmt(ruOfAll(writes))} ` +
      `(table ${fmt(tableRu + plainWriteRu)} + GSI ${fmt(gsiRu)}); p50 ${o.p50.toFixed(1)} ms`,
  );
  const ruRuns = distinct(o.ruRuns);
  const rawRuns = distinct(o.rawRuns);
  console.log(
    `  runs: ${ruRuns.length === 1 ? `all ${o.ruRuns.length} at ${ruRuns[0]} RU` : `VARIED: ${ruRuns.join(', ')} RU`}; ` +
      `DynamoDB Local's own sum ${rawRuns.length === 1 ? rawRuns[0] : `VARIED: ${rawRuns.join(', ')}`} RU ` +
      `(${o.rawRuns.length} runs)`,
  );
  let tx = 0;
  for (const c of o.calls) {
    const costs = replays.get(c.input);
    if (!costs) {
      console.log(`  ${isRead(c) ? describeRead(c) : c.command.replace(/Command$/, '')}: ${fmt(ruOf(c))}`);
      continue;
    }
    tx++;
    console.log(
      `  TransactWriteItems #${tx}: ${fmt(ruOf(c))} (${costs.length} items; DynamoDB Local said ${fmt(units(c.capacity))})`,
    );
    const groups = new Map<string, { n: number; min: number; max: number }>();
    for (const cost of costs) {
      const key = `${cost.op.toLowerCase()} ${cost.entity}: ${fmt(cost.total)} (table ${fmt(cost.table)}${gsiText(cost.gsi)})`;
      const g = groups.get(key);
      if (g)
        Object.assign(g, { n: g.n + 1, min: Math.min(g.min, cost.bytes), max: Math.max(g.max, cost.bytes) });
      else groups.set(key, { n: 1, min: cost.bytes, max: cost.bytes });
    }
    for (const [key, g] of groups) {
      const size = g.min === g.max ? `${g.min}` : `${g.min}-${g.max}`;
      console.log(`    ${g.n > 1 ? `${g.n} × ` : ''}${key}, ≈ ${size} B`);
    }
  }
  const floor = floorRu(o.floor);
  const extraItems = 2 * (items.length - o.floor.items);
  const oversize = tableRu - 2 * items.length;
  const parts = [
    `reads +${fmt(readRu - o.floor.reads)}`,
    `GSI writes +${fmt(gsiRu)}`,
    `items over 1 KB +${fmt(oversize)}`,
    `extra items ${extraItems >= 0 ? '+' : ''}${fmt(extraItems)}`,
    ...(plainWriteRu ? [`non-transactional writes +${fmt(plainWriteRu)}`] : []),
  ];
  console.log(`  gap to the floor ${fmt(floor)}: +${fmt(o.ru - floor)} = ${parts.join(', ')}`);
}

await cloud.stop();
