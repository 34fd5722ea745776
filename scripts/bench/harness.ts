/**
 * The request-unit harness of the benchmarks that write with transactions (bench:ledger,
 * bench:chat): each operation's DynamoDB calls are metered (ReturnConsumedCapacity INDEXES) and
 * printed as `name: N RU (floor F)`, then a breakdown by call and by transaction item.
 *
 * Floors. Prices: a transactional write costs 2 WCU per item per 1 KB (each item rounded up), a
 * strongly consistent read 1 RCU per 4 KB, an eventually consistent one 0.5. A floor counts every
 * item it needs at 1 KB and no index writes: items over 1 KB, GSI writes and extra reads or items
 * are the gap a bench is there to show.
 *
 * DynamoDB Local's defect. DynamoDB Local 3.x under-reports TransactWriteItems: it sums the
 * *distinct* per-item capacities, so three 1-KB puts report 2, not 6 (awslabs/
 * amazon-dynamodb-local-samples#31; single-item calls are right). So each committed transaction is
 * also replayed here item by item, each item as its own single-item TransactWriteItems against a
 * shadow table with the same keys and GSIs, holding the item's image from just before the real
 * transaction; N sums those measured per-item capacities. The raw DynamoDB Local sum is printed in
 * the breakdown. The replay adds latency, so latency comes from separate runs without it. The
 * breakdown's item sizes (≈ B) are computed with DynamoDB's size rules, to explain the units; they
 * are not used for any RU figure.
 */
import { type ConsumedCapacity, CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { createTableInput, tableDefinition } from '../../functions/src/db/table.ts';
import { dynamo } from '../../functions/src/lib/aws/dynamo.ts';
import { type LocalCloudOptions, startLocalCloud } from '../local/cloud.ts';
import { installCapacityMeter, type MeteredCall, measureCalls } from './capacity.ts';

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
/** The local cloud a table bench runs against: in memory, no site, no scheduled jobs. */
export function startBenchCloud(extra: LocalCloudOptions = {}) {
  return startLocalCloud({
    port: 0,
    dataDir: null,
    site: false,
    quiet: true,
    stage: 'test',
    jobs: [],
    ...extra,
  });
}

export function sizeOf(value: unknown): number {
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
export const itemSize = (item: Doc | undefined) =>
  item ? Object.entries(item).reduce((s, [k, v]) => s + Buffer.byteLength(k) + sizeOf(v), 0) : 0;

export const fmt = (n: number) => String(Math.round(n * 100) / 100);
const gsiText = (g: Record<string, number>) =>
  Object.entries(g)
    .map(([name, u]) => ` + ${name} ${fmt(u)}`)
    .join('');

export interface Floor {
  reads: number;
  /** Items written in transactions, each at 2 WCU. */
  items: number;
  /** Items written by single-item calls (PutItem, UpdateItem, DeleteItem), each at 1 WCU. */
  writes?: number;
}
export const floorRu = (f: Floor) => f.reads + (f.writes ?? 0) + 2 * f.items;

/** The budget of every figure: at most this many times its floor. */
export const FLOOR_BUDGET = 1.5;
const overBudget: string[] = [];

/**
 * `name: N RU (floor F)`; a figure above FLOOR_BUDGET × F is marked and remembered, and
 * `exitOnBudget()` then ends the bench with a non-zero status.
 */
export function summaryLine(name: string, ru: number, floor: number): string {
  const line = `${name}: ${fmt(ru)} RU (floor ${fmt(floor)})`;
  if (ru <= FLOOR_BUDGET * floor) return line;
  overBudget.push(name);
  return `${line}  OVER ${FLOOR_BUDGET} × floor (${fmt(FLOOR_BUDGET * floor)})`;
}

/** Call last: a non-zero exit status when any printed figure was above its budget. */
export function exitOnBudget(): void {
  if (overBudget.length === 0) return;
  console.error(`\nover ${FLOOR_BUDGET} × floor: ${overBudget.join(', ')}`);
  process.exitCode = 1;
}

export interface Op<P> {
  name: string;
  floor: Floor;
  /** Fresh inputs for run i (not measured). */
  prepare: (i: number) => Promise<P>;
  run: (p: P) => Promise<unknown>;
  /** Checks the run did what it should (not measured). */
  check?: (p: P, result: unknown) => Promise<void>;
}

export interface Outcome {
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

export interface Harness {
  bench<P>(op: Op<P>): Promise<Outcome>;
  /** `name: N RU (floor F)`, one line per operation. */
  printSummary(outcomes: readonly Outcome[]): void;
  printBreakdown(outcomes: readonly Outcome[]): void;
}

const READS = new Set(['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand', 'ScanCommand']);
const units = (c: ConsumedCapacity[]) => c.reduce((s, x) => s + (x.CapacityUnits ?? 0), 0);
const isRead = (call: MeteredCall) => READS.has(call.command);

/**
 * Installs the capacity meter and the per-item replay on the handlers' module-level client
 * (`dynamo()`), which the local cloud's handlers and in-process services share. `ruRuns` runs per
 * operation are measured with the replay (RU), `runs` more without it (latency).
 */
export async function createHarness(
  tableName: string,
  opts: { ruRuns: number; runs: number },
): Promise<Harness> {
  installCapacityMeter('INDEXES');
  const { partitionKey: PK, sortKey: SK } = tableDefinition;
  const shadowTable = `${tableName}-bench-shadow`;
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
      if (input.TransactItems.some((i) => bodyOf(i).TableName !== tableName))
        throw new Error('bench: a transaction on another table');
      const before = await Promise.all(
        input.TransactItems.map(
          async (item) =>
            (await raw.send(new GetCommand({ TableName: tableName, Key: keyOf(item), ConsistentRead: true })))
              .Item,
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
    const input = call.input as Doc & { Key?: Doc; ExpressionAttributeValues?: Doc; IndexName?: string };
    const pk = String(input.Key?.[PK] ?? input.ExpressionAttributeValues?.[':pk'] ?? '?').split('#')[0];
    const sk = input.Key ? `/${String(input.Key[SK]).split('#')[0]}` : '';
    const index = input.IndexName ? ` ${input.IndexName}` : '';
    const mode = input.ConsistentRead ? 'consistent' : 'eventual';
    return `${call.command.replace(/Command$/, '')}${index} ${pk}${sk} (${mode})`;
  }

  async function bench<P>(op: Op<P>): Promise<Outcome> {
    const ruRuns: number[] = [];
    const rawRuns: number[] = [];
    let calls: MeteredCall[] = [];
    for (let i = 0; i < opts.ruRuns; i++) {
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
    for (let i = 0; i < opts.runs; i++) {
      const input = await op.prepare(opts.ruRuns + i);
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

  function printSummary(outcomes: readonly Outcome[]) {
    for (const o of outcomes) console.log(summaryLine(o.name, o.ru, floorRu(o.floor)));
  }

  function printBreakdown(outcomes: readonly Outcome[]) {
    console.log('');
    console.log(
      `--- breakdown: RU with GSI writes included, from ${opts.ruRuns} runs with the per-item replay; p50 latency ` +
        `over ${opts.runs} runs without it; DynamoDB Local, one process ---`,
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
          console.log(
            `  ${isRead(c) ? describeRead(c) : c.command.replace(/Command$/, '')}: ${fmt(ruOf(c))}`,
          );
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
            Object.assign(g, {
              n: g.n + 1,
              min: Math.min(g.min, cost.bytes),
              max: Math.max(g.max, cost.bytes),
            });
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
        ...(plainWriteRu || o.floor.writes
          ? [`non-transactional writes +${fmt(plainWriteRu - (o.floor.writes ?? 0))}`]
          : []),
      ];
      console.log(`  gap to the floor ${fmt(floor)}: +${fmt(o.ru - floor)} = ${parts.join(', ')}`);
    }
  }

  return { bench, printSummary, printBreakdown };
}
