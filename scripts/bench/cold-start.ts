/**
 * `npm run bench:cold [-- <bundles dir>... [--all] [--runs N]]`: the cold start of Lambda bundles,
 * as a fresh Node process importing a bundle's index.mjs and reading its `handler` export (median of
 * N runs, default 10; each run a new process). Default directory dist/functions (`npm run
 * build:functions` first). Give two directories (e.g. bundles built from an older commit with
 * `npx tsx scripts/build-functions.ts --outdir /tmp/bundles-before`) to compare them in one run:
 * runs alternate between them, so machine noise falls on both alike.
 *
 * Measured: the smallest bundle, the chat send, a bank and a card function (`--all`: every bundle).
 * `@aws-sdk/*` is external to the bundles (Lambda's runtime ships it): each bundle is copied into a
 * scratch folder whose node_modules is the repository's, so it resolves from there. The configuration (functions/src/lib/env.ts) gets dummy values.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../local/cloud.ts';

const NAMED = ['HttpChatSend', 'HttpBankListBanks', 'HttpSquareCreatePayment'];

/** Every variable functions/src/lib/env.ts requires, with a value of the right form. */
const DUMMY_ENV: Record<string, string> = {
  STAGE: 'test',
  TABLE_NAME: 'bench',
  SITE_URL: 'http://localhost:3000',
  MAIL_FROM: 'bench@example.com',
  UPLOAD_BUCKET: 'bench',
  AUTH_SECRET: 'x'.repeat(32),
  LINE_CHANNEL_SECRET: 'bench',
  LINE_CHANNEL_ID: 'bench',
  LINE_AUTHORIZE_URL: 'http://localhost:3000/_local/line/authorize',
  LINE_API_URL: 'http://localhost:3000/_local/line',
  WS_CALLBACK_URL: 'http://localhost:3000/_local/connections',
  SQUARE_API_URL: 'http://localhost:3000/_local/square',
  SQUARE_ENVIRONMENT: 'local',
  SQUARE_APPLICATION_ID: 'bench',
  SQUARE_LOCATION_ID: 'bench',
  SQUARE_ACCESS_TOKEN: 'bench',
  CREATOR_TERMS_VERSION: '2026-12-01',
  AWS_REGION: 'ap-northeast-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
};

/** The child: imports the bundle, prints the milliseconds until its handler export is there. */
const CHILD = `
const t0 = performance.now();
const mod = await import(process.argv.at(-1));
if (typeof mod.handler !== 'function') throw new Error('no handler export');
console.log(performance.now() - t0);
`;

/**
 * A copy of the bundle in a scratch folder whose node_modules is the repository's, so that
 * `@aws-sdk/*` resolves as in Lambda (found by walking up), with no loader hooks in the way.
 */
const scratch = mkdtempSync(path.join(tmpdir(), 'cold-start-'));
symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
let copies = 0;
function staged(bundle: string): string {
  const dir = path.join(scratch, String(copies++));
  mkdirSync(dir);
  copyFileSync(bundle, path.join(dir, 'index.mjs'));
  return path.join(dir, 'index.mjs');
}

function importMs(bundle: string): number {
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD, pathToFileURL(bundle).href], {
    env: { PATH: process.env.PATH ?? '', ...DUMMY_ENV },
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`${bundle} did not load:\n${out.stderr}`);
  return Number(out.stdout.trim());
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

function parseArgs(argv: string[]) {
  const dirs: string[] = [];
  let all = false;
  let runs = 10;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--all') all = true;
    else if (arg === '--runs') runs = Number(argv[++i]);
    else dirs.push(path.resolve(arg));
  }
  if (dirs.length === 0) dirs.push(path.join(REPO_ROOT, 'dist', 'functions'));
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs needs a positive integer');
  return { dirs, all, runs };
}

const bundlesIn = (dir: string) =>
  new Map(
    readdirSync(dir)
      .filter((id) => existsSync(path.join(dir, id, 'index.mjs')))
      .map((id) => [id, statSync(path.join(dir, id, 'index.mjs')).size] as const),
  );

const { dirs, all, runs } = parseArgs(process.argv.slice(2));
const sizes = dirs.map((dir) => {
  if (!existsSync(dir)) throw new Error(`${dir} does not exist: run npm run build:functions first`);
  return bundlesIn(dir);
});

// The same handlers in every directory: the named ones, and each directory's smallest.
const ids = new Set<string>();
for (const s of sizes) {
  const smallest = [...s].sort((a, b) => a[1] - b[1])[0];
  if (smallest) ids.add(smallest[0]);
}
for (const id of all ? sizes.flatMap((s) => [...s.keys()]) : NAMED) ids.add(id);

const label = (dir: string) => path.relative(process.cwd(), dir) || '.';
console.log(`cold start: fresh-process import of index.mjs, median of ${runs} (ms); sizes in KB`);
console.log(`${'handler'.padEnd(28)}${dirs.map((d) => label(d).padStart(30)).join('')}`);
for (const id of [...ids].sort()) {
  const copies = dirs.map((dir, i) =>
    sizes[i]?.has(id) ? staged(path.join(dir, id, 'index.mjs')) : undefined,
  );
  const times = dirs.map(() => [] as number[]);
  for (let run = 0; run < runs; run++) {
    copies.forEach((copy, i) => {
      if (copy) times[i]?.push(importMs(copy));
    });
  }
  const cells = dirs.map((_, i) => {
    const size = sizes[i]?.get(id);
    if (size === undefined) return '-'.padStart(30);
    return `${median(times[i] ?? []).toFixed(0)} ms (${(size / 1024).toFixed(0)} KB)`.padStart(30);
  });
  console.log(`${id.padEnd(28)}${cells.join('')}`);
}
