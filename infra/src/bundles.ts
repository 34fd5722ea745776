/**
 * `npm run synth` (and any other `cdk` command) builds what it deploys instead of failing: when a
 * Lambda bundle of the manifest is missing from the default `dist/functions`, or older than a file
 * it is built from, the app runs `npm run build:functions` first (the same build, size table and
 * budget as `npm run build`); likewise `npm run build:web` for the site in the default `web/dist`.
 * A `functionsDir` or `siteDir` given in context is used as it is.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Manifest } from '@app/functions/manifest';
import { prerenderedFile } from '@app/shared/site-routes';
import { type AppConfig, DEFAULT_FUNCTIONS_DIR, DEFAULT_SITE_DIR, repoRoot } from './config.ts';
import { bundleDir } from './handler-function.ts';
import { APP_SHELL, NOT_FOUND_PAGE } from './site-router.ts';

const fromRoot = (paths: string[]) => paths.map((p) => path.join(repoRoot, p));

/** What the Lambda bundles are built from: a change to any of these makes them stale. */
export const BUNDLE_SOURCES: readonly string[] = fromRoot([
  'functions/src',
  'shared/src',
  'scripts/build-functions.ts',
  'scripts/bundle-budget.ts',
  'scripts/bank-data-plugin.ts',
  'scripts/square-sdk-plugin.ts',
  'package-lock.json',
]);

/** What the site is built from. */
export const SITE_SOURCES: readonly string[] = fromRoot([
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/prerender-plugin.ts',
  'web/package.json',
  'shared/src',
  'package-lock.json',
]);

export function manifestHandlers(m: Manifest): string[] {
  return [
    ...new Set(
      [...m.httpRoutes, ...m.wsRoutes, ...m.jobs, ...m.streamConsumers, ...m.queues].map((e) => e.handler),
    ),
  ];
}

/** The newest modification time of a file or of the files under a folder (0 when absent). */
function newestMtime(target: string): { file: string; mtimeMs: number } {
  if (!existsSync(target)) return { file: target, mtimeMs: 0 };
  const stats = statSync(target);
  if (!stats.isDirectory()) return { file: target, mtimeMs: stats.mtimeMs };
  let newest = { file: target, mtimeMs: 0 };
  for (const entry of readdirSync(target, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { mtimeMs } = statSync(file);
    if (mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  }
  return newest;
}

/** Why `outputs` must be built: one is missing, or a source changed after the oldest; undefined when fresh. */
export function staleReason(outputs: readonly string[], sources: readonly string[]): string | undefined {
  const missing = outputs.filter((o) => !existsSync(o));
  if (missing.length > 0) return `${missing.length} of ${outputs.length} outputs missing`;
  const oldest = Math.min(...outputs.map((o) => statSync(o).mtimeMs));
  for (const source of sources) {
    const newest = newestMtime(source);
    if (newest.mtimeMs > oldest)
      return `${path.relative(repoRoot, newest.file)} changed since the last build`;
  }
  return undefined;
}

/** The bundle file of each handler in `functionsDir`. */
export function bundleFiles(functionsDir: string, handlers: readonly string[]): string[] {
  return handlers.map((h) => path.join(bundleDir({ functionsDir }, h), 'index.mjs'));
}

function runBuild(script: string, reason: string): void {
  console.error(`Building first (${reason}): npm run ${script}`);
  const result = spawnSync('npm', ['run', '--silent', script], {
    cwd: repoRoot,
    // The app's stdout is the CDK CLI's; the build reports on stderr.
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) {
    throw new Error(`npm run ${script} failed (${result.error?.message ?? `exit ${result.status}`})`);
  }
}

const isDefault = (dir: string, defaultDir: string) => path.resolve(dir) === path.resolve(defaultDir);

/** Builds the default Lambda bundles and site when missing or stale (progress and reports on stderr). */
export function ensureBuilt(config: AppConfig, manifest: Manifest): void {
  if (isDefault(config.functionsDir, DEFAULT_FUNCTIONS_DIR)) {
    const outputs = bundleFiles(config.functionsDir, manifestHandlers(manifest));
    const reason = staleReason(outputs, BUNDLE_SOURCES);
    if (reason !== undefined) runBuild('build:functions', `Lambda bundles: ${reason}`);
  }
  if (isDefault(config.siteDir, DEFAULT_SITE_DIR)) {
    const outputs = [APP_SHELL, NOT_FOUND_PAGE, prerenderedFile('ja', false, '/')].map((page) =>
      path.join(config.siteDir, page),
    );
    const reason = staleReason(outputs, SITE_SOURCES);
    if (reason !== undefined) runBuild('build:web', `site: ${reason}`);
  }
}
