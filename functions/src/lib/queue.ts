/**
 * SQS queues of the manifest (`queues`): sending work (`sqsQueueSender`, SendMessageBatch to
 * `QUEUE_URL_<NAME>`), and the consumer's wrapper (`queueHandler`: each message's JSON body to
 * `run`, the failed ones answered as `batchItemFailures`, so the event source mapping deletes the
 * rest and the failed come back after the visibility timeout, into the dead-letter queue after
 * `maxReceiveCount` receives). Services depend only on the types.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import {
  SendMessageBatchCommand,
  type SendMessageBatchRequestEntry,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import middy from '@middy/core';
import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { type QueueDef, queues } from '../manifest.ts';
import { sqs } from './aws/sqs.ts';
import { eachLimit } from './concurrency.ts';
import { queueUrl } from './env.ts';
import { logger } from './logger.ts';
import { recordQueueFailure } from './metrics.ts';
import { metricsFlush } from './metrics-flush.ts';

/** Sends work to a manifest queue (tests pass a fake). */
export interface QueueSender {
  /** Each body (JSON) becomes one message of the queue `name`, sent in batches of 10. */
  send(name: string, bodies: readonly Record<string, unknown>[]): Promise<void>;
}

/** One received message as a consumer sees it. */
export interface QueueMessage {
  messageId: string;
  /** The parsed JSON body. */
  body: unknown;
  /** How many times it has been received, this time included (SQS `ApproximateReceiveCount`). */
  receiveCount: number;
  /** The queue's `maxReceiveCount`: on this receive a failure sends it to the dead-letter queue. */
  maxReceiveCount: number;
}

/** SendMessageBatch's limits: entries per call, and the sum of their bodies. */
export const SEND_BATCH_ENTRIES = 10;
export const SEND_BATCH_BYTES = 1_048_576;
/** Calls per batch: the first, and resends of the entries SQS reported failed (its own faults). */
const SEND_ATTEMPTS = 3;
/** Batches in flight at once. */
const SEND_CONCURRENCY = 4;

/** Bodies in order, cut into batches of at most 10 entries and 1 MiB. */
export function sendBatches(bodies: readonly string[]): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const body of bodies) {
    const size = Buffer.byteLength(body);
    if (current.length === SEND_BATCH_ENTRIES || (current.length > 0 && bytes + size > SEND_BATCH_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(body);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** One batch: entries SQS reports failed are sent again (not those it calls the sender's fault); an error if some still fail. */
async function sendBatch(
  client: Pick<SQSClient, 'send'>,
  url: string,
  bodies: readonly string[],
): Promise<void> {
  let pending: SendMessageBatchRequestEntry[] = bodies.map((body, i) => ({
    Id: String(i),
    MessageBody: body,
  }));
  for (let attempt = 1; ; attempt++) {
    const { Failed = [] } = await client.send(
      new SendMessageBatchCommand({ QueueUrl: url, Entries: pending }),
    );
    if (Failed.length === 0) return;
    const failedIds = new Set(Failed.map((f) => f.Id));
    const senderFaults = Failed.filter((f) => f.SenderFault);
    if (senderFaults.length > 0 || attempt === SEND_ATTEMPTS) {
      const reasons = [...new Set(Failed.map((f) => `${f.Code}: ${f.Message ?? ''}`))].join('; ');
      throw new Error(
        `SendMessageBatch to ${url}: ${Failed.length} of ${pending.length} entries failed (${reasons})`,
      );
    }
    pending = pending.filter((e) => failedIds.has(e.Id));
  }
}

/** The SQS sender of the function: SendMessageBatch to `QUEUE_URL_<NAME>` (the SQS stand-in locally). */
export function sqsQueueSender(client?: Pick<SQSClient, 'send'>): QueueSender {
  return {
    async send(name, bodies) {
      if (bodies.length === 0) return;
      const url = queueUrl(name);
      const batches = sendBatches(bodies.map((b) => JSON.stringify(b)));
      const sqsClient = client ?? sqs();
      await eachLimit(batches, SEND_CONCURRENCY, (batch) => sendBatch(sqsClient, url, batch));
    },
  };
}

/** Records of a batch handled at once (they are independent; the batch is small). */
const RECORD_CONCURRENCY = 4;

export function queueDef(name: string, list: readonly QueueDef[] = queues): QueueDef {
  const def = list.find((q) => q.name === name);
  if (!def) throw new Error(`No queue '${name}' in the manifest`);
  return def;
}

/** Runs every record of a batch; answers exactly the failed ones (unparseable bodies included). */
export async function handleQueueRecords(
  def: Pick<QueueDef, 'name' | 'maxReceiveCount'>,
  event: SQSEvent,
  run: (message: QueueMessage) => Promise<void>,
): Promise<SQSBatchResponse> {
  const failures: SQSBatchItemFailure[] = [];
  const fail = (record: SQSRecord, message: string, error?: unknown) => {
    logger.error(`queue ${def.name}: ${message}`, {
      messageId: record.messageId,
      receiveCount: record.attributes?.ApproximateReceiveCount,
      ...(error ? { error: error as Error } : {}),
    });
    recordQueueFailure(def.name);
    failures.push({ itemIdentifier: record.messageId });
  };
  await eachLimit(event.Records ?? [], RECORD_CONCURRENCY, async (record) => {
    let body: unknown;
    try {
      body = JSON.parse(record.body);
    } catch {
      fail(record, 'message body is not JSON (it will end in the dead-letter queue)');
      return;
    }
    try {
      await run({
        messageId: record.messageId,
        body,
        receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1),
        maxReceiveCount: def.maxReceiveCount,
      });
    } catch (error) {
      fail(record, 'message failed', error);
    }
  });
  return { batchItemFailures: failures };
}

/** The consumer of manifest queue `name` (ReportBatchItemFailures): middy with the logger's context and the metrics' flush. */
export function queueHandler(name: string, run: (message: QueueMessage) => Promise<void>) {
  const def = queueDef(name);
  return middy(async (event: SQSEvent) => handleQueueRecords(def, event, run))
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(metricsFlush());
}
