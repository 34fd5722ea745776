/**
 * Helpers for integration tests against the local cloud started by functions/test/global-setup.ts.
 * Use `inject('apiUrl')` etc. directly, or these helpers.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { createDb, type Db } from '../../src/db/service.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://localhost:<port> */
    url: string;
    /** http://localhost:<port>/api */
    apiUrl: string;
    /** ws://localhost:<port>/ws */
    wsUrl: string;
    dynamoEndpoint: string;
    s3Endpoint: string;
    tableName: string;
    /** The environment handlers run with (STAGE, TABLE_NAME, LINE_CHANNEL_ID, endpoints...). */
    localEnv: Record<string, string>;
  }
}

export interface ApiResponse<T = unknown> {
  status: number;
  /** Parsed JSON when the response is JSON, else the text. */
  body: T;
  headers: Headers;
  /** Set-Cookie values. */
  cookies: string[];
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Bearer access token. */
  token?: string;
  headers?: Record<string, string>;
}

/** Calls the HTTP gateway: `api('/auth/login', { method: 'POST', body })`. */
// biome-ignore lint/suspicious/noExplicitAny: test code reads response fields freely
export async function api<T = any>(path: string, opts: ApiOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] ??= 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${inject('apiUrl')}${path}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await res.text();
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  return {
    status: res.status,
    body: (isJson && text ? JSON.parse(text) : text) as T,
    headers: res.headers,
    cookies: res.headers.getSetCookie(),
  };
}

/** A 422 body's field issues as { path: message key }. */
export const issuePaths = (body: { issues?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.issues ?? []).map((i) => [i.path, i.message]));

export interface OutboxMail {
  id: string;
  to: string[];
  from: string;
  subject: string;
  text: string | null;
  html: string | null;
  sentAt: string;
}

/** Every mail sent to `to` (any recipient), newest first. */
export async function mailsTo(to: string): Promise<OutboxMail[]> {
  const res = await fetch(`${inject('url')}/_local/outbox.json?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`outbox answered ${res.status}`);
  return (await res.json()) as OutboxMail[];
}

/** The newest mail sent to `to`, or undefined. */
export async function latestMail(to: string): Promise<OutboxMail | undefined> {
  return (await mailsTo(to))[0];
}

/** Moves the cloud's clock (absolute offset from real time; 0 resets). Returns the cloud's now. */
export async function setClock(offsetMs: number): Promise<Date> {
  const res = await fetch(`${inject('url')}/_local/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offsetMs }),
  });
  if (!res.ok) throw new Error(`clock answered ${res.status}`);
  return new Date(((await res.json()) as { now: string }).now);
}

export const tableName = (): string => inject('tableName');

let documentClient: DynamoDBDocumentClient | undefined;

/** A DocumentClient on the test table's DynamoDB Local. */
export function db(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: inject('dynamoEndpoint'),
      region: 'ap-northeast-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return documentClient;
}

/** The ElectroDB service on the test table, for tests that call services in-process. */
export function testDb(): Db {
  return createDb(db(), tableName());
}

/** A clock a test moves by hand. */
export function manualClock(start = new Date()): {
  now(): Date;
  set(at: Date): void;
  advance(ms: number): void;
} {
  let at = start;
  return {
    now: () => new Date(at),
    set: (d: Date) => {
      at = d;
    },
    advance: (ms: number) => {
      at = new Date(at.getTime() + ms);
    },
  };
}

/** Every item of the test table that mentions a profile id (key, profileId or holderId), all Scan pages. */
export async function itemsMentioning(profileId: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'contains(pk, :id) OR profileId = :id OR holderId = :id OR contains(gsi1pk, :id)',
        ExpressionAttributeValues: { ':id': profileId },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Waits until the stream consumers handled every record written so far (notices and later side effects). */
export async function drainStreams(origin = inject('url')): Promise<void> {
  const res = await fetch(`${origin}/_local/streams/drain`, { method: 'POST' });
  if (!res.ok) throw new Error(`the stream consumers did not catch up: ${res.status} ${await res.text()}`);
}
