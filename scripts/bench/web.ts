/**
 * bench:web — Lighthouse (mobile, its default simulated throttling) on the public pages, median of
 * several runs, and the JavaScript each page loads before it is usable.
 *
 *   npm run bench:web                              # builds the site, starts a local cloud, measures it
 *   npm run bench:web -- --url http://localhost:4000   # measures a running server (e.g. a baseline checkout)
 *   npm run bench:web -- --url A --url B           # several servers in one run
 *   npm run bench:web -- --url http://localhost:4000 --local   # a baseline and this checkout, one run
 *   options: --runs 3, --pages /,/creator,/user/login, --no-build (keep web/dist as it is)
 *
 * Chrome is Debian's Chromium with the browser tests' flags (scripts/chromium.ts); nothing is downloaded.
 * First-load JS is every script the page requested during the Lighthouse run, sized twice: as
 * transferred (the server's own encoding; the local cloud and CloudFront both compress) and as gzip
 * -9 of the bytes, so that servers that compress differently (or not at all) compare fairly.
 * Timings depend on the machine and its load: compare figures from one run of this script.
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.ts';
import { REPO_ROOT, startLocalCloud } from '../local/cloud.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

interface RunFigures {
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  scripts: { url: string; transferBytes: number }[];
  /** Scored audits that did not pass, by category (what keeps a score under 100). */
  failing: string[];
}

const { values } = parseArgs({
  options: {
    url: { type: 'string', multiple: true },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/,/creator,/user/login' },
    'no-build': { type: 'boolean', default: false },
    local: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const pages = (values.pages ?? '').split(',').filter(Boolean);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

async function lighthouseRun(port: number, url: string): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] })?.items ?? [];
  const scripts = requests
    .filter((r) => r.resourceType === 'Script')
    .map((r) => ({ url: String(r.url), transferBytes: Number(r.transferSize ?? 0) }));
  const failing = CATEGORIES.flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && c !== 'performance')
      .filter((ref) => (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${c}:${ref.id}`),
  );
  return {
    failing,
    scores,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    scripts,
  };
}

const gzipCache = new Map<string, number>();
async function gzipBytes(url: string): Promise<number> {
  let size = gzipCache.get(url);
  if (size === undefined) {
    const res = await fetch(url);
    size = gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
    gzipCache.set(url, size);
  }
  return size;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function measure(base: string, port: number): Promise<void> {
  console.log(`\n${base} (Lighthouse mobile, median of ${runs})`);
  console.log(
    'page            perf  a11y  bp   seo   LCP ms  TBT ms  JS files  JS transferred KB  JS gzip KB',
  );
  for (const page of pages) {
    const figures: RunFigures[] = [];
    for (let i = 0; i < runs; i++) figures.push(await lighthouseRun(port, new URL(page, base).toString()));
    const med = (pick: (f: RunFigures) => number) => median(figures.map(pick));
    // The scripts of the median-performance run (the set is the same in every run).
    const scripts = [...figures].sort((a, b) => a.scores.performance - b.scores.performance)[
      Math.floor(figures.length / 2)
    ]?.scripts;
    const unique = [...new Map((scripts ?? []).map((s) => [s.url, s])).values()];
    const transferred = unique.reduce((n, s) => n + s.transferBytes, 0);
    let gzip = 0;
    for (const s of unique) gzip += await gzipBytes(s.url);
    console.log(
      [
        page.padEnd(15),
        String(med((f) => f.scores.performance)).padStart(4),
        String(med((f) => f.scores.accessibility)).padStart(5),
        String(med((f) => f.scores['best-practices'])).padStart(5),
        String(med((f) => f.scores.seo)).padStart(5),
        String(Math.round(med((f) => f.lcpMs))).padStart(8),
        String(Math.round(med((f) => f.tbtMs))).padStart(7),
        String(unique.length).padStart(9),
        kb(transferred).padStart(18),
        kb(gzip).padStart(11),
      ].join(' '),
    );
    const failing = [...new Set(figures.flatMap((f) => f.failing))];
    if (failing.length > 0) console.log(`${''.padEnd(16)}not passed: ${failing.join(', ')}`);
  }
}

async function main() {
  const targets = values.url ?? [];
  let stop: (() => Promise<void>) | null = null;
  if (targets.length === 0 || values.local) {
    if (!values['no-build']) {
      console.log('building the site (npm run build:web)…');
      execFileSync('npm', ['run', '--silent', 'build:web'], { cwd: REPO_ROOT, stdio: 'ignore' });
    }
    const cloud = await startLocalCloud({ port: 0, dataDir: null, quiet: true, seed: false });
    targets.push(cloud.url);
    stop = () => cloud.stop();
  }
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_FLAGS],
  });
  try {
    for (const base of targets) await measure(base, chrome.port);
  } finally {
    chrome.kill();
    await stop?.();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
