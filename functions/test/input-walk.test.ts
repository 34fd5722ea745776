/**
 * Walks the whole route manifest with inputs no client sends: bad page cursors, long and
 * malformed path parameters, malformed bodies. Every route, every role it admits (one caller per
 * route), bounded variants: 0 answers of 5xx, every malformed input refused with a 4xx, and not
 * one business item of the table written. Routes added to the manifest later are walked as they
 * are, and the body variants carry every field name the shared request schemas know.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import * as authSchemas from '@app/shared/schemas/auth';
import * as chatSchemas from '@app/shared/schemas/chat';
import * as mypageSchemas from '@app/shared/schemas/mypage';
import * as noticeSchemas from '@app/shared/schemas/notice';
import * as pointsSchemas from '@app/shared/schemas/points';
import * as shopSchemas from '@app/shared/schemas/shop';
import * as storeSchemas from '@app/shared/schemas/store';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { cursorScope, sealCursor } from '../src/lib/cursor.ts';
import { type HttpRoute, httpRoutes, pathParamNames, routeKey } from '../src/manifest.ts';
import { registerAccount } from './helpers/accounts.ts';
import { type AdminSession, signInAdmin } from './helpers/admin.ts';
import { creator, fan, give, type Member } from './helpers/chat.ts';
import { api, db, tableName } from './helpers/cloud.ts';

// ---------------------------------------------------------------------------------------------
// The table, as business state

/**
 * Items that count requests instead of recording what someone did: the sign-in and mail
 * throttles (issue 8 item 2) may keep per-account and per-address counters with a TTL, also for
 * refused requests, and the event pipeline (item 12) may keep its own read positions. They are
 * left out by entity name (ElectroDB's `__edb_e__`); every other item (profiles, sessions, codes,
 * notices, the ledger, rooms...) is compared, attribute by attribute.
 */
const NOT_BUSINESS = /throttl|rate.?limit|attempt|quota|bucket|checkpoint|shard.?iterator|stream.?position/i;

async function businessItems(): Promise<Map<string, string>> {
  const items = new Map<string, string>();
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    for (const item of out.Items ?? []) {
      if (NOT_BUSINESS.test(String(item.__edb_e__ ?? ''))) continue;
      items.set(`${item.pk}\u0000${item.sk}`, JSON.stringify(item, Object.keys(item).sort()));
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [key, value] of after) {
    if (!before.has(key)) out.push(`added ${key} ${value.slice(0, 200)}`);
    else if (before.get(key) !== value) out.push(`changed ${key} ${value.slice(0, 200)}`);
  }
  for (const key of before.keys()) if (!after.has(key)) out.push(`removed ${key}`);
  return out;
}

/** Waits until nothing moves (writes of earlier files, consumers catching up) before the baseline. */
async function settledItems(): Promise<Map<string, string>> {
  let last = await businessItems();
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 300));
    const now = await businessItems();
    if (changes(last, now).length === 0) return now;
    last = now;
  }
  return last;
}

// ---------------------------------------------------------------------------------------------
// Requests exactly as given: no URL normalisation ('..' stays), any bytes as the body

interface Raw {
  status: number;
  body: { code?: string } | string;
}

function raw(
  method: string,
  path: string,
  opts: { token?: string | undefined; body?: Buffer | string; type?: string } = {},
): Promise<Raw> {
  const base = new URL(inject('apiUrl'));
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) {
      headers['content-type'] = opts.type ?? 'application/json';
      headers['content-length'] = String(Buffer.byteLength(opts.body));
    }
    const req = request(
      { host: base.hostname, port: base.port, method, path: `${base.pathname}${path}`, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: Raw['body'] = text;
          try {
            body = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

const codeOf = (r: Raw) => (typeof r.body === 'object' ? r.body.code : undefined);

// ---------------------------------------------------------------------------------------------
// Inputs

/** Every field name the shared request and response schemas know (zod 4 definitions walked). */
function fieldNames(): string[] {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  // biome-ignore lint/suspicious/noExplicitAny: walking zod's internal definitions
  const walk = (schema: any) => {
    const def = schema?._zod?.def;
    if (!def || seen.has(schema)) return;
    seen.add(schema);
    if (def.type === 'object') {
      for (const [key, child] of Object.entries(def.shape)) {
        names.add(key);
        walk(child);
      }
    }
    for (const part of [def.left, def.right, def.in, def.out, def.innerType, def.element])
      if (part) walk(part);
    for (const option of def.options ?? []) walk(option);
  };
  for (const module of [
    authSchemas,
    chatSchemas,
    mypageSchemas,
    noticeSchemas,
    pointsSchemas,
    storeSchemas,
    shopSchemas,
  ])
    for (const value of Object.values(module)) walk(value);
  return [...names];
}

const nested = (depth: number): unknown => (depth === 0 ? 'deep' : { a: nested(depth - 1), b: [depth] });

/** Bodies no client sends: not JSON, not an object, and objects whose every field is wrong. */
function badBodies(): { name: string; body: Buffer | string; type?: string }[] {
  const fields = fieldNames();
  const everyField = (value: unknown) => JSON.stringify(Object.fromEntries(fields.map((f) => [f, value])));
  return [
    { name: 'not JSON', body: 'chat=hello&uuid=1' },
    { name: 'cut JSON', body: '{"chatroom_id":' },
    { name: 'an array', body: '[]' },
    { name: 'null', body: 'null' },
    { name: 'a string', body: '"hello"' },
    { name: 'a number', body: '42' },
    { name: 'deep arrays', body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
    { name: 'binary bytes', body: randomBytes(512), type: 'application/octet-stream' },
    { name: 'fields as objects', body: everyField({}) },
    { name: 'fields as arrays', body: everyField([1, 'x']) },
    { name: 'fields as huge numbers', body: everyField(1e308) },
    { name: 'fields as huge strings', body: everyField('x'.repeat(10_000)) },
    { name: 'fields as NUL', body: everyField('\u0000') },
    { name: 'fields as NUL inside', body: everyField('abc\u0000def') },
    { name: 'fields as lone surrogates', body: everyField('\uD800') },
    { name: 'fields deeply nested', body: everyField(nested(40)) },
    { name: 'a NUL key', body: '{"\\u0000":1}' },
    { name: 'a lone surrogate key', body: '{"\\udc00":1}' },
    {
      name: 'prototype keys',
      body: `{"__proto__":{"role_id":3},"constructor":{"prototype":{}},${everyField({}).slice(1)}`,
    },
  ];
}

/**
 * Path parameter values: long, percent-encoded junk, unicode, dot segments. Already encoded.
 * The gateway answers some without a code: dot segments are resolved (as URLs are) and reach no
 * route (404); a percent-encoding that does not decode is a 400 Bad Request.
 */
const BAD_PARAMS: { name: string; value: string; atGateway?: true }[] = [
  { name: '5,000 characters', value: 'a'.repeat(5000) },
  { name: '5,000 encoded characters', value: '%E3%81%8D'.repeat(1700) },
  { name: 'NUL', value: '%00' },
  { name: 'an encoded slash', value: '..%2F..%2Fetc%2Fpasswd' },
  { name: 'a zero-width space', value: '%E2%80%8B' },
  { name: 'unicode', value: encodeURIComponent('きのこ🍄') },
  { name: 'a percent sign', value: '%25' },
  { name: 'a dot-dot segment', value: '..', atGateway: true },
  { name: 'a dot segment', value: '.', atGateway: true },
  { name: 'an encoded dot-dot segment', value: '%2E%2E', atGateway: true },
  { name: 'a truncated percent-encoding', value: '%E0%A4%A', atGateway: true },
  { name: 'a lone percent sign', value: '%', atGateway: true },
  { name: 'a percent-encoding of no byte', value: '%zz', atGateway: true },
  { name: 'quotes and brackets', value: encodeURIComponent(`'"<>{}`) },
  { name: 'a control character', value: '%1B%5B31m' },
];

// ---------------------------------------------------------------------------------------------
// Actors

let fanA: Member;
let creatorA: Member;
let ownerToken: string;
let ownerId: string;
/** An operator (issue 17): the console's routes are role 3 only. */
let admin: AdminSession;
/** Another fan with more than a page of point history: a real cursor that is not the caller's. */
let victim: Member;
let victimPointsCursor: string;
let leaver: Member;
let baseline: Map<string, string>;

const ROLE_ORDER = [4, 2, 1, 3] as const;

function callerOf(route: HttpRoute): string | undefined {
  if (route.access === 'guest') return undefined;
  // Were leaving to run, it would end only this caller: the other routes keep theirs.
  if (route.path === '/auth/leave') return leaver.token;
  if (route.access === 'optional' || route.access === 'signedIn') return fanA.token;
  const role = ROLE_ORDER.find((r) => (route.access as readonly number[]).includes(r));
  if (role === 3) return admin.access_token;
  return role === 4 ? fanA.token : role === 2 ? creatorA.token : role === 1 ? ownerToken : creatorA.token;
}

/** A value that passes a parameter's rule, for the parameters not under test. */
function wellFormed(route: HttpRoute, name: string): string {
  const rule = route.params?.[name];
  // A parameter that must be the caller's own profile id (the lists of one's own): the caller's.
  if (rule?.own) {
    const token = callerOf(route);
    if (token === admin.access_token) return admin.profile_id;
    return token === creatorA.token ? creatorA.profileId : token === ownerToken ? ownerId : fanA.profileId;
  }
  const samples = [
    'latest',
    `${creatorA.profileId}_${fanA.profileId}`,
    creatorA.username,
    '0005',
    '01J00000000000000000000000',
    // A list's filter (`/profile/{id}/items/{x}`).
    // The library's view and type (`/mypage/library/purchase-log-list/{a}/{b}`).
    'library',
    'all',
  ];
  return samples.find((s) => rule?.pattern.test(s)) ?? '0001';
}

function pathWith(route: HttpRoute, values: Record<string, string> = {}): string {
  return route.path.replace(/\{(\w+)\+?\}/g, (_, name: string) => values[name] ?? wellFormed(route, name));
}

beforeAll(async () => {
  const owner = await registerAccount({ roleId: 1 });
  ownerToken = owner.access_token;
  ownerId = owner.profile_id;
  [fanA, creatorA, victim, leaver, admin] = await Promise.all([
    fan(),
    creator(),
    fan(),
    fan(),
    signInAdmin(),
  ]);
  for (let i = 0; i < 31; i++) await give(victim.profileId, 1, 'leaf');
  const page = await api('/mypage/points', { token: victim.token });
  expect(page.body.next_cursor).toEqual(expect.any(String));
  victimPointsCursor = page.body.next_cursor;
  // The console's first call copies the configured stamps and campaign into the table (once, for
  // any operator): done here, so the walk's own calls are judged against a stored catalogue.
  expect((await api('/admin/catalog/stamps', { token: admin.access_token })).status).toBe(200);
  baseline = await settledItems();
});

// ---------------------------------------------------------------------------------------------
// The walk

const SECRET = () => inject('localEnv').AUTH_SECRET as string;
const electroLike = (pk: string) =>
  Buffer.from(JSON.stringify({ pk, sk: '$kinoko_1#x', gsi1pk: pk, gsi1sk: 'x' })).toString('base64url');

/** Cursors this server never sealed for this caller and this list. */
function badCursors(route: HttpRoute): { name: string; cursor: string; shaped: boolean }[] {
  const otherList = httpRoutes.find((r) => r.paged && routeKey(r) !== routeKey(route)) ?? route;
  return [
    { name: 'garbage', cursor: 'garbage', shaped: true },
    { name: 'base64 junk', cursor: randomBytes(48).toString('base64'), shaped: true },
    { name: 'a forged ElectroDB cursor', cursor: electroLike(`notices#${victim.profileId}`), shaped: true },
    {
      name: 'an unsigned sealed-looking cursor',
      cursor: `c1.${electroLike(`profile#${fanA.profileId}`)}.${randomBytes(16).toString('base64url')}`,
      shaped: true,
    },
    { name: "another member's real cursor", cursor: victimPointsCursor, shaped: true },
    {
      name: "another member's cursor for this list",
      cursor: sealCursor(SECRET(), cursorScope(routeKey(route), victim.profileId), electroLike('x')),
      shaped: true,
    },
    {
      name: "the caller's cursor of another list",
      cursor: sealCursor(SECRET(), cursorScope(routeKey(otherList), fanA.profileId), electroLike('x')),
      shaped: true,
    },
    { name: '5,000 characters', cursor: 'c'.repeat(5000), shaped: true },
    { name: 'NUL', cursor: '\u0000', shaped: false },
    { name: 'unicode and percent', cursor: 'きのこ%🍄', shaped: true },
  ];
}

const ALL = httpRoutes.map((route) => ({ key: routeKey(route), route }));
const fivexx: string[] = [];

describe.each(ALL)('$key', ({ route }) => {
  const send = (path: string, opts: { body?: Buffer | string; type?: string } = {}) =>
    raw(route.method, path, {
      token: callerOf(route),
      // A route that is not a GET also gets a body it must refuse, so nothing can run for real.
      ...(route.method === 'GET'
        ? {}
        : { body: opts.body ?? '[]', ...(opts.type ? { type: opts.type } : {}) }),
    });
  const noteServerErrors = (what: string, r: Raw) => {
    if (r.status >= 500) fivexx.push(`${routeKey(route)} ${what}: ${r.status} ${JSON.stringify(r.body)}`);
  };

  test('bad page cursors: 4xx (400 cursor_invalid on paged lists), never 5xx', async () => {
    const results = await Promise.all(
      badCursors(route).map(async (v) => ({
        v,
        r: await send(`${pathWith(route)}?cursor=${encodeURIComponent(v.cursor)}`),
      })),
    );
    for (const { v, r } of results) {
      noteServerErrors(`cursor ${v.name}`, r);
      expect(r.status, `${v.name}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
      if (route.paged) {
        expect(r.status, v.name).toBeGreaterThanOrEqual(400);
        if (v.shaped) expect(codeOf(r), v.name).toBe('cursor_invalid');
      }
    }
  });

  const params = pathParamNames(route.path);
  if (params.length > 0)
    test('long and malformed path parameters: the rule refuses them', async () => {
      for (const name of params) {
        const results = await Promise.all(
          BAD_PARAMS.map(async (v) => ({ v, r: await send(pathWith(route, { [name]: v.value })) })),
        );
        for (const { v, r } of results) {
          noteServerErrors(`{${name}} ${v.name}`, r);
          expect(r.status, `{${name}} ${v.name}: ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
          expect(r.status, `{${name}} ${v.name}`).toBeLessThan(500);
          if (!v.atGateway) expect(codeOf(r), `{${name}} ${v.name}`).toBe(route.params?.[name]?.refusal);
        }
      }
    });

  if (route.method !== 'GET')
    test('malformed bodies: 4xx, never 5xx', async () => {
      const results = await Promise.all(
        badBodies().map(async (v) => ({
          v,
          r: await send(pathWith(route), { body: v.body, ...(v.type ? { type: v.type } : {}) }),
        })),
      );
      for (const { v, r } of results) {
        noteServerErrors(`body ${v.name}`, r);
        expect(r.status, `${v.name}: ${JSON.stringify(r.body).slice(0, 300)}`).toBeGreaterThanOrEqual(400);
        expect(r.status, v.name).toBeLessThan(500);
      }
    });
});

describe('after the walk', () => {
  test('no answer was a 5xx', () => {
    expect(fivexx).toEqual([]);
  });

  test('not one business item was written', async () => {
    expect(changes(baseline, await businessItems())).toEqual([]);
  });

  test('the walk covered every manifest route', () => {
    expect(ALL.map((r) => r.key)).toEqual(httpRoutes.map(routeKey));
    expect(httpRoutes.filter((r) => r.paged).length).toBeGreaterThanOrEqual(3);
  });
});
