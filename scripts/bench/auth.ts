/**
 * `npm run bench:auth`: DynamoDB request units per account operation (from ConsumedCapacity),
 * local latency p50/p99 of each next to a baseline route that touches no table, and the Lambda
 * bundle sizes. Prints one line per figure.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { latestCode, lineSignIn, registerByMail } from '../local/actors.ts';
import { REPO_ROOT, startLocalCloud } from '../local/cloud.ts';
import { installCapacityMeter, measure } from './capacity.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PASSWORD = 'Bench#2026';

const cloud = await startLocalCloud({ port: 0, dataDir: null, site: false, quiet: true, stage: 'test' });
installCapacityMeter();

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

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** Runs `op` RUNS times (each with fresh inputs from `prepare`), reporting RU and latency. */
async function bench<P>(name: string, prepare: (i: number) => Promise<P>, op: (p: P) => Promise<unknown>) {
  const ms: number[] = [];
  const rus: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const input = await prepare(i);
    const t0 = performance.now();
    const { ru } = await measure(() => op(input));
    ms.push(performance.now() - t0);
    rus.push(ru);
  }
  ms.sort((a, b) => a - b);
  const ru = rus.reduce((a, b) => a + b, 0) / rus.length;
  console.log(
    `${name}: ${ru.toFixed(1)} RU, p50 ${percentile(ms, 0.5).toFixed(1)} ms, p99 ${percentile(ms, 0.99).toFixed(1)} ms`,
  );
}

let n = 0;
const email = () => `bench.${Date.now().toString(36)}.${++n}@example.com`;

console.log(`bench:auth (${RUNS} runs each, DynamoDB Local, one process)`);
await bench(
  'baseline POST /auth/logout (no table access)',
  async () => undefined,
  () => call('/auth/logout', {}),
);
await bench(
  'POST /auth/register (code mail)',
  async () => email(),
  (address) => call('/auth/register', { email: address }),
);
await bench(
  'POST /auth/register/verify (account + session)',
  async () => {
    const address = email();
    await call('/auth/register', { email: address });
    return { address, code: await latestCode(cloud.url, address) };
  },
  ({ address, code }) =>
    call('/auth/register/verify', {
      email: address,
      code,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    }),
);
const accountEmail = email();
const account = {
  email: accountEmail,
  tokens: await registerByMail(cloud.url, { email: accountEmail, password: PASSWORD }),
};
await bench(
  'POST /auth/login',
  async () => undefined,
  () => call('/auth/login', { email: account.email, password: PASSWORD }),
);
let refresh = account.tokens.refresh_token;
await bench(
  'POST /auth/update_token (rotation)',
  async () => refresh,
  async (token) => {
    const out = (await call('/auth/update_token', { refresh_token: token })) as { refresh_token: string };
    refresh = out.refresh_token;
  },
);
await bench(
  'GET /mypage',
  async () => undefined,
  () => call('/mypage', undefined, account.tokens.access_token),
);
await bench(
  'POST /mypage/profile/update (username claim)',
  async (i) => `bench${Date.now().toString(36)}${i}`.slice(0, 20),
  (username) =>
    call('/mypage/profile/update', { username, nickname: 'bench', area: 13 }, account.tokens.access_token),
);
await bench(
  'POST /auth/line/callback (new fan)',
  async (i) => ({ displayName: `bench-fan-${i}` }),
  (who) => lineSignIn(cloud.url, who),
);

const sizesFile = join(REPO_ROOT, 'dist/functions/sizes.json');
if (existsSync(sizesFile)) {
  const { bundles } = JSON.parse(readFileSync(sizesFile, 'utf8')) as {
    bundles: { handlerId: string; bytes: number }[];
  };
  for (const b of bundles) console.log(`bundle ${b.handlerId}: ${(b.bytes / 1024).toFixed(1)} KB`);
} else {
  console.log('bundle sizes: run `npm run build:functions` first');
}
await cloud.stop();
