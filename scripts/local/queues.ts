/**
 * The local stand-in for Lambda's SQS event source mappings: for a manifest queue, pollers that
 * receive through the SQS API (the real SDK client against the SQS stand-in, sqs.ts), invoke the
 * queue's handler with the SQSEvent Lambda sends, and delete what the handler did not report in
 * `batchItemFailures`. As in AWS: a reported message is left to come back after the visibility
 * timeout (its receive count one higher), a handler that throws (or answers an identifier that is
 * not in the batch) fails the whole batch, at most `maxConcurrency` invocations run at once, and a
 * message received `maxReceiveCount` times goes to the dead-letter queue (the stand-in's redrive).
 *
 * The local cloud runs one `QueuePoller` per queue in its own process; `queue-worker.ts` runs the
 * same poller in a separate process (a worker the benchmark can kill).
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import {
  QUEUE_MAX_MESSAGE_BYTES,
  type QueueDef,
  queueNames,
  queueVisibilityTimeoutSeconds,
} from '../../functions/src/manifest.ts';
import { sendJson } from './http-util.ts';
import type { Log } from './log.ts';
import type { SqsStandIn } from './sqs.ts';

export interface QueuePollerOptions {
  /** AWS_ENDPOINT_URL_SQS of the local cloud. */
  endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  def: QueueDef;
  queueUrl: string;
  queueArn: string;
  invoke: (handler: string, event: SQSEvent) => Promise<unknown>;
  log: Log;
  /** Long poll of each receive, seconds (Lambda's pollers use 20). */
  waitTimeSeconds?: number;
}

const MAX_RECEIVE = 10;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An SDK message in the shape Lambda delivers to an SQS consumer. */
export function lambdaSqsRecord(message: Message, queueArn: string, region: string): SQSRecord {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? '',
      SenderId: attributes.SenderId ?? '',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? '',
    },
    messageAttributes: {},
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: region,
  };
}

/** The messages of a batch to delete after an invocation: all but the reported ones; none when it failed as a whole. */
export function toDelete(records: readonly SQSRecord[], answer: unknown): SQSRecord[] {
  const failures = (answer as SQSBatchResponse | undefined)?.batchItemFailures ?? [];
  const ids = new Set(records.map((r) => r.messageId));
  // An identifier that is empty or names no record of the batch fails the whole batch, as in Lambda.
  if (failures.some((f) => !f?.itemIdentifier || !ids.has(f.itemIdentifier))) return [];
  const failed = new Set(failures.map((f) => f.itemIdentifier));
  return records.filter((r) => !failed.has(r.messageId));
}

export class QueuePoller {
  private readonly client: SQSClient;
  private readonly abort = new AbortController();
  private loops: Promise<void>[] = [];
  private running = 0;
  private stopped = true;
  /** Invocations so far, and how many ended with every record done. */
  readonly stats = { invocations: 0, failedBatches: 0, deleted: 0 };

  constructor(private readonly opts: QueuePollerOptions) {
    if (opts.def.batchSize < 1 || opts.def.batchSize > MAX_RECEIVE) {
      // Larger batches need a batching window (MaximumBatchingWindowInSeconds), which no queue uses.
      throw new Error(`Queue ${opts.def.name}: batchSize must be 1-${MAX_RECEIVE}`);
    }
    this.client = new SQSClient({
      endpoint: opts.endpoint,
      region: opts.region,
      credentials: opts.credentials,
      // The SDK's own retries would hide the stand-in's answers; the loop retries instead.
      maxAttempts: 1,
    });
  }

  /** Invocations running now. */
  get busy(): number {
    return this.running;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loops = Array.from({ length: this.opts.def.maxConcurrency }, () => this.loop());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await Promise.all(this.loops);
    this.client.destroy();
  }

  /** One of `maxConcurrency` pollers: receive, invoke, delete the done ones. */
  private async loop(): Promise<void> {
    const { def, queueUrl } = this.opts;
    while (!this.stopped) {
      let messages: Message[];
      try {
        const answer = await this.client.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: def.batchSize,
            WaitTimeSeconds: this.opts.waitTimeSeconds ?? 20,
            MessageSystemAttributeNames: ['All'],
          }),
          { abortSignal: this.abort.signal },
        );
        messages = answer.Messages ?? [];
      } catch (error) {
        if (this.stopped) return;
        this.opts.log.warn(`queue poller (${def.name}): receive failed, retrying`, error);
        await sleep(500);
        continue;
      }
      if (messages.length === 0) continue;
      await this.deliver(messages);
    }
  }

  private async deliver(messages: Message[]): Promise<void> {
    const { def, queueArn, queueUrl, region } = this.opts;
    const records = messages.map((m) => lambdaSqsRecord(m, queueArn, region));
    this.running += 1;
    this.stats.invocations += 1;
    let done: SQSRecord[];
    try {
      done = toDelete(records, await this.opts.invoke(def.handler, { Records: records }));
    } catch (error) {
      this.opts.log.warn(
        `queue consumer ${def.handler}: the batch failed (it comes back after the visibility timeout)`,
        error,
      );
      done = [];
    } finally {
      this.running -= 1;
    }
    if (done.length < records.length) this.stats.failedBatches += 1;
    if (done.length === 0) return;
    try {
      const { Failed = [] } = await this.client.send(
        new DeleteMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: done.map((r, i) => ({ Id: String(i), ReceiptHandle: r.receiptHandle })),
        }),
      );
      this.stats.deleted += done.length - Failed.length;
      if (Failed.length > 0)
        this.opts.log.warn(`queue poller (${def.name}): ${Failed.length} deletes failed`, Failed);
    } catch (error) {
      // Not deleted: the messages come back after the visibility timeout (the consumer is idempotent).
      this.opts.log.warn(`queue poller (${def.name}): delete failed`, error);
    }
  }
}

export interface LocalQueuesOptions {
  sqs: SqsStandIn;
  defs: readonly QueueDef[];
  /** `kinoko-<stage>`: queue names as in AWS (manifest `queueNames`). */
  namePrefix: string;
  endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  invoke: (handler: string, event: SQSEvent) => Promise<unknown>;
  log: Log;
  /** Every queue's visibility timeout, seconds, instead of 6 x its consumer's timeout (tests, benchmarks). */
  visibilityTimeoutSeconds?: number;
  /** Queues whose messages no in-process poller takes (queue-worker.ts processes do). */
  externalWorkers?: readonly string[];
  /** Long poll of the in-process pollers, seconds. */
  waitTimeSeconds?: number;
}

export interface LocalQueue {
  def: QueueDef;
  name: string;
  url: string;
  arn: string;
  deadLetterName: string;
  visibilityTimeout: number;
  poller?: QueuePoller;
}

/** The manifest's queues in the SQS stand-in (each with its DLQ and redrive policy), and their pollers. */
export class LocalQueues {
  readonly queues: LocalQueue[];

  constructor(private readonly opts: LocalQueuesOptions) {
    this.queues = opts.defs.map((def) => {
      const names = queueNames(opts.namePrefix, def.name);
      const visibilityTimeout = opts.visibilityTimeoutSeconds ?? queueVisibilityTimeoutSeconds(def);
      opts.sqs.createQueue(names.deadLetters, {
        visibilityTimeout,
        messageRetentionPeriod: 14 * 86_400,
        maximumMessageSize: QUEUE_MAX_MESSAGE_BYTES,
      });
      const url = opts.sqs.createQueue(names.queue, {
        visibilityTimeout,
        maximumMessageSize: QUEUE_MAX_MESSAGE_BYTES,
        redrivePolicy: {
          deadLetterTargetArn: opts.sqs.queueArn(names.deadLetters),
          maxReceiveCount: def.maxReceiveCount,
        },
      });
      return {
        def,
        name: names.queue,
        url,
        arn: opts.sqs.queueArn(names.queue),
        deadLetterName: names.deadLetters,
        visibilityTimeout,
      };
    });
  }

  start(): void {
    for (const queue of this.queues) {
      if (this.opts.externalWorkers?.includes(queue.def.name)) continue;
      queue.poller = new QueuePoller({
        endpoint: this.opts.endpoint,
        region: this.opts.region,
        credentials: this.opts.credentials,
        def: queue.def,
        queueUrl: queue.url,
        queueArn: queue.arn,
        invoke: this.opts.invoke,
        log: this.opts.log,
        ...(this.opts.waitTimeSeconds !== undefined ? { waitTimeSeconds: this.opts.waitTimeSeconds } : {}),
      });
      queue.poller.start();
    }
  }

  async stop(): Promise<void> {
    this.opts.sqs.stop();
    await Promise.all(this.queues.map((q) => q.poller?.stop()));
  }

  /** Each queue's counts and pollers, its DLQ's counts and messages (GET /_local/queues). */
  state() {
    return {
      queues: this.queues.map((q) => {
        const { visible, inFlight, delayed, visibilityTimeout } = this.opts.sqs.inspect(q.name);
        return {
          name: q.def.name,
          handler: q.def.handler,
          url: q.url,
          arn: q.arn,
          visibilityTimeout,
          maxReceiveCount: q.def.maxReceiveCount,
          visible,
          inFlight,
          delayed,
          poller: q.poller ? { running: q.poller.busy, ...q.poller.stats } : 'external',
          deadLetters: this.opts.sqs.inspect(q.deadLetterName, true),
        };
      }),
    };
  }

  /** What a queue-worker.ts process needs: the handlers' env comes from the cloud, the queues from here. */
  workerConfig(env: Record<string, string>) {
    return {
      env,
      queues: this.queues.map((q) => ({ def: q.def, url: q.url, arn: q.arn })),
    };
  }

  /** Resolves once every queue is empty: nothing visible, delayed or in flight (failed messages retried or dead-lettered). */
  async drain(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const busy = this.queues.filter((q) => {
        const s = this.opts.sqs.inspect(q.name);
        return s.visible + s.inFlight + s.delayed > 0 || (q.poller?.busy ?? 0) > 0;
      });
      if (busy.length === 0) return;
      if (Date.now() > deadline) {
        throw new Error(`queues not drained in ${timeoutMs} ms: ${busy.map((q) => q.def.name).join(', ')}`);
      }
      await sleep(20);
    }
  }

  /** GET /_local/queues, POST /_local/queues/drain[?timeoutMs=], GET /_local/queues/worker.json. */
  async route(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    search: URLSearchParams,
    env: Record<string, string>,
  ): Promise<void> {
    if (path === '/_local/queues/drain' && req.method === 'POST') {
      const timeout = Number(search.get('timeoutMs') ?? 60_000);
      try {
        await this.drain(Number.isFinite(timeout) ? timeout : 60_000);
      } catch (error) {
        sendJson(res, 503, { message: (error as Error).message, ...this.state() });
        return;
      }
      sendJson(res, 200, this.state());
      return;
    }
    if (path === '/_local/queues/worker.json' && req.method === 'GET') {
      sendJson(res, 200, this.workerConfig(env));
      return;
    }
    if (path === '/_local/queues' && req.method === 'GET') {
      sendJson(res, 200, this.state());
      return;
    }
    sendJson(res, 404, { message: 'Not Found' });
  }
}
