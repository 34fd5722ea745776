/**
 * `npm run bench:auth`: DynamoDB request units per account operation, each next to its floor
 * (`name: N RU (floor F)`, transactions replayed item by item: scripts/bench/harness.ts), local
 * latency p50 of each next to a baseline route that touches no table (in the breakdown), and the
 * Lambda bundle sizes. Exits non-zero when a figure is above 1.5 × its floor.
 *
 * Floors (every item at 1 KB; reads eventually consistent at 0.5 unless a condition needs the
 * latest; single-item writes 1 WCU, transaction items 2). Authenticated calls must check the
 * session (profile + family, eventual: 1), since sessions end at once (A0).
 * - Register: the two mail allowances (2 writes), the e-mail claim (0.5), the code (1 write): 3.5.
 * - Register/verify: the code's attempt (1 write); one transaction creating profile and e-mail
 *   claim and consuming the code (3 items); one creating the session (family and refresh token,
 *   2 items): 11.
 * - Login: the e-mail claim and the profile (1); the attempt counter taken and given back on a
 *   right password (2 writes); one transaction with the family and the refresh token (2 items): 7.
 * - Rotation: the refresh token, its family and the profile (the new access token's role and
 *   the sessions' end), eventual (1.5); one transaction marking the old token used, checking the
 *   family and putting the new token (3 items): 7.5.
 * - GET /mypage: the session (1) and the account partition, eventual (0.5): 1.5.
 * - Username claim (first name of an account): the session (1); one transaction updating the
 *   profile and putting the name's claim (2 items): 5.
 * - LINE sign-in of a new fan (authorize and callback): the LINE claim (0.5); one transaction
 *   creating profile and claim (2 items), one creating the session (2 items): 8.5.
 * What the gap shows: GSI writes (a session is listed by its family in gsi1, written once when the
 * session starts: register/verify, login and LINE sign-in carry it; a rotation writes no index
 * entry, since refresh tokens are not indexed), reads beyond the minimum.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { latestCode, lineSignIn, registerByMail } from '../local/actors.ts';
import { REPO_ROOT } from '../local/cloud.ts';
import { createHarness, exitOnBudget, type Op, type Outcome, startBenchCloud } from './harness.ts';

/** Runs per operation with the per-item replay (RU), and without it (latency). */
const RU_RUNS = Number(process.env.BENCH_RU_RUNS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PASSWORD = 'Bench#2026';

const cloud = await startBenchCloud();
const harness = await createHarness(cloud.tableName, { ruRuns: RU_RUNS, runs: RUNS });

async function call(path: string, body?: unknown, token?: string) {
  const res = await fetch(`${cloud.apiUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

let n = 0;
const email = () => `bench.${Date.now().toString(36)}.${++n}@example.com`;
const accountEmail = email();
const account = {
  email: accountEmail,
  tokens: await registerByMail(cloud.url, { email: accountEmail, password: PASSWORD }),
};
let refresh = account.tokens.refresh_token;

/** Each operation with its own input type, run as one list. */
const op = <P>(o: Op<P>) => o as unknown as Op<unknown>;
const ops: Op<unknown>[] = [
  op({
    name: 'baseline POST /auth/logout (no table access)',
    floor: { reads: 0, items: 0 },
    prepare: async () => undefined,
    run: () => call('/auth/logout', {}),
  }),
  op({
    name: 'POST /auth/register (code mail)',
    floor: { reads: 0.5, items: 0, writes: 3 },
    prepare: async () => email(),
    run: (address: string) => call('/auth/register', { email: address }),
  }),
  op({
    name: 'POST /auth/register/verify (account + session)',
    floor: { reads: 0, items: 5, writes: 1 },
    prepare: async () => {
      const address = email();
      await call('/auth/register', { email: address });
      return { address, code: await latestCode(cloud.url, address) };
    },
    run: ({ address, code }: { address: string; code: string }) =>
      call('/auth/register/verify', {
        email: address,
        code,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        agree_creator_terms: true,
      }),
  }),
  op({
    name: 'POST /auth/login',
    floor: { reads: 1, items: 2, writes: 2 },
    prepare: async () => undefined,
    run: () => call('/auth/login', { email: account.email, password: PASSWORD }),
  }),
  op({
    name: 'POST /auth/update_token (rotation)',
    floor: { reads: 1.5, items: 3 },
    prepare: async () => refresh,
    run: async (token: string) => {
      const out = (await call('/auth/update_token', { refresh_token: token })) as { refresh_token: string };
      refresh = out.refresh_token;
    },
  }),
  op({
    name: 'GET /mypage',
    floor: { reads: 1.5, items: 0 },
    prepare: async () => undefined,
    run: () => call('/mypage', undefined, account.tokens.access_token),
  }),
  op({
    name: 'POST /mypage/profile/update (username claim)',
    floor: { reads: 1, items: 2 },
    prepare: async () => {
      // A fresh account each run, so every run is a first claim.
      const tokens = await registerByMail(cloud.url, { email: email(), password: PASSWORD });
      return { token: tokens.access_token, username: `bench${Date.now().toString(36)}${++n}`.slice(0, 20) };
    },
    run: ({ token, username }: { token: string; username: string }) =>
      call('/mypage/profile/update', { username, nickname: 'bench', area: 13 }, token),
  }),
  op({
    name: 'POST /auth/line/callback (new fan)',
    floor: { reads: 0.5, items: 4 },
    prepare: async () => ({ displayName: `bench-fan-${++n}` }),
    run: (who: { displayName: string }) => lineSignIn(cloud.url, who),
  }),
];

const outcomes: Outcome[] = [];
for (const op of ops) outcomes.push(await harness.bench(op));

console.log(
  `bench:auth (${RU_RUNS} runs with the per-item replay, ${RUNS} more for latency; DynamoDB Local)`,
);
harness.printSummary(outcomes);

const sizesFile = join(REPO_ROOT, 'dist/functions/sizes.json');
if (existsSync(sizesFile)) {
  const { bundles } = JSON.parse(readFileSync(sizesFile, 'utf8')) as {
    bundles: { handlerId: string; bytes: number }[];
  };
  for (const b of bundles) console.log(`bundle ${b.handlerId}: ${(b.bytes / 1024).toFixed(1)} KB`);
} else {
  console.log('bundle sizes: run `npm run build:functions` first');
}
harness.printBreakdown(outcomes);
await cloud.stop();
exitOnBudget();
