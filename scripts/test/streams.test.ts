/**
 * The local stream poller (scripts/local/streams.ts): DynamoDB Local's stream into consumers with
 * Lambda's event shape, filters, bisecting retries, dead letters and checkpoints that survive a
 * restart of DynamoDB Local on the same data.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DescribeTableCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTableInput } from '../../functions/src/db/table.ts';
import type { StreamConsumerDef } from '../../functions/src/manifest.ts';
import { ensureTable, type LocalDynamo, startDynamo, streamArnOf } from '../local/dynamo.ts';
import { LOCAL_REGION } from '../local/env.ts';
import type { Log } from '../local/log.ts';
import { IDLE_PASS_MS, type StreamDelivery, StreamPoller } from '../local/streams.ts';

const TABLE = 'kinoko-streams-test';
const dir = mkdtempSync(join(tmpdir(), 'kinoko-streams-'));
let dynamo: LocalDynamo;
let streamArn: string;
const pollers: StreamPoller[] = [];

const errors: unknown[] = [];
const warnings: string[] = [];
const log: Log = {
  info: () => {},
  warn: (m) => warnings.push(m),
  error: (_m, detail) => errors.push(detail),
};
const delivery: StreamDelivery = {
  batchSize: 10,
  maxRetries: 2,
  maxRecordAgeSeconds: 86_400,
  bisectOnError: true,
};

const messages: StreamConsumerDef = {
  handler: 'test/messages',
  area: 'chat',
  filter: { entity: 'message', events: ['INSERT'], present: ['txId'] },
};

beforeAll(async () => {
  dynamo = await startDynamo({ dir });
  await ensureTable(dynamo.client, TABLE);
  streamArn = await streamArnOf(dynamo.client, TABLE);
});

afterEach(async () => {
  for (const poller of pollers.splice(0)) await poller.stop();
});

afterAll(async () => {
  await dynamo.stop();
  rmSync(dir, { recursive: true, force: true });
});

let counter = 0;
async function put(entity: string, extra: Record<string, string> = {}): Promise<string> {
  counter += 1;
  const id = `${Date.now().toString(36)}-${counter}`;
  await dynamo.client.send(
    new PutItemCommand({
      TableName: TABLE,
      Item: {
        pk: { S: `p#${id}` },
        sk: { S: 's' },
        __edb_e__: { S: entity },
        id: { S: id },
        ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, { S: v }])),
      },
    }),
  );
  return id;
}

type Invoke = (handler: string, event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;

function poller(
  invoke: Invoke,
  opts: { checkpointFile?: string | null; consumers?: StreamConsumerDef[]; streamArn?: string } = {},
) {
  const p = new StreamPoller({
    endpoint: dynamo.endpoint,
    region: LOCAL_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    streamArn: opts.streamArn ?? streamArn,
    consumers: opts.consumers ?? [messages],
    delivery,
    invoke,
    checkpointFile: opts.checkpointFile ?? null,
    log,
    pollMs: 20,
    retryBaseMs: 1,
  });
  pollers.push(p);
  p.start();
  return p;
}

const idOf = (r: DynamoDBRecord) => r.dynamodb?.NewImage?.id?.S as string;

describe('the stream poller', () => {
  it('delivers the records a consumer’s filter matches, in order, in the shape Lambda sends', async () => {
    const seen: DynamoDBRecord[] = [];
    const batches: number[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await put('message', { txId: `t${i}` }));
    await put('message'); // free: no txId
    await put('notice', { txId: 'x' });
    const p = poller(async (handler, event) => {
      expect(handler).toBe('test/messages');
      batches.push(event.Records.length);
      seen.push(...event.Records);
      return { batchItemFailures: [] };
    });
    await p.drain();
    const mine = seen.filter((r) => ids.includes(idOf(r)));
    expect(mine.map(idOf)).toEqual(ids);
    expect(seen.every((r) => r.dynamodb?.NewImage?.txId)).toBe(true);
    expect(Math.max(...batches)).toBeLessThanOrEqual(delivery.batchSize);
    expect(mine[0]).toMatchObject({
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      eventSourceARN: streamArn,
      dynamodb: { StreamViewType: 'NEW_IMAGE', Keys: { pk: { S: `p#${ids[0]}` }, sk: { S: 's' } } },
    });
    expect(typeof mine[0]?.dynamodb?.ApproximateCreationDateTime).toBe('number');
  });

  it('follows a stream that was empty when it started (the iterator taken then goes stale locally)', async () => {
    const name = 'kinoko-streams-empty';
    await ensureTable(dynamo.client, name);
    const seen: string[] = [];
    const p = poller(
      async (_h, e) => {
        seen.push(...e.Records.map(idOf));
        return { batchItemFailures: [] };
      },
      { streamArn: await streamArnOf(dynamo.client, name) },
    );
    await p.drain();
    await dynamo.client.send(
      new PutItemCommand({
        TableName: name,
        Item: {
          pk: { S: 'p#late' },
          sk: { S: 's' },
          __edb_e__: { S: 'message' },
          id: { S: 'late' },
          txId: { S: 't' },
        },
      }),
    );
    await p.drain();
    expect(seen).toEqual(['late']);
    expect(warnings).toEqual([]);
  });

  it('wakes caught-up consumers when records arrive (one watcher reads the stream, not every consumer)', async () => {
    const name = 'kinoko-streams-watch';
    await ensureTable(dynamo.client, name);
    const arn = await streamArnOf(dynamo.client, name);
    const consumers = Array.from({ length: 5 }, (_, i) => ({ ...messages, handler: `test/watch${i}` }));
    const delivered = new Map<string, number>();
    const p = poller(
      async (handler, e) => {
        delivered.set(handler, (delivered.get(handler) ?? 0) + e.Records.length);
        return { batchItemFailures: [] };
      },
      { streamArn: arn, consumers },
    );
    await p.drain();
    // Caught up and idle: each consumer now waits for the watcher (IDLE_PASS_MS is far longer).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const reads = p.state().requests;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // 20 ms polls for 1 s: the watcher's ~50 reads, not 5 consumers' ~250 (each a list and a read).
    expect(p.state().requests - reads).toBeLessThan(120);

    const started = Date.now();
    await dynamo.client.send(
      new PutItemCommand({
        TableName: name,
        Item: {
          pk: { S: 'p#w' },
          sk: { S: 's' },
          __edb_e__: { S: 'message' },
          id: { S: 'w' },
          txId: { S: 't' },
        },
      }),
    );
    await expect.poll(() => delivered.size, { timeout: IDLE_PASS_MS - 1000, interval: 20 }).toBe(5);
    expect(Date.now() - started).toBeLessThan(IDLE_PASS_MS - 1000);
    expect(warnings).toEqual([]);
  });

  it('bisects a failing batch, retries, and dead-letters only the record that keeps failing', async () => {
    const start = await put('message', { txId: 'mark' });
    const ids = [start];
    for (let i = 0; i < 6; i++) ids.push(await put('message', { txId: `b${i}` }));
    const poison = ids[3] as string;
    const handled = new Map<string, number>();
    let calls = 0;
    const p = poller(async (_h, event) => {
      calls += 1;
      if (event.Records.some((r) => idOf(r) === poison)) throw new Error('poison');
      for (const r of event.Records) handled.set(idOf(r), (handled.get(idOf(r)) ?? 0) + 1);
      return { batchItemFailures: [] };
    });
    await p.drain();
    for (const id of ids.filter((i) => i !== poison)) expect(handled.get(id), id).toBe(1);
    expect(handled.has(poison)).toBe(false);
    const letter = p.deadLetters.find((d) => d.records === 1 && d.reason.includes('poison'));
    expect(letter).toMatchObject({ consumer: 'test/messages', records: 1 });
    expect(calls).toBeGreaterThan(delivery.maxRetries);
  });

  it('retries a batch from the first record the consumer reports as failed', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await put('message', { txId: `f${i}` }));
    const attempts: string[][] = [];
    let failOnce = true;
    const p = poller(async (_h, event) => {
      const mine = event.Records.filter((r) => ids.includes(idOf(r)));
      if (mine.length) attempts.push(mine.map(idOf));
      const third = event.Records.find((r) => idOf(r) === ids[2]);
      if (third && failOnce) {
        failOnce = false;
        return { batchItemFailures: [{ itemIdentifier: third.dynamodb?.SequenceNumber as string }] };
      }
      return { batchItemFailures: [] };
    });
    await p.drain();
    expect(attempts).toEqual([ids, ids.slice(2)]);
  });

  it('resumes from its checkpoint after a restart of DynamoDB Local on the same data', async () => {
    const checkpointFile = join(dir, 'streams.json');
    const before = [await put('message', { txId: 'c1' }), await put('message', { txId: 'c2' })];
    const first: string[] = [];
    const p1 = poller(
      async (_h, e) => {
        first.push(...e.Records.map(idOf));
        return { batchItemFailures: [] };
      },
      { checkpointFile },
    );
    await p1.drain();
    expect(first).toEqual(expect.arrayContaining(before));
    await p1.stop();
    expect(JSON.parse(readFileSync(checkpointFile, 'utf8')).streamArn).toBe(streamArn);

    // DynamoDB Local stops and starts again on the same folder: the stream's records are kept.
    await dynamo.stop();
    dynamo = await startDynamo({ dir });
    await ensureTable(dynamo.client, TABLE);
    expect(await streamArnOf(dynamo.client, TABLE)).toBe(streamArn);
    const after = await put('message', { txId: 'c3' });

    const resumed: string[] = [];
    const p2 = poller(
      async (_h, e) => {
        resumed.push(...e.Records.map(idOf));
        return { batchItemFailures: [] };
      },
      { checkpointFile },
    );
    await p2.drain();
    expect(resumed).toEqual([after]);

    // Without a checkpoint, a consumer reads the stream from its oldest record (TRIM_HORIZON).
    const fromStart: string[] = [];
    const p3 = poller(async (_h, e) => {
      fromStart.push(...e.Records.map(idOf));
      return { batchItemFailures: [] };
    });
    await p3.drain();
    expect(fromStart).toEqual(expect.arrayContaining([...before, after]));
  }, 120_000); // a JVM start inside the test: it gets a hook's time (vitest.config.ts), not 30 s

  it('turns the stream on for a table kept from before it existed', async () => {
    const name = 'kinoko-streams-old';
    const { StreamSpecification: _dropped, ...withoutStream } = createTableInput(name);
    await dynamo.client.send(new CreateTableCommand(withoutStream));
    const { Table: old } = await dynamo.client.send(new DescribeTableCommand({ TableName: name }));
    expect(old?.LatestStreamArn).toBeUndefined();
    expect(await ensureTable(dynamo.client, name)).toBe(false);
    expect(await streamArnOf(dynamo.client, name)).toMatch(/table\/kinoko-streams-old\/stream\//);
    expect(existsSync(dir)).toBe(true);
    expect(errors.filter((e) => !JSON.stringify(e).includes('poison'))).toEqual([]);
  });
});
