/**
 * Bundles every handler in the route manifest: one esbuild build, one entry per handler module,
 * out to <outdir>/<handlerId>/index.mjs (CDK uses each folder as one Lambda asset).
 *
 *   npm run build:functions [-- --outdir <dir>]     (default dist/functions)
 *
 * `@aws-sdk/*` stays external: the Node 24 Lambda runtime ships AWS SDK v3, leaving it out keeps
 * bundles small (cold start). Everything else (middy, Powertools, ElectroDB, zod, jose, our code) is
 * bundled, tree-shaken and minified, so a bundle never depends on a layer or on node_modules.
 * zod is its mini API imported as a namespace (`import * as z from 'zod/mini'`, enforced by Biome), so
 * only what is used and no locale but English is bundled. ElectroDB's jsonschema is swapped for a
 * model check (electrodb-plugin.ts). The bank-code data is written beside the bundles that use it,
 * not into them (bank-data-plugin.ts). The Japanese holidays go in as their dates only
 * (holiday-data-plugin.ts).
 * Every bundle's size is printed with its budget (bundle-budget.ts); one over its budget fails the
 * build (exit code 1). Handler files that don't exist yet are skipped with a warning; CDK synth then
 * reports them.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { handlerId, httpRoutes, jobs, queues, streamConsumers, wsRoutes } from '@app/functions/manifest';
import { type BuildOptions, build } from 'esbuild';
import { bankDataPlugin, usesBankData, writeBankData } from './bank-data-plugin.ts';
import { checkBudgets } from './bundle-budget.ts';
import { electrodbPlugin } from './electrodb-plugin.ts';
import { holidayDataPlugin } from './holiday-data-plugin.ts';
import { copyNativeModules, NATIVE_MODULES, nativeImportsOf } from './native-modules.ts';
import { squareSdkPlugin } from './square-sdk-plugin.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const functionsSrc = path.join(rootDir, 'functions', 'src');

export const DEFAULT_FUNCTIONS_OUTDIR = path.join(rootDir, 'dist', 'functions');

export interface BundleSize {
  handlerId: string;
  handler: string;
  bytes: number;
  /** Data files beside the bundle, read on demand (not at load), in bytes. */
  dataBytes?: number;
  /** Native modules copied beside the bundle (node_modules/, runtime.json). */
  native?: string[];
  /** The bundle holds the SES client (it can send mail): its function needs the `sendMail` grant. */
  sendsMail?: true;
  /** The bundle holds `web-push` (it sends Web Push messages): only the push consumers may. */
  sendsPush?: true;
}

/** The module every mail goes through (lib/mailer.ts uses it): its presence means the bundle mails. */
export const SES_CLIENT_MODULE = 'functions/src/lib/aws/ses.ts';

export interface BuildFunctionsResult {
  outdir: string;
  built: BundleSize[];
  missing: string[];
}

/** Every handler module the manifest names, once. */
export function manifestHandlers(): string[] {
  const all = [...httpRoutes, ...wsRoutes, ...jobs, ...streamConsumers, ...queues].map(
    (entry) => entry.handler,
  );
  return [...new Set(all)];
}

/** esbuild's settings for a Lambda bundle (the tests of the build plugins bundle with them too). */
export const LAMBDA_BUILD_OPTIONS = {
  outExtension: { '.js': '.mjs' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  mainFields: ['module', 'main'],
  minify: true,
  treeShaking: true,
  sourcemap: false,
  legalComments: 'none',
  // sharp is a native addon: copied beside the bundles that import it (native-modules.ts).
  external: ['@aws-sdk/*', ...Object.keys(NATIVE_MODULES)],
  // CJS dependencies bundled into ESM still call require(); give them one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [bankDataPlugin(), squareSdkPlugin(), electrodbPlugin(), holidayDataPlugin()],
} satisfies BuildOptions;

export async function buildFunctions(outdir = DEFAULT_FUNCTIONS_OUTDIR): Promise<BuildFunctionsResult> {
  const entryPoints: Record<string, string> = {};
  const missing: string[] = [];
  for (const handler of manifestHandlers()) {
    const file = path.join(functionsSrc, `${handler}.ts`);
    if (existsSync(file)) entryPoints[`${handlerId(handler)}/index`] = file;
    else missing.push(handler);
  }

  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });

  const withBankData = new Set<string>();
  const native = new Map<string, string[]>();
  const mailing = new Set<string>();
  const pushing = new Set<string>();
  if (Object.keys(entryPoints).length > 0) {
    const result = await build({
      entryPoints,
      outdir,
      ...LAMBDA_BUILD_OPTIONS,
      metafile: true,
      logLevel: 'warning',
    });
    for (const [file, output] of Object.entries(result.metafile.outputs)) {
      if (usesBankData(output.inputs)) withBankData.add(path.basename(path.dirname(file)));
      if (Object.keys(output.inputs).some((input) => input.endsWith(SES_CLIENT_MODULE)))
        mailing.add(path.basename(path.dirname(file)));
      if (Object.keys(output.inputs).some((input) => input.includes('node_modules/web-push/')))
        pushing.add(path.basename(path.dirname(file)));
      const modules = nativeImportsOf(output.imports);
      if (modules.length > 0) native.set(path.basename(path.dirname(file)), modules);
    }
  }

  const built: BundleSize[] = [];
  for (const handler of manifestHandlers()) {
    if (missing.includes(handler)) continue;
    const id = handlerId(handler);
    const { size } = await stat(path.join(outdir, id, 'index.mjs'));
    const dataBytes = withBankData.has(id) ? await writeBankData(path.join(outdir, id)) : undefined;
    const modules = native.get(id);
    if (modules) await copyNativeModules(path.join(outdir, id), modules);
    built.push({
      handlerId: id,
      handler,
      bytes: size,
      ...(dataBytes ? { dataBytes } : {}),
      ...(modules ? { native: modules } : {}),
      ...(mailing.has(id) ? { sendsMail: true as const } : {}),
      ...(pushing.has(id) ? { sendsPush: true as const } : {}),
    });
  }
  built.sort((a, b) => b.bytes - a.bytes || a.handlerId.localeCompare(b.handlerId));
  await writeFile(
    path.join(outdir, 'sizes.json'),
    `${JSON.stringify({ bundles: built, missing }, null, 2)}\n`,
  );
  return { outdir, built, missing };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Prints the size table with each bundle's budget; returns false when one is over its budget. */
function printReport({ outdir, built, missing }: BuildFunctionsResult): boolean {
  const { rows, over, unusedExceptions } = checkBudgets(built);
  const width = Math.max(10, ...built.map((b) => b.handlerId.length));
  console.log(`${'handler'.padEnd(width)}  ${'KB'.padStart(8)}  ${'budget'.padStart(8)}`);
  for (const [i, r] of rows.entries()) {
    const data = built[i]?.dataBytes;
    const notes = [
      r.over ? 'OVER BUDGET' : '',
      r.exception ? 'exception (scripts/bundle-budget.ts)' : '',
      data ? `+ ${kb(data)} KB data read on demand` : '',
      built[i]?.native ? `+ native ${built[i]?.native?.join(', ')} (node_modules, x86_64)` : '',
    ].filter(Boolean);
    console.log(
      `${r.handlerId.padEnd(width)}  ${kb(r.bytes).padStart(8)}  ${String(r.budgetKB).padStart(8)}  ${notes.join(', ')}`.trimEnd(),
    );
  }
  const total = built.reduce((sum, b) => sum + b.bytes, 0);
  const sizes = built.map((b) => b.bytes);
  console.log(
    `${built.length} bundles, ${kb(total)} KB in total (smallest ${kb(Math.min(...sizes))} KB, largest ${kb(Math.max(...sizes))} KB) -> ${path.relative(rootDir, outdir)}`,
  );
  for (const handler of missing) {
    console.warn(`WARNING: skipped ${handler}: functions/src/${handler}.ts does not exist yet`);
  }
  for (const id of unusedExceptions) {
    console.warn(
      `WARNING: budget exception for ${id}, which is not built: remove it from scripts/bundle-budget.ts`,
    );
  }
  for (const r of over) {
    console.error(`ERROR: ${r.handlerId} is ${kb(r.bytes)} KB, over its budget of ${r.budgetKB} KB`);
  }
  return over.length === 0;
}

function parseOutdir(argv: string[]): string | undefined {
  const i = argv.indexOf('--outdir');
  if (i === -1) return undefined;
  const value = argv[i + 1];
  if (!value) throw new Error('--outdir needs a directory');
  return path.resolve(value);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const result = await buildFunctions(parseOutdir(process.argv.slice(2)));
  const withinBudget = printReport(result);
  console.log(`done in ${Math.round(performance.now() - started)} ms`);
  if (!withinBudget) process.exitCode = 1;
}
