/**
 * The local stand-in for Lambda's DynamoDB Stream event source mappings: polls DynamoDB Local's
 * stream of the table and calls each consumer of the manifest (`streamConsumers`) with the same
 * DynamoDBStreamEvent shape Lambda sends, records filtered by the consumer's event filter pattern.
 *
 * Delivery follows `streamDelivery` as the mapping does in AWS: records in stream order per
 * shard, batches of `batchSize`; a handler that throws has its batch bisected and retried; a
 * `batchItemFailures` answer retries from the first failed record; after `maxRetries` (or past
 * `maxRecordAgeSeconds`) the records are dead-lettered (logged, kept in `deadLetters` and in
 * streams-dead-letters.json) and the consumer moves on. Each consumer keeps its own checkpoint
 * (the last sequence number handled per shard) in streams.json, so a restart on the same data
 * resumes where it stopped; records handled but not yet checkpointed when the process dies are
 * delivered again, which idempotent consumers make harmless (as Lambda's at-least-once delivery).
 *
 * One watcher reads the tail of the stream every poll interval and wakes the consumers when records
 * arrive; a caught-up consumer waits for that (or `IDLE_PASS_MS`) instead of polling on its own, so
 * an idle local cloud makes a few stream reads a second rather than two per consumer per poll.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as SdkRecord,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { type FilterPattern, filterPattern, matchesPattern } from '../../functions/src/lib/stream-filter.ts';
import type { StreamConsumerDef, streamDelivery } from '../../functions/src/manifest.ts';
import type { Log } from './log.ts';

/** manifest.ts `streamDelivery`, widened so tests can pass their own. */
export type StreamDelivery = {
  -readonly [K in keyof typeof streamDelivery]: (typeof streamDelivery)[K] extends number ? number : boolean;
};

export interface DeadLetter {
  consumer: string;
  shardId: string;
  firstSequenceNumber: string;
  lastSequenceNumber: string;
  records: number;
  reason: string;
  at: string;
}

export interface StreamPollerOptions {
  endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  streamArn: string;
  consumers: readonly StreamConsumerDef[];
  delivery: StreamDelivery;
  invoke: (handler: string, event: DynamoDBStreamEvent) => Promise<unknown>;
  /** streams.json (checkpoints); null keeps them in memory. Dead letters go beside it. */
  checkpointFile: string | null;
  log: Log;
  /** Default DEFAULT_POLL_MS. */
  pollMs?: number;
  /** First pause before retrying a failed batch; doubles with every retry, at most 2 s. */
  retryBaseMs?: number;
}

interface ShardState {
  /** The last sequence number handled (delivered, filtered out or dead-lettered). */
  seq?: string;
  /** The shard is closed and every record of it was handled. */
  done?: boolean;
}

interface Checkpoints {
  streamArn: string;
  consumers: Record<string, Record<string, ShardState>>;
}

interface ConsumerRun {
  def: StreamConsumerDef;
  pattern: FilterPattern;
  shards: Record<string, ShardState>;
  /** Cached iterators, continuing after the last record read. */
  iterators: Map<string, string>;
  started: number;
  completed: number;
  /** The watcher's generation when the last pass started: a newer one means records came meanwhile. */
  seenGeneration: number;
  wake?: () => void;
  loop?: Promise<void>;
}

export type DeliveredListener = (handler: string, records: readonly DynamoDBRecord[], at: number) => void;

/** Pause between the watcher's reads of a caught-up stream (Lambda polls a shard about 4 times a second). */
export const DEFAULT_POLL_MS = 100;
/** A caught-up consumer passes again after this even when the watcher saw nothing (a safety net). */
export const IDLE_PASS_MS = 5_000;
/** How often the watcher lists the shards again (new shards also show as the end of an old one). */
const SHARD_LIST_MS = 5_000;
/** The watcher reads up to GetRecords' maximum at once (it only needs to know something came). */
const WATCH_LIMIT = 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An SDK stream record in the shape Lambda delivers (creation time in epoch seconds, source ARN). */
export function lambdaRecord(record: SdkRecord, streamArn: string): DynamoDBRecord {
  const { ApproximateCreationDateTime, ...dynamodb } = record.dynamodb ?? {};
  return {
    ...(record as Omit<SdkRecord, 'dynamodb'>),
    eventSourceARN: streamArn,
    dynamodb: {
      ...(dynamodb as NonNullable<DynamoDBRecord['dynamodb']>),
      ...(ApproximateCreationDateTime
        ? { ApproximateCreationDateTime: Math.floor(ApproximateCreationDateTime.getTime() / 1000) }
        : {}),
    },
  } as DynamoDBRecord;
}

const seqOf = (r: DynamoDBRecord) => r.dynamodb?.SequenceNumber ?? '';

export class StreamPoller {
  readonly deadLetters: DeadLetter[] = [];
  private readonly client: DynamoDBStreamsClient;
  private readonly runs: ConsumerRun[];
  private readonly listeners = new Set<DeliveredListener>();
  private readonly deadLetterFile: string | null;
  private stopped = true;
  private paused = false;
  /** Counts the watcher's sightings of new records. */
  private generation = 0;
  /** Stream API calls made (the cost of polling, shown at /_local/streams). */
  private requests = 0;
  private watcher?: Promise<void>;
  private wakeWatcher?: () => void;

  constructor(private readonly opts: StreamPollerOptions) {
    this.client = new DynamoDBStreamsClient({
      endpoint: opts.endpoint,
      region: opts.region,
      credentials: opts.credentials,
    });
    this.client.middlewareStack.add(
      (next) => (args) => {
        this.requests += 1;
        return next(args);
      },
      { step: 'initialize', name: 'countRequests' },
    );
    this.deadLetterFile = opts.checkpointFile
      ? opts.checkpointFile.replace(/\.json$/, '-dead-letters.json')
      : null;
    const saved = this.readCheckpoints();
    this.runs = opts.consumers.map((def) => ({
      def,
      pattern: filterPattern(def.filter),
      shards: saved?.consumers[def.handler] ?? {},
      iterators: new Map(),
      started: 0,
      completed: 0,
      seenGeneration: 0,
    }));
    if (this.deadLetterFile && existsSync(this.deadLetterFile)) {
      this.deadLetters.push(...(JSON.parse(readFileSync(this.deadLetterFile, 'utf8')) as DeadLetter[]));
    }
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.watcher = this.watch();
    for (const run of this.runs) run.loop = this.loop(run);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeWatcher?.();
    for (const run of this.runs) run.wake?.();
    await Promise.all([this.watcher, ...this.runs.map((run) => run.loop)]);
    this.client.destroy();
  }

  /** Holds deliveries after the current pass (benchmarks meter a request without its consumers). */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    for (const run of this.runs) run.wake?.();
  }

  /** Called after every successful delivery (benchmarks time the pipeline with it). */
  onDelivered(listener: DeliveredListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once every record written before the call was handled (delivered or dead-lettered). */
  async drain(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    // A pass that starts after this call reads every shard until it is empty.
    const targets = this.runs.map((run) => run.started + 1);
    for (const run of this.runs) run.wake?.();
    while (this.runs.some((run, i) => run.completed < (targets[i] as number))) {
      if (this.stopped) throw new Error('the stream poller is stopped');
      if (Date.now() > deadline) throw new Error(`stream consumers did not catch up in ${timeoutMs} ms`);
      await sleep(5);
    }
  }

  /** Checkpoints and dead letters, for /_local/streams. */
  state() {
    return {
      streamArn: this.opts.streamArn,
      requests: this.requests,
      consumers: Object.fromEntries(this.runs.map((r) => [r.def.handler, r.shards])),
      deadLetters: this.deadLetters,
    };
  }

  private readCheckpoints(): Checkpoints | null {
    const file = this.opts.checkpointFile;
    if (!file || !existsSync(file)) return null;
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Checkpoints;
    // A table created again has a new stream: its old checkpoints mean nothing.
    return saved.streamArn === this.opts.streamArn ? saved : null;
  }

  private saveCheckpoints(): void {
    const file = this.opts.checkpointFile;
    if (!file) return;
    const data: Checkpoints = {
      streamArn: this.opts.streamArn,
      consumers: Object.fromEntries(this.runs.map((r) => [r.def.handler, r.shards])),
    };
    writeFileSync(`${file}.tmp`, JSON.stringify(data, null, 1));
    renameSync(`${file}.tmp`, file);
  }

  private async loop(run: ConsumerRun): Promise<void> {
    while (!this.stopped) {
      if (this.paused) {
        await this.idle(run);
        continue;
      }
      run.started += 1;
      run.seenGeneration = this.generation;
      let read = 0;
      try {
        read = await this.pass(run);
      } catch (error) {
        if (this.stopped) break;
        this.opts.log.warn(`stream poller (${run.def.handler}): polling failed, retrying`, error);
        run.iterators.clear();
        await sleep(this.opts.pollMs ?? DEFAULT_POLL_MS);
        continue;
      }
      run.completed = run.started;
      // Caught up: wait for the watcher, unless it saw records while this pass ran.
      if (read === 0 && !this.stopped && run.seenGeneration === this.generation) {
        await this.idle(run, IDLE_PASS_MS);
      }
    }
  }

  /** Sleeps `ms` (one poll interval by default), or until woken (new records, drain, resume, stop). */
  private async idle(run: ConsumerRun, ms = this.opts.pollMs ?? DEFAULT_POLL_MS): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      run.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    run.wake = undefined;
  }

  /**
   * The watcher: reads past the newest record of every open shard each poll interval and wakes the
   * consumers when there is something new. It only signals; each consumer reads from its own
   * checkpoint, so a record the watcher misses is still delivered (at the latest after IDLE_PASS_MS).
   */
  private async watch(): Promise<void> {
    const iterators = new Map<string, string>();
    const last = new Map<string, string>();
    let shards: Shard[] = [];
    let listedAt = 0;
    while (!this.stopped) {
      try {
        if (Date.now() - listedAt >= SHARD_LIST_MS) {
          shards = (await this.listShards()).filter((s) => !s.SequenceNumberRange?.EndingSequenceNumber);
          listedAt = Date.now();
        }
        let fresh = false;
        for (const shard of shards) {
          const id = shard.ShardId as string;
          let iterator = iterators.get(id);
          if (!iterator) {
            ({ ShardIterator: iterator } = await this.shardIterator(id, last.get(id)));
          }
          if (!iterator) continue;
          let page: Awaited<ReturnType<typeof this.getRecords>>;
          try {
            page = await this.getRecords(iterator, WATCH_LIMIT);
          } catch (error) {
            // A stale iterator (see `pass`): take a new one after the last record seen.
            iterators.delete(id);
            const name = (error as Error).name;
            if (name === 'TrimmedDataAccessException' || name === 'ExpiredIteratorException') continue;
            throw error;
          }
          const records = page.Records ?? [];
          if (records.length > 0) {
            fresh = true;
            last.set(id, records.at(-1)?.dynamodb?.SequenceNumber ?? '');
          }
          if (page.NextShardIterator) iterators.set(id, page.NextShardIterator);
          else {
            // The shard closed: its children show in the next listing.
            iterators.delete(id);
            listedAt = 0;
          }
        }
        if (fresh) {
          this.generation += 1;
          for (const run of this.runs) run.wake?.();
        }
      } catch (error) {
        if (this.stopped) break;
        this.opts.log.warn('stream poller (watcher): reading the stream failed, retrying', error);
        iterators.clear();
        listedAt = 0;
      }
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.opts.pollMs ?? DEFAULT_POLL_MS);
        this.wakeWatcher = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeWatcher = undefined;
    }
  }

  private async listShards(): Promise<Shard[]> {
    const shards: Shard[] = [];
    let start: string | undefined;
    do {
      const { StreamDescription } = await this.client.send(
        new DescribeStreamCommand({
          StreamArn: this.opts.streamArn,
          ...(start ? { ExclusiveStartShardId: start } : {}),
        }),
      );
      shards.push(...(StreamDescription?.Shards ?? []));
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
    return shards;
  }

  /** Reads every shard (parents before children) until it is empty; returns the records read. */
  private async pass(run: ConsumerRun): Promise<number> {
    const shards = await this.listShards();
    const known = new Set(shards.map((s) => s.ShardId));
    let read = 0;
    for (const shard of shards) {
      const id = shard.ShardId as string;
      const parent = shard.ParentShardId;
      if (run.shards[id]?.done) continue;
      if (parent && known.has(parent) && !run.shards[parent]?.done) continue;
      for (;;) {
        if (this.stopped) return read;
        const cached = run.iterators.has(id);
        const iterator = await this.iterator(run, id);
        if (!iterator) {
          run.shards[id] = { ...run.shards[id], done: true };
          this.saveCheckpoints();
          break;
        }
        let page: Awaited<ReturnType<typeof this.getRecords>>;
        try {
          page = await this.getRecords(iterator);
        } catch (error) {
          // A kept iterator that went stale (DynamoDB Local reports one taken on an empty shard as
          // trimmed once records arrive; AWS expires them after 15 minutes): take a new one from
          // the checkpoint.
          const name = (error as Error).name;
          if (cached && (name === 'TrimmedDataAccessException' || name === 'ExpiredIteratorException')) {
            run.iterators.delete(id);
            continue;
          }
          throw error;
        }
        const records = (page.Records ?? []).map((r) => lambdaRecord(r, this.opts.streamArn));
        if (page.NextShardIterator) run.iterators.set(id, page.NextShardIterator);
        else run.iterators.delete(id);
        if (records.length > 0) {
          read += records.length;
          const wanted = records.filter((r) => matchesPattern(run.pattern, r));
          if (wanted.length > 0) await this.deliver(run, id, wanted, this.opts.delivery.maxRetries, 0);
          // Stopped mid-batch: no checkpoint, the batch comes again after the restart.
          if (this.stopped) return read;
          run.shards[id] = { ...run.shards[id], seq: seqOf(records.at(-1) as DynamoDBRecord) };
          this.saveCheckpoints();
        }
        if (!page.NextShardIterator) {
          run.shards[id] = { ...run.shards[id], done: true };
          this.saveCheckpoints();
          break;
        }
        if (records.length === 0) break;
      }
    }
    return read;
  }

  private getRecords(iterator: string, limit: number = this.opts.delivery.batchSize) {
    return this.client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: limit }));
  }

  /** An iterator after `after`, or from the oldest record kept. */
  private shardIterator(shardId: string, after: string | undefined) {
    return this.client.send(
      new GetShardIteratorCommand({
        StreamArn: this.opts.streamArn,
        ShardId: shardId,
        ...(after
          ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after }
          : { ShardIteratorType: 'TRIM_HORIZON' }),
      }),
    );
  }

  private async iterator(run: ConsumerRun, shardId: string): Promise<string | undefined> {
    const cached = run.iterators.get(shardId);
    if (cached) return cached;
    const seq = run.shards[shardId]?.seq;
    try {
      return (await this.shardIterator(shardId, seq)).ShardIterator;
    } catch (error) {
      // The checkpoint fell off the stream's 24 hours: start from the oldest record kept.
      if (seq && (error as Error).name === 'TrimmedDataAccessException') {
        this.opts.log.warn(
          `stream poller (${run.def.handler}): checkpoint trimmed, reading from the oldest record`,
        );
        return (await this.shardIterator(shardId, undefined)).ShardIterator;
      }
      throw error;
    }
  }

  /** Delivers one batch with Lambda's behaviour: bisect on error, retry from a reported failure. */
  private async deliver(
    run: ConsumerRun,
    shardId: string,
    batch: DynamoDBRecord[],
    retriesLeft: number,
    attempt: number,
  ): Promise<void> {
    const { maxRecordAgeSeconds, bisectOnError } = this.opts.delivery;
    const oldest = Date.now() / 1000 - maxRecordAgeSeconds;
    const stale = batch.filter((r) => (r.dynamodb?.ApproximateCreationDateTime ?? Infinity) < oldest);
    if (stale.length > 0) this.deadLetter(run, shardId, stale, 'maximum record age exceeded');
    const records = batch.filter((r) => !stale.includes(r));
    if (records.length === 0 || this.stopped) return;

    let failedFrom: number;
    let reason: string;
    try {
      const answer = (await this.opts.invoke(run.def.handler, { Records: records })) as
        | DynamoDBBatchResponse
        | undefined;
      const failed = new Set((answer?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      if (failed.size === 0) {
        const at = performance.now();
        for (const listener of this.listeners) listener(run.def.handler, records, at);
        return;
      }
      failedFrom = records.findIndex((r) => failed.has(seqOf(r)));
      // An identifier that names no record of the batch fails the whole batch, as in Lambda.
      if (failedFrom < 0) failedFrom = 0;
      reason = 'batch item failure';
      const done = records.slice(0, failedFrom);
      if (done.length > 0) {
        const at = performance.now();
        for (const listener of this.listeners) listener(run.def.handler, done, at);
      }
    } catch (error) {
      if (bisectOnError && records.length > 1) {
        const half = Math.ceil(records.length / 2);
        await this.deliver(run, shardId, records.slice(0, half), retriesLeft, attempt);
        await this.deliver(run, shardId, records.slice(half), retriesLeft, attempt);
        return;
      }
      failedFrom = 0;
      reason = `handler error: ${(error as Error).message}`;
    }
    const rest = records.slice(failedFrom);
    if (retriesLeft <= 0) {
      this.deadLetter(run, shardId, rest, reason);
      return;
    }
    await sleep(Math.min(2000, (this.opts.retryBaseMs ?? 100) * 2 ** attempt));
    await this.deliver(run, shardId, rest, retriesLeft - 1, attempt + 1);
  }

  private deadLetter(run: ConsumerRun, shardId: string, records: DynamoDBRecord[], reason: string): void {
    const letter: DeadLetter = {
      consumer: run.def.handler,
      shardId,
      firstSequenceNumber: seqOf(records[0] as DynamoDBRecord),
      lastSequenceNumber: seqOf(records.at(-1) as DynamoDBRecord),
      records: records.length,
      reason,
      at: new Date().toISOString(),
    };
    this.deadLetters.push(letter);
    this.opts.log.error(`stream consumer ${run.def.handler}: records dead-lettered`, letter);
    if (this.deadLetterFile) writeFileSync(this.deadLetterFile, JSON.stringify(this.deadLetters, null, 1));
  }
}
