/**
 * The SQS stand-in through the real SDK client (signed requests, the JSON protocol, the SDK's MD5
 * checks), and the local event source mapping (queues.ts) with in-process handlers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  PurgeQueueCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handleQueueRecords } from '../../functions/src/lib/queue.ts';
import type { QueueDef } from '../../functions/src/manifest.ts';
import { LOCAL_ACCESS_KEY_ID, LOCAL_REGION, LOCAL_SECRET_ACCESS_KEY } from './env.ts';
import { createLog } from './log.ts';
import { LocalQueues, toDelete } from './queues.ts';
import { SqsStandIn } from './sqs.ts';

const credentials = { accessKeyId: LOCAL_ACCESS_KEY_ID, secretAccessKey: LOCAL_SECRET_ACCESS_KEY };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: Server;
let endpoint: string;
let sqs: SqsStandIn;
let client: SQSClient;
let route: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;

beforeAll(async () => {
  server = createServer((req, res) => route(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  endpoint = `http://localhost:${(server.address() as AddressInfo).port}/_local/sqs`;
  sqs = new SqsStandIn({
    baseUrl: endpoint,
    region: LOCAL_REGION,
    secrets: new Map([[LOCAL_ACCESS_KEY_ID, LOCAL_SECRET_ACCESS_KEY]]),
  });
  route = (req, res) => void sqs.handle(req, res);
  client = new SQSClient({ endpoint, region: LOCAL_REGION, credentials, maxAttempts: 1 });
});

afterAll(async () => {
  sqs.stop();
  client.destroy();
  await new Promise((r) => server.close(r));
});

let serial = 0;
/** A fresh queue (visibility in seconds) with a DLQ after `maxReceiveCount` receives. */
function newQueue(visibilityTimeout = 30, maxReceiveCount = 3) {
  serial += 1;
  const dlq = sqs.createQueue(`t${serial}-dead-letters`, { visibilityTimeout });
  const url = sqs.createQueue(`t${serial}`, {
    visibilityTimeout,
    maximumMessageSize: 262_144,
    redrivePolicy: { deadLetterTargetArn: sqs.queueArn(`t${serial}-dead-letters`), maxReceiveCount },
  });
  return { url, dlq, name: `t${serial}` };
}

const receive = (url: string, extra: Partial<ConstructorParameters<typeof ReceiveMessageCommand>[0]> = {}) =>
  client.send(
    new ReceiveMessageCommand({
      QueueUrl: url,
      MaxNumberOfMessages: 10,
      MessageSystemAttributeNames: ['ApproximateReceiveCount', 'SentTimestamp'],
      ...extra,
    }),
  );

async function refusal(
  promise: Promise<unknown>,
): Promise<{ name: string; Code?: string; message: string; status?: number }> {
  try {
    await promise;
  } catch (error) {
    const e = error as {
      name: string;
      Code?: string;
      message: string;
      $metadata?: { httpStatusCode?: number };
    };
    return { name: e.name, Code: e.Code, message: e.message, status: e.$metadata?.httpStatusCode };
  }
  throw new Error('expected a refusal');
}

describe('SQS stand-in', () => {
  it('sends, receives with the attributes asked for, and deletes', async () => {
    const { url } = newQueue();
    const sent = await client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: '{"a":1}' }));
    expect(sent.MessageId).toBeTruthy();
    const { Messages = [] } = await receive(url);
    expect(Messages).toHaveLength(1);
    const [m] = Messages;
    expect(m?.Body).toBe('{"a":1}');
    expect(m?.MessageId).toBe(sent.MessageId);
    expect(m?.Attributes?.ApproximateReceiveCount).toBe('1');
    expect(Number(m?.Attributes?.SentTimestamp)).toBeGreaterThan(Date.now() - 5000);
    expect(m?.Attributes).not.toHaveProperty('SenderId');
    // Invisible while in flight.
    expect((await receive(url)).Messages).toBeUndefined();
    await client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: m?.ReceiptHandle }));
    const attrs = await client.send(
      new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['All'] }),
    );
    expect(attrs.Attributes?.ApproximateNumberOfMessages).toBe('0');
    expect(attrs.Attributes?.ApproximateNumberOfMessagesNotVisible).toBe('0');
    expect(attrs.Attributes?.MaximumMessageSize).toBe('262144');
  });

  it('gives a message back after its visibility timeout, with a new handle and a higher receive count', async () => {
    const { url } = newQueue(1);
    await client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'x' }));
    const first = (await receive(url)).Messages?.[0];
    expect(first?.Attributes?.ApproximateReceiveCount).toBe('1');
    const inFlight = await client.send(
      new GetQueueAttributesCommand({
        QueueUrl: url,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    expect(inFlight.Attributes).toEqual({
      ApproximateNumberOfMessages: '0',
      ApproximateNumberOfMessagesNotVisible: '1',
    });
    await sleep(1100);
    const second = (await receive(url)).Messages?.[0];
    expect(second?.MessageId).toBe(first?.MessageId);
    expect(second?.Attributes?.ApproximateReceiveCount).toBe('2');
    expect(second?.ReceiptHandle).not.toBe(first?.ReceiptHandle);
    // The old handle deletes nothing (the call succeeds, as in AWS); the new one deletes.
    await client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: first?.ReceiptHandle }));
    expect(sqs.inspect(url.split('/').pop() as string).inFlight).toBe(1);
    await client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: second?.ReceiptHandle }));
    expect(sqs.inspect(url.split('/').pop() as string).inFlight).toBe(0);
  });

  it('honours a receive’s own VisibilityTimeout and ChangeMessageVisibility', async () => {
    const { url } = newQueue(30);
    await client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'x' }));
    const m = (await receive(url, { VisibilityTimeout: 0 })).Messages?.[0];
    expect(m).toBeDefined();
    const again = (await receive(url)).Messages?.[0];
    expect(again?.Attributes?.ApproximateReceiveCount).toBe('2');
    await client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: url,
        ReceiptHandle: again?.ReceiptHandle,
        VisibilityTimeout: 0,
      }),
    );
    expect((await receive(url)).Messages?.[0]?.Attributes?.ApproximateReceiveCount).toBe('3');
    // The previous handle expired: a visibility change with it is refused.
    const expired = await refusal(
      client.send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: url,
          ReceiptHandle: again?.ReceiptHandle,
          VisibilityTimeout: 5,
        }),
      ),
    );
    expect(expired.Code).toBe('InvalidParameterValue');
  });

  it('moves a message received maxReceiveCount times to the dead-letter queue', async () => {
    const { url, dlq } = newQueue(0, 2);
    await client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'poison' }));
    expect((await receive(url)).Messages?.[0]?.Attributes?.ApproximateReceiveCount).toBe('1');
    expect((await receive(url)).Messages?.[0]?.Attributes?.ApproximateReceiveCount).toBe('2');
    expect((await receive(url)).Messages).toBeUndefined();
    const dead = (await receive(dlq)).Messages ?? [];
    expect(dead.map((m) => m.Body)).toEqual(['poison']);
  });

  it('long polls until a message arrives', async () => {
    const { url } = newQueue();
    const started = Date.now();
    const polling = receive(url, { WaitTimeSeconds: 5 });
    await sleep(300);
    await client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'late' }));
    const { Messages } = await polling;
    expect(Messages?.[0]?.Body).toBe('late');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(4000);
    // With nothing to receive it answers empty after the wait.
    const t = Date.now();
    expect((await receive(url, { WaitTimeSeconds: 1 })).Messages).toBeUndefined();
    expect(Date.now() - t).toBeGreaterThanOrEqual(900);
  });

  it('takes nothing for a long poll whose client went away', async () => {
    const { url } = newQueue();
    const abort = new AbortController();
    const polled = client.send(new ReceiveMessageCommand({ QueueUrl: url, WaitTimeSeconds: 5 }), {
      abortSignal: abort.signal,
    });
    await sleep(50);
    abort.abort();
    await expect(polled).rejects.toThrow();
    await sleep(50);
    await client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'kept' }));
    // Still visible, never received: the abandoned poll took nothing.
    const message = (await receive(url)).Messages?.[0];
    expect(message?.Body).toBe('kept');
    expect(message?.Attributes?.ApproximateReceiveCount).toBe('1');
  });

  it('sends batches, reporting bad entries one by one', async () => {
    const { url } = newQueue();
    const answer = await client.send(
      new SendMessageBatchCommand({
        QueueUrl: url,
        Entries: [
          { Id: 'ok', MessageBody: '{"n":1}' },
          { Id: 'control', MessageBody: 'a\u0001b' },
          { Id: 'big', MessageBody: 'x'.repeat(262_145) },
        ],
      }),
    );
    expect(answer.Successful?.map((s) => s.Id)).toEqual(['ok']);
    expect(answer.Failed?.map((f) => [f.Id, f.Code, f.SenderFault])).toEqual([
      ['control', 'InvalidMessageContents', true],
      ['big', 'InvalidParameterValue', true],
    ]);
  });

  it('refuses what SQS refuses, with its errors', async () => {
    const { url } = newQueue();
    const eleven = Array.from({ length: 11 }, (_, i) => ({ Id: `m${i}`, MessageBody: 'x' }));
    expect(
      await refusal(client.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: eleven }))),
    ).toMatchObject({
      name: 'TooManyEntriesInBatchRequest',
      Code: 'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
      status: 400,
    });
    expect(
      await refusal(client.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: [] }))),
    ).toMatchObject({
      name: 'EmptyBatchRequest',
    });
    const twice = [
      { Id: 'same', MessageBody: 'a' },
      { Id: 'same', MessageBody: 'b' },
    ];
    expect(
      await refusal(client.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: twice }))),
    ).toMatchObject({
      name: 'BatchEntryIdsNotDistinct',
    });
    expect(
      await refusal(
        client.send(
          new SendMessageBatchCommand({ QueueUrl: url, Entries: [{ Id: 'has space', MessageBody: 'a' }] }),
        ),
      ),
    ).toMatchObject({ name: 'InvalidBatchEntryId' });
    const heavy = Array.from({ length: 5 }, (_, i) => ({ Id: `h${i}`, MessageBody: 'x'.repeat(250_000) }));
    expect(
      await refusal(client.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: heavy }))),
    ).toMatchObject({
      name: 'BatchRequestTooLong',
    });
    expect(
      await refusal(client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'x'.repeat(262_145) }))),
    ).toMatchObject({ name: 'InvalidParameterValue' });
    expect(
      await refusal(client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: '\u0000' }))),
    ).toMatchObject({
      name: 'InvalidMessageContents',
    });
    expect(
      await refusal(client.send(new SendMessageCommand({ QueueUrl: `${url}-missing`, MessageBody: 'x' }))),
    ).toMatchObject({ name: 'QueueDoesNotExist', Code: 'AWS.SimpleQueueService.NonExistentQueue' });
    expect(await refusal(client.send(new GetQueueUrlCommand({ QueueName: 'nope' })))).toMatchObject({
      name: 'QueueDoesNotExist',
    });
    expect(
      await refusal(client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: 'forged-handle' }))),
    ).toMatchObject({ name: 'ReceiptHandleIsInvalid', status: 404 });
    expect(await refusal(receive(url, { MaxNumberOfMessages: 11 }))).toMatchObject({
      name: 'InvalidParameterValue',
    });
    expect(await refusal(receive(url, { WaitTimeSeconds: 21 }))).toMatchObject({
      name: 'InvalidParameterValue',
    });
    await client.send(new PurgeQueueCommand({ QueueUrl: url }));
    expect(await refusal(client.send(new PurgeQueueCommand({ QueueUrl: url })))).toMatchObject({
      name: 'PurgeQueueInProgress',
    });
  });

  it('finds queues by name, and deletes in batches', async () => {
    const { url, name } = newQueue();
    expect((await client.send(new GetQueueUrlCommand({ QueueName: name }))).QueueUrl).toBe(url);
    await client.send(
      new SendMessageBatchCommand({
        QueueUrl: url,
        Entries: [0, 1, 2].map((i) => ({ Id: `e${i}`, MessageBody: `${i}` })),
      }),
    );
    const { Messages = [] } = await receive(url);
    expect(Messages).toHaveLength(3);
    const deleted = await client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: url,
        Entries: [
          ...Messages.map((m, i) => ({ Id: `d${i}`, ReceiptHandle: m.ReceiptHandle })),
          { Id: 'bad', ReceiptHandle: 'forged' },
        ],
      }),
    );
    expect(deleted.Successful).toHaveLength(3);
    expect(deleted.Failed?.map((f) => [f.Id, f.Code])).toEqual([['bad', 'ReceiptHandleIsInvalid']]);
    expect(sqs.inspect(name)).toMatchObject({ visible: 0, inFlight: 0 });
  });

  it('refuses a request signed with another secret, and an unsigned one', async () => {
    const { url } = newQueue();
    const forger = new SQSClient({
      endpoint,
      region: LOCAL_REGION,
      credentials: { accessKeyId: LOCAL_ACCESS_KEY_ID, secretAccessKey: 'not-the-secret' },
      maxAttempts: 1,
    });
    try {
      expect(
        await refusal(forger.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'x' }))),
      ).toMatchObject({
        Code: 'SignatureDoesNotMatch',
        status: 403,
      });
    } finally {
      forger.destroy();
    }
    const unsigned = await fetch(`${endpoint}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessage' },
      body: JSON.stringify({ QueueUrl: url, MessageBody: 'x' }),
    });
    expect(unsigned.status).toBe(403);
    expect(sqs.inspect(url.split('/').pop() as string).visible).toBe(0);
  });
});

describe('local event source mapping', () => {
  type Fixture = (event: SQSEvent) => Promise<unknown>;
  let fixture: Fixture = async () => ({ batchItemFailures: [] });
  const calls: { ids: string[]; counts: string[] }[] = [];
  let local: LocalQueues | undefined;

  afterEach(async () => {
    await local?.stop();
    local = undefined;
    calls.length = 0;
  });

  function startQueues(def: Partial<QueueDef> = {}) {
    serial += 1;
    const name = `map${serial}`;
    const mapped = new SqsStandIn({
      baseUrl: endpoint,
      region: LOCAL_REGION,
      secrets: new Map([[LOCAL_ACCESS_KEY_ID, LOCAL_SECRET_ACCESS_KEY]]),
    });
    route = (req, res) => void mapped.handle(req, res);
    local = new LocalQueues({
      sqs: mapped,
      defs: [
        {
          name,
          handler: 'queues/fixture',
          area: 'broadcasts',
          batchSize: 4,
          maxReceiveCount: 3,
          timeoutSeconds: 60,
          maxConcurrency: 2,
          producers: [],
          ...def,
        },
      ],
      namePrefix: 'kinoko-test',
      endpoint,
      region: LOCAL_REGION,
      credentials,
      invoke: async (_handler, event) => {
        calls.push({
          ids: event.Records.map((r) => r.body),
          counts: event.Records.map((r) => r.attributes.ApproximateReceiveCount),
        });
        expect(event.Records[0]).toMatchObject({ eventSource: 'aws:sqs', awsRegion: LOCAL_REGION });
        expect(event.Records[0]?.eventSourceARN).toBe(local?.queues[0]?.arn);
        return fixture(event);
      },
      log: createLog(true),
      visibilityTimeoutSeconds: 1,
      waitTimeSeconds: 1,
    });
    local.start();
    const queue = local.queues[0] as NonNullable<LocalQueues['queues'][0]>;
    const send = (bodies: string[]) =>
      client.send(
        new SendMessageBatchCommand({
          QueueUrl: queue.url,
          Entries: bodies.map((b, i) => ({ Id: `i${i}`, MessageBody: b })),
        }),
      );
    return { queue, send, local };
  }

  it('deletes what the handler did; the one it reports comes back alone, with a higher receive count', async () => {
    let failedOnce = false;
    fixture = async (event) => {
      const bad = event.Records.find((r) => r.body === 'b');
      if (bad && !failedOnce) {
        failedOnce = true;
        return { batchItemFailures: [{ itemIdentifier: bad.messageId }] };
      }
      return { batchItemFailures: [] };
    };
    const { send, local } = startQueues({ maxConcurrency: 2 });
    await send(['a', 'b', 'c']);
    await local.drain(10_000);
    const delivered = calls.flatMap((c) => c.ids);
    expect(delivered.filter((b) => b === 'a')).toHaveLength(1);
    expect(delivered.filter((b) => b === 'c')).toHaveLength(1);
    expect(delivered.filter((b) => b === 'b')).toHaveLength(2);
    const retry = calls.at(-1);
    expect(retry).toEqual({ ids: ['b'], counts: ['2'] });
    expect(local.state().queues[0]?.deadLetters.visible).toBe(0);
  });

  it('gives the whole batch again when the handler throws', async () => {
    let thrown = false;
    fixture = async () => {
      if (!thrown) {
        thrown = true;
        throw new Error('crash');
      }
      return { batchItemFailures: [] };
    };
    const { send, local } = startQueues({ maxConcurrency: 1 });
    await send(['a', 'b']);
    await local.drain(10_000);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.ids.sort()).toEqual(['a', 'b']);
    expect(calls[1]?.counts).toEqual(['2', '2']);
  });

  it('sends a poison message to the dead-letter queue after maxReceiveCount receives', async () => {
    fixture = async (event) => ({
      batchItemFailures: event.Records.filter((r) => r.body === 'poison').map((r) => ({
        itemIdentifier: r.messageId,
      })),
    });
    const { send, local } = startQueues({ maxReceiveCount: 2 });
    await send(['poison', 'fine']);
    await local.drain(10_000);
    const poisonCounts = calls.flatMap((c) => c.counts.filter((_, i) => c.ids[i] === 'poison'));
    expect(poisonCounts).toEqual(['1', '2']);
    const dead = local.state().queues[0]?.deadLetters;
    expect(dead?.visible).toBe(1);
    expect(dead?.messages?.map((m) => m.body)).toEqual(['poison']);
  });

  it('with lib/queue.ts’s consumer: an unparseable body is reported until it is dead-lettered, the rest runs once', async () => {
    const ran: unknown[] = [];
    fixture = (event) =>
      handleQueueRecords({ name: 'mapped', maxReceiveCount: 2 }, event, async (m) => {
        ran.push(m.body);
      });
    const { send, local } = startQueues({ maxReceiveCount: 2 });
    await send(['{"n":1}', 'not json', '{"n":2}']);
    await local.drain(10_000);
    expect(ran).toHaveLength(2);
    expect(ran).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]));
    expect(local.state().queues[0]?.deadLetters.messages?.map((m) => m.body)).toEqual(['not json']);
  });

  it('runs at most maxConcurrency invocations at once', async () => {
    let running = 0;
    let most = 0;
    fixture = async () => {
      running += 1;
      most = Math.max(most, running);
      await sleep(50);
      running -= 1;
      return { batchItemFailures: [] };
    };
    const { send, local } = startQueues({ maxConcurrency: 3, batchSize: 1 });
    await send(Array.from({ length: 10 }, (_, i) => `m${i}`));
    await send(Array.from({ length: 10 }, (_, i) => `n${i}`));
    await local.drain(10_000);
    expect(calls).toHaveLength(20);
    expect(calls.every((c) => c.ids.length === 1)).toBe(true);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(3);
  });
});

describe('toDelete', () => {
  const records = ['a', 'b'].map((messageId) => ({ messageId, receiptHandle: messageId }) as never);
  it('keeps the reported records, and fails the whole batch on an identifier not in it', () => {
    expect(
      toDelete(records, { batchItemFailures: [{ itemIdentifier: 'b' }] }).map(
        (r: { messageId: string }) => r.messageId,
      ),
    ).toEqual(['a']);
    expect(toDelete(records, { batchItemFailures: [{ itemIdentifier: 'zzz' }] })).toEqual([]);
    expect(toDelete(records, { batchItemFailures: [{ itemIdentifier: '' }] })).toEqual([]);
    expect(toDelete(records, undefined)).toHaveLength(2);
  });
});
