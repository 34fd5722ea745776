/**
 * The SQS stand-in at /_local/sqs (`AWS_ENDPOINT_URL_SQS`), speaking the protocol of the installed
 * `@aws-sdk/client-sqs` (3.1169: AWS JSON 1.0, `POST /` with `X-Amz-Target: AmazonSQS.<Action>`,
 * errors as `{__type, message}` with the query-compatible `x-amzn-query-error: <Code>;Sender`
 * header the SDK turns into its exception classes). Every call must carry a valid SigV4 signature
 * of the local credentials for service `sqs` (sigv4.ts), as AWS requires.
 *
 * Standard queues, as the service behaves: a received message is invisible for the visibility
 * timeout, then visible again with a new receipt handle and a receive count one higher; a message
 * received `maxReceiveCount` times that is due again moves to the dead-letter queue of its redrive
 * policy at the next receive; long polling waits up to `WaitTimeSeconds` for a message. The
 * service's refusals with its codes: batches of 0 or more than 10 entries, repeated or malformed
 * entry ids, a batch over 1 MiB, a body over the queue's MaximumMessageSize or with characters
 * outside XML's set, an unknown queue, an unknown receipt handle, an expired one for a visibility
 * change, a second purge within 60 s. Queues live in memory (a restart empties them).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOCAL_ACCOUNT_ID as LOCAL_ACCOUNT } from './env.ts';
import { readBody, sendJson } from './http-util.ts';
import { verifySigV4Header } from './sigv4.ts';

const MAX_BATCH_ENTRIES = 10;
const MAX_BATCH_BYTES = 1_048_576;
const MAX_WAIT_SECONDS = 20;
const MAX_VISIBILITY_SECONDS = 43_200;
const PURGE_INTERVAL_MS = 60_000;
const SIGNATURE_SKEW_MS = 15 * 60_000;
const BATCH_ID = /^[A-Za-z0-9_-]{1,80}$/;
/** The first character SQS refuses in a body (outside XML 1.0's Char production), or undefined. */
function invalidCharacter(body: string): number | undefined {
  for (const char of body) {
    const c = char.codePointAt(0) ?? 0;
    const allowed =
      c === 0x9 ||
      c === 0xa ||
      c === 0xd ||
      (c >= 0x20 && c <= 0xd7ff) ||
      (c >= 0xe000 && c <= 0xfffd) ||
      (c >= 0x10000 && c <= 0x10ffff);
    if (!allowed) return c;
  }
  return undefined;
}

export interface QueueAttributesInput {
  /** Seconds. */
  visibilityTimeout: number;
  /** Seconds (default 4 days). */
  messageRetentionPeriod?: number;
  /** Bytes (default 1 MiB, as for a new queue in AWS). */
  maximumMessageSize?: number;
  redrivePolicy?: { deadLetterTargetArn: string; maxReceiveCount: number };
}

interface StoredMessage {
  messageId: string;
  body: string;
  md5: string;
  sentAt: number;
  visibleAt: number;
  receiveCount: number;
  firstReceiveAt?: number;
  /** The latest receipt handle (only it deletes the message or changes its visibility). */
  handle?: string;
  /** The current receipt handle stops being valid for visibility changes at this time. */
  handleExpiresAt?: number;
}

interface Queue {
  name: string;
  url: string;
  arn: string;
  createdAt: number;
  attributes: Required<Omit<QueueAttributesInput, 'redrivePolicy'>> &
    Pick<QueueAttributesInput, 'redrivePolicy'>;
  messages: Map<string, StoredMessage>;
  lastPurgeAt?: number;
  waiters: Set<() => void>;
}

/** What a handle names (the handle itself is opaque to clients, as in AWS). */
interface Handle {
  queue: string;
  messageId: string;
}

class SqsError extends Error {
  constructor(
    readonly status: number,
    /** The modelled shape (`__type`), e.g. QueueDoesNotExist. */
    readonly type: string,
    /** The query-compatible code (`x-amzn-query-error`), e.g. AWS.SimpleQueueService.NonExistentQueue. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const invalidParameter = (message: string) =>
  new SqsError(400, 'InvalidParameterValue', 'InvalidParameterValue', message);
const queueDoesNotExist = () =>
  new SqsError(
    400,
    'QueueDoesNotExist',
    'AWS.SimpleQueueService.NonExistentQueue',
    'The specified queue does not exist.',
  );
const invalidHandle = (handle: string) =>
  new SqsError(
    404,
    'ReceiptHandleIsInvalid',
    'ReceiptHandleIsInvalid',
    `The input receipt handle "${handle}" is not a valid receipt handle.`,
  );

/** The refusal of a body, or null: empty, characters outside XML's set, longer than the queue allows. */
function bodyProblem(body: unknown, maximumMessageSize: number): SqsError | null {
  if (typeof body !== 'string' || body.length === 0) {
    return new SqsError(
      400,
      'MissingParameter',
      'MissingParameter',
      'The request must contain the parameter MessageBody.',
    );
  }
  const bad = invalidCharacter(body);
  if (bad !== undefined) {
    const code = bad.toString(16).toUpperCase();
    return new SqsError(
      400,
      'InvalidMessageContents',
      'InvalidMessageContents',
      `Invalid binary character '#x${code}' was found in the message body, the set of allowed characters is #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF`,
    );
  }
  if (Buffer.byteLength(body) > maximumMessageSize) {
    return invalidParameter(
      `One or more parameters are invalid. Reason: Message must be shorter than ${maximumMessageSize} bytes.`,
    );
  }
  return null;
}

function integerIn(value: unknown, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalidParameter(
      `Value ${String(value)} for parameter ${name} is invalid. Reason: Must be between ${min} and ${max}.`,
    );
  }
  return value;
}

type Json = Record<string, unknown>;

export interface SqsStandInOptions {
  /** The origin and path the queue URLs start with, e.g. http://localhost:3000/_local/sqs. */
  baseUrl: string;
  region: string;
  /** Access key id -> secret key: the credentials a request must be signed with. */
  secrets: ReadonlyMap<string, string>;
}

export class SqsStandIn {
  private readonly queues = new Map<string, Queue>();
  private readonly handles = new Map<string, Handle>();
  /** Handles of deleted or redelivered messages: deleting with them succeeds and does nothing, as in AWS. */
  private readonly spent = new Set<string>();
  private stopped = false;

  constructor(private readonly opts: SqsStandInOptions) {}

  queueUrl(name: string): string {
    return `${this.opts.baseUrl}/${LOCAL_ACCOUNT}/${name}`;
  }

  queueArn(name: string): string {
    return `arn:aws:sqs:${this.opts.region}:${LOCAL_ACCOUNT}:${name}`;
  }

  /** Creates the queue (or keeps the existing one, attributes updated); answers its URL. */
  createQueue(name: string, attributes: QueueAttributesInput): string {
    const full = {
      messageRetentionPeriod: 345_600,
      maximumMessageSize: MAX_BATCH_BYTES,
      ...attributes,
    };
    if (full.redrivePolicy && !this.byArn(full.redrivePolicy.deadLetterTargetArn)) {
      throw new Error(`Dead-letter queue ${full.redrivePolicy.deadLetterTargetArn} must be created first`);
    }
    const existing = this.queues.get(name);
    if (existing) {
      existing.attributes = full;
      return existing.url;
    }
    const queue: Queue = {
      name,
      url: this.queueUrl(name),
      arn: this.queueArn(name),
      createdAt: Date.now(),
      attributes: full,
      messages: new Map(),
      waiters: new Set(),
    };
    this.queues.set(name, queue);
    return queue.url;
  }

  /** Counts and (optionally) the messages of a queue, for /_local/queues. */
  inspect(name: string, withMessages = false) {
    const queue = this.queues.get(name);
    if (!queue) throw queueDoesNotExist();
    const now = Date.now();
    this.expire(queue, now);
    const counts = this.counts(queue, now);
    return {
      name,
      url: queue.url,
      arn: queue.arn,
      visibilityTimeout: queue.attributes.visibilityTimeout,
      ...(queue.attributes.redrivePolicy ? { redrivePolicy: queue.attributes.redrivePolicy } : {}),
      visible: counts.visible,
      inFlight: counts.inFlight,
      delayed: counts.delayed,
      ...(withMessages
        ? {
            messages: [...queue.messages.values()].map((m) => ({
              messageId: m.messageId,
              body: m.body,
              receiveCount: m.receiveCount,
              sentAt: new Date(m.sentAt).toISOString(),
            })),
          }
        : {}),
    };
  }

  /** Ends every long poll (their answers are empty) and refuses what follows. */
  stop(): void {
    this.stopped = true;
    for (const queue of this.queues.values()) this.wake(queue);
  }

  /** The HTTP route (POST / of the endpoint). */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = randomUUID();
    const fail = (error: SqsError) =>
      sendJson(
        res,
        error.status,
        { __type: `com.amazonaws.sqs#${error.type}`, message: error.message },
        {
          'x-amzn-requestid': requestId,
          'x-amzn-query-error': `${error.code};Sender`,
          'content-type': 'application/x-amz-json-1.0',
        },
      );
    try {
      if (req.method !== 'POST')
        throw new SqsError(
          400,
          'UnsupportedOperation',
          'AWS.SimpleQueueService.UnsupportedOperation',
          'Only POST requests (the AWS JSON protocol) are served.',
        );
      const raw = await readBody(req);
      this.authenticate(req, raw);
      const target = String(req.headers['x-amz-target'] ?? '');
      const action = target.startsWith('AmazonSQS.') ? target.slice('AmazonSQS.'.length) : '';
      let input: Json;
      try {
        input = JSON.parse(raw.toString('utf8') || '{}') as Json;
      } catch {
        throw new SqsError(
          400,
          'SerializationException',
          'SerializationException',
          'The request body is not JSON.',
        );
      }
      const output = await this.dispatch(action, input, res);
      sendJson(res, 200, output, {
        'x-amzn-requestid': requestId,
        'content-type': 'application/x-amz-json-1.0',
      });
    } catch (error) {
      if (error instanceof SqsError) fail(error);
      else throw error;
    }
  }

  private authenticate(req: IncomingMessage, body: Buffer): void {
    if (!req.headers.authorization) {
      throw new SqsError(
        403,
        'MissingAuthenticationToken',
        'MissingAuthenticationToken',
        'Request is missing Authentication Token',
      );
    }
    const ok = verifySigV4Header({
      method: req.method ?? 'POST',
      url: req.url ?? '/',
      headers: req.headers,
      secrets: this.opts.secrets,
      payloadHash: sha256(body),
      service: 'sqs',
    });
    if (!ok) {
      throw new SqsError(
        403,
        'InvalidSignatureException',
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
      );
    }
    const at = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(String(req.headers['x-amz-date'] ?? ''));
    const [y, mo, d, h, mi, sec] = (at ?? []).slice(1).map(Number);
    const signedAt = at ? Date.UTC(y as number, (mo as number) - 1, d, h, mi, sec) : Number.NaN;
    if (!(Math.abs(Date.now() - signedAt) <= SIGNATURE_SKEW_MS)) {
      throw new SqsError(
        403,
        'InvalidSignatureException',
        'SignatureDoesNotMatch',
        'Signature expired: the request time is more than 15 minutes from the server time.',
      );
    }
  }

  private dispatch(action: string, input: Json, res: ServerResponse): Promise<Json> | Json {
    switch (action) {
      case 'SendMessage':
        return this.sendMessage(input);
      case 'SendMessageBatch':
        return this.sendMessageBatch(input);
      case 'ReceiveMessage':
        return this.receiveMessage(input, res);
      case 'DeleteMessage':
        return this.deleteMessage(input);
      case 'DeleteMessageBatch':
        return this.deleteMessageBatch(input);
      case 'ChangeMessageVisibility':
        return this.changeMessageVisibility(input);
      case 'GetQueueAttributes':
        return this.getQueueAttributes(input);
      case 'GetQueueUrl':
        return this.getQueueUrl(input);
      case 'PurgeQueue':
        return this.purgeQueue(input);
      default:
        throw new SqsError(
          400,
          'UnsupportedOperation',
          'AWS.SimpleQueueService.UnsupportedOperation',
          `${action || 'The action'} is not served by the local SQS stand-in.`,
        );
    }
  }

  /** The queue a QueueUrl names (by account and name, as SQS reads it). */
  private queueOf(input: Json): Queue {
    const url = input.QueueUrl;
    if (typeof url !== 'string' || url === '') {
      throw new SqsError(
        400,
        'MissingParameter',
        'MissingParameter',
        'The request must contain the parameter QueueUrl.',
      );
    }
    const [name, account] = url.split('/').reverse();
    const queue = name ? this.queues.get(name) : undefined;
    if (!queue || account !== LOCAL_ACCOUNT) throw queueDoesNotExist();
    return queue;
  }

  private byArn(arn: string): Queue | undefined {
    return [...this.queues.values()].find((q) => q.arn === arn);
  }

  private enqueue(queue: Queue, body: string, delaySeconds: number): StoredMessage {
    const now = Date.now();
    const message: StoredMessage = {
      messageId: randomUUID(),
      body,
      md5: md5(body),
      sentAt: now,
      visibleAt: now + delaySeconds * 1000,
      receiveCount: 0,
    };
    queue.messages.set(message.messageId, message);
    this.wake(queue);
    return message;
  }

  private checkNoAttributes(entry: Json): void {
    if (entry.MessageAttributes !== undefined || entry.MessageSystemAttributes !== undefined) {
      throw invalidParameter(
        'Message attributes are not served by the local SQS stand-in (the app sends none).',
      );
    }
  }

  private sendMessage(input: Json): Json {
    const queue = this.queueOf(input);
    this.checkNoAttributes(input);
    const problem = bodyProblem(input.MessageBody, queue.attributes.maximumMessageSize);
    if (problem) throw problem;
    const delay = integerIn(input.DelaySeconds, 'DelaySeconds', 0, 900, 0);
    const message = this.enqueue(queue, input.MessageBody as string, delay);
    return { MessageId: message.messageId, MD5OfMessageBody: message.md5 };
  }

  /** The entries of a batch request, refused as SQS refuses them (count, ids). */
  private batchEntries(input: Json, kind: string): Json[] {
    const entries = input.Entries;
    if (!Array.isArray(entries) || entries.length === 0) {
      throw new SqsError(
        400,
        'EmptyBatchRequest',
        'AWS.SimpleQueueService.EmptyBatchRequest',
        `There should be at least one ${kind} in the request.`,
      );
    }
    if (entries.length > MAX_BATCH_ENTRIES) {
      throw new SqsError(
        400,
        'TooManyEntriesInBatchRequest',
        'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
        `Maximum number of entries per request are ${MAX_BATCH_ENTRIES}. You have sent ${entries.length}.`,
      );
    }
    const seen = new Set<string>();
    for (const entry of entries as Json[]) {
      const id = entry?.Id;
      if (typeof id !== 'string' || !BATCH_ID.test(id)) {
        throw new SqsError(
          400,
          'InvalidBatchEntryId',
          'AWS.SimpleQueueService.InvalidBatchEntryId',
          'A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.',
        );
      }
      if (seen.has(id)) {
        throw new SqsError(
          400,
          'BatchEntryIdsNotDistinct',
          'AWS.SimpleQueueService.BatchEntryIdsNotDistinct',
          `Id ${id} repeated.`,
        );
      }
      seen.add(id);
    }
    return entries as Json[];
  }

  private sendMessageBatch(input: Json): Json {
    const queue = this.queueOf(input);
    const entries = this.batchEntries(input, 'SendMessageBatchRequestEntry');
    const total = entries.reduce(
      (n, e) => n + (typeof e.MessageBody === 'string' ? Buffer.byteLength(e.MessageBody) : 0),
      0,
    );
    if (total > MAX_BATCH_BYTES) {
      throw new SqsError(
        400,
        'BatchRequestTooLong',
        'AWS.SimpleQueueService.BatchRequestTooLong',
        `Batch requests cannot be longer than ${MAX_BATCH_BYTES} bytes. You have sent ${total} bytes.`,
      );
    }
    for (const entry of entries) this.checkNoAttributes(entry);
    const Successful: Json[] = [];
    const Failed: Json[] = [];
    for (const entry of entries) {
      const problem = bodyProblem(entry.MessageBody, queue.attributes.maximumMessageSize);
      if (problem) {
        Failed.push({ Id: entry.Id, SenderFault: true, Code: problem.code, Message: problem.message });
        continue;
      }
      let delay: number;
      try {
        delay = integerIn(entry.DelaySeconds, 'DelaySeconds', 0, 900, 0);
      } catch (error) {
        Failed.push({
          Id: entry.Id,
          SenderFault: true,
          Code: 'InvalidParameterValue',
          Message: (error as Error).message,
        });
        continue;
      }
      const message = this.enqueue(queue, entry.MessageBody as string, delay);
      Successful.push({ Id: entry.Id, MessageId: message.messageId, MD5OfMessageBody: message.md5 });
    }
    return { Successful, Failed };
  }

  /** Drops messages past the retention period. */
  private expire(queue: Queue, now: number): void {
    const retention = queue.attributes.messageRetentionPeriod * 1000;
    for (const message of queue.messages.values()) {
      if (now - message.sentAt > retention) queue.messages.delete(message.messageId);
    }
  }

  private counts(queue: Queue, now: number) {
    let visible = 0;
    let inFlight = 0;
    let delayed = 0;
    for (const m of queue.messages.values()) {
      if (m.visibleAt <= now) visible += 1;
      else if (m.receiveCount > 0) inFlight += 1;
      else delayed += 1;
    }
    return { visible, inFlight, delayed };
  }

  /** Takes up to `max` visible messages (redriving those past maxReceiveCount); null when none. */
  private take(queue: Queue, max: number, visibilitySeconds: number): StoredMessage[] {
    const now = Date.now();
    this.expire(queue, now);
    const redrive = queue.attributes.redrivePolicy;
    const taken: StoredMessage[] = [];
    for (const message of queue.messages.values()) {
      if (taken.length >= max) break;
      if (message.visibleAt > now) continue;
      if (redrive && message.receiveCount >= redrive.maxReceiveCount) {
        const dlq = this.byArn(redrive.deadLetterTargetArn);
        queue.messages.delete(message.messageId);
        this.retire(message.handle);
        if (dlq) {
          // As in AWS: the same message (id, body, sent time, receive count) in the DLQ, visible now.
          dlq.messages.set(message.messageId, {
            ...message,
            visibleAt: now,
            handle: undefined,
            handleExpiresAt: undefined,
          });
          this.wake(dlq);
        }
        continue;
      }
      this.retire(message.handle);
      const handle = randomBytes(48).toString('base64');
      this.handles.set(handle, { queue: queue.name, messageId: message.messageId });
      message.handle = handle;
      message.receiveCount += 1;
      message.firstReceiveAt ??= now;
      message.visibleAt = now + visibilitySeconds * 1000;
      message.handleExpiresAt = message.visibleAt;
      taken.push(message);
    }
    if (taken.length > 0) this.armTimer(queue);
    return taken;
  }

  /** A handle no longer current: a delete with it succeeds and does nothing, as in AWS. */
  private retire(handle: string | undefined): void {
    if (!handle) return;
    this.handles.delete(handle);
    this.spent.add(handle);
  }

  /** Wakes the long polls of a queue when its next in-flight message becomes visible again. */
  private armTimer(queue: Queue): void {
    const next = Math.min(
      ...[...queue.messages.values()].map((m) => m.visibleAt).filter((t) => t > Date.now()),
    );
    if (!Number.isFinite(next)) return;
    setTimeout(() => this.wake(queue), next - Date.now() + 1).unref();
  }

  private wake(queue: Queue): void {
    for (const waiter of [...queue.waiters]) waiter();
  }

  private async receiveMessage(input: Json, res: ServerResponse): Promise<Json> {
    const queue = this.queueOf(input);
    const max = integerIn(input.MaxNumberOfMessages, 'MaxNumberOfMessages', 1, MAX_BATCH_ENTRIES, 1);
    const visibility = integerIn(
      input.VisibilityTimeout,
      'VisibilityTimeout',
      0,
      MAX_VISIBILITY_SECONDS,
      queue.attributes.visibilityTimeout,
    );
    const wait = integerIn(input.WaitTimeSeconds, 'WaitTimeSeconds', 0, MAX_WAIT_SECONDS, 0);
    const names = [
      ...(Array.isArray(input.MessageSystemAttributeNames) ? input.MessageSystemAttributeNames : []),
      ...(Array.isArray(input.AttributeNames) ? input.AttributeNames : []),
    ] as string[];
    const deadline = Date.now() + wait * 1000;
    // A client that went away (a killed worker) takes nothing more (the request's body is read already: watch the answer).
    let gone = false;
    res.once('close', () => {
      gone = true;
      this.wake(queue);
    });
    for (;;) {
      const taken = this.take(queue, max, visibility);
      if (taken.length > 0 || this.stopped || gone || Date.now() >= deadline) {
        return taken.length > 0 ? { Messages: taken.map((m) => this.received(m, names)) } : {};
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          queue.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, deadline - Date.now()));
        queue.waiters.add(done);
      });
    }
  }

  private received(m: StoredMessage, names: readonly string[]): Json {
    const all = names.includes('All');
    const values: Record<string, string> = {
      ApproximateReceiveCount: String(m.receiveCount),
      SentTimestamp: String(m.sentAt),
      ApproximateFirstReceiveTimestamp: String(m.firstReceiveAt ?? m.sentAt),
      SenderId: 'AIDALOCALSTANDIN',
    };
    const attributes = Object.fromEntries(Object.entries(values).filter(([k]) => all || names.includes(k)));
    return {
      MessageId: m.messageId,
      ReceiptHandle: m.handle,
      MD5OfBody: m.md5,
      Body: m.body,
      ...(Object.keys(attributes).length > 0 ? { Attributes: attributes } : {}),
    };
  }

  /** The message a receipt handle names; `undefined` when the message is gone or was received again since. */
  private resolveHandle(queue: Queue, handle: unknown): StoredMessage | undefined {
    if (typeof handle !== 'string' || handle === '') {
      throw new SqsError(
        400,
        'MissingParameter',
        'MissingParameter',
        'The request must contain the parameter ReceiptHandle.',
      );
    }
    const named = this.handles.get(handle);
    if (!named || named.queue !== queue.name) {
      // A handle this stand-in never gave (or of another queue); a handle of a message deleted since is forgotten too.
      if (!this.spent.has(handle)) throw invalidHandle(handle);
      return undefined;
    }
    const message = queue.messages.get(named.messageId);
    return message?.handle === handle ? message : undefined;
  }

  private deleteOne(queue: Queue, handle: unknown): void {
    const message = this.resolveHandle(queue, handle);
    if (!message) return;
    queue.messages.delete(message.messageId);
    this.retire(handle as string);
  }

  private deleteMessage(input: Json): Json {
    const queue = this.queueOf(input);
    this.deleteOne(queue, input.ReceiptHandle);
    return {};
  }

  private deleteMessageBatch(input: Json): Json {
    const queue = this.queueOf(input);
    const entries = this.batchEntries(input, 'DeleteMessageBatchRequestEntry');
    const Successful: Json[] = [];
    const Failed: Json[] = [];
    for (const entry of entries) {
      try {
        this.deleteOne(queue, entry.ReceiptHandle);
        Successful.push({ Id: entry.Id });
      } catch (error) {
        const e = error as SqsError;
        Failed.push({ Id: entry.Id, SenderFault: true, Code: e.code, Message: e.message });
      }
    }
    return { Successful, Failed };
  }

  private changeMessageVisibility(input: Json): Json {
    const queue = this.queueOf(input);
    const seconds = integerIn(input.VisibilityTimeout, 'VisibilityTimeout', 0, MAX_VISIBILITY_SECONDS, -1);
    if (seconds < 0) {
      throw new SqsError(
        400,
        'MissingParameter',
        'MissingParameter',
        'The request must contain the parameter VisibilityTimeout.',
      );
    }
    const handle = input.ReceiptHandle as string;
    const message = this.resolveHandle(queue, handle);
    const now = Date.now();
    if (!message) {
      throw invalidParameter(
        `Value ${handle} for parameter ReceiptHandle is invalid. Reason: Message does not exist or is not available for visibility timeout change.`,
      );
    }
    if ((message.handleExpiresAt ?? 0) <= now) {
      throw invalidParameter(
        `Value ${handle} for parameter ReceiptHandle is invalid. Reason: The receipt handle has expired.`,
      );
    }
    message.visibleAt = now + seconds * 1000;
    message.handleExpiresAt = message.visibleAt;
    if (seconds === 0) this.wake(queue);
    else this.armTimer(queue);
    return {};
  }

  private getQueueAttributes(input: Json): Json {
    const queue = this.queueOf(input);
    const now = Date.now();
    this.expire(queue, now);
    const counts = this.counts(queue, now);
    const a = queue.attributes;
    const values: Record<string, string> = {
      QueueArn: queue.arn,
      ApproximateNumberOfMessages: String(counts.visible),
      ApproximateNumberOfMessagesNotVisible: String(counts.inFlight),
      ApproximateNumberOfMessagesDelayed: String(counts.delayed),
      CreatedTimestamp: String(Math.floor(queue.createdAt / 1000)),
      LastModifiedTimestamp: String(Math.floor(queue.createdAt / 1000)),
      VisibilityTimeout: String(a.visibilityTimeout),
      MaximumMessageSize: String(a.maximumMessageSize),
      MessageRetentionPeriod: String(a.messageRetentionPeriod),
      DelaySeconds: '0',
      ReceiveMessageWaitTimeSeconds: '0',
      SqsManagedSseEnabled: 'true',
      ...(a.redrivePolicy ? { RedrivePolicy: JSON.stringify(a.redrivePolicy) } : {}),
    };
    const names = Array.isArray(input.AttributeNames) ? (input.AttributeNames as string[]) : [];
    if (names.includes('All')) return { Attributes: values };
    const known = new Set([...Object.keys(values), 'RedrivePolicy', 'Policy', 'KmsMasterKeyId', 'FifoQueue']);
    for (const name of names) {
      if (!known.has(name)) {
        throw new SqsError(400, 'InvalidAttributeName', 'InvalidAttributeName', `Unknown Attribute ${name}.`);
      }
    }
    const picked = Object.fromEntries(Object.entries(values).filter(([k]) => names.includes(k)));
    return Object.keys(picked).length > 0 ? { Attributes: picked } : {};
  }

  private getQueueUrl(input: Json): Json {
    const name = input.QueueName;
    const owner = input.QueueOwnerAWSAccountId;
    const queue = typeof name === 'string' ? this.queues.get(name) : undefined;
    if (!queue || (owner !== undefined && owner !== LOCAL_ACCOUNT)) throw queueDoesNotExist();
    return { QueueUrl: queue.url };
  }

  private purgeQueue(input: Json): Json {
    const queue = this.queueOf(input);
    const now = Date.now();
    if (queue.lastPurgeAt !== undefined && now - queue.lastPurgeAt < PURGE_INTERVAL_MS) {
      throw new SqsError(
        403,
        'PurgeQueueInProgress',
        'AWS.SimpleQueueService.PurgeQueueInProgress',
        `Only one PurgeQueue operation on ${queue.name} is allowed every 60 seconds.`,
      );
    }
    queue.lastPurgeAt = now;
    for (const m of queue.messages.values()) this.retire(m.handle);
    queue.messages.clear();
    return {};
  }
}
