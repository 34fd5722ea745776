/**
 * `npm start`: the whole product on one machine. Builds the web client when needed, starts the
 * local cloud with persistent data in .local/, seeds demo data into an empty table.
 * Env: PORT (default 3000), LOCAL_DATA=memory (nothing kept) or a folder (default .local),
 * SEED=false (no demo data), SITE=false (API and stand-ins only: no web build, no site),
 * LOCAL_QUEUE_VISIBILITY_SECONDS=<n> (every queue's visibility timeout instead of 6 x its
 * consumer's timeout), LOCAL_QUEUE_WORKERS=external or a comma list of queue names (no in-process
 * poller: `scripts/local/queue-worker.ts <queue>` processes consume them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { queues } from '../../functions/src/manifest.ts';
import { REPO_ROOT, startLocalCloud } from './cloud.ts';
import { LocalCloudError } from './errors.ts';
import { missingSiteFiles } from './site.ts';

const WEB_INPUTS = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/prerender-plugin.ts',
  'shared/src',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildWebIfStale(): void {
  const built = join(REPO_ROOT, 'web/dist/index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...WEB_INPUTS.map((p) => newestMtime(join(REPO_ROOT, p))));
  if (builtAt >= sourcesAt && missingSiteFiles(join(REPO_ROOT, 'web/dist')).length === 0) return;
  console.log(builtAt ? 'Web sources changed: rebuilding the site…' : 'Building the site (first run)…');
  const result = spawnSync('npx', ['vite', 'build', 'web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new LocalCloudError(
      'The web build failed (see above). Fix it, or run `npm run build:web` to retry.',
    );
  }
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new LocalCloudError(`PORT must be a port number, got ${process.env.PORT}`);
  const data = process.env.LOCAL_DATA;
  const persistent = data !== 'memory';
  const site = process.env.SITE !== 'false';
  const visibility = process.env.LOCAL_QUEUE_VISIBILITY_SECONDS;
  if (visibility !== undefined && !/^\d+$/.test(visibility))
    throw new LocalCloudError(`LOCAL_QUEUE_VISIBILITY_SECONDS must be whole seconds, got ${visibility}`);
  const workers = process.env.LOCAL_QUEUE_WORKERS;
  if (site) buildWebIfStale();
  const cloud = await startLocalCloud({
    port,
    dataDir: persistent ? (data ? resolve(data) : undefined) : null,
    site,
    stage: 'local',
    seed: process.env.SEED !== 'false',
    runStartJobs: true,
    ...(visibility !== undefined ? { queueVisibilityTimeoutSeconds: Number(visibility) } : {}),
    ...(workers
      ? {
          externalQueueWorkers:
            workers === 'external' ? queues.map((q) => q.name) : workers.split(',').map((n) => n.trim()),
        }
      : {}),
    // Fixed ports keep stored S3 URLs valid across restarts.
    ...(persistent && port !== 0 ? { dynamoPort: port + 1, s3Port: port + 2 } : {}),
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`\n${signal}: stopping the local cloud…`);
    await cloud.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  console.log(`
  Kinoko is running:  ${cloud.url}
  Mail outbox:        ${cloud.url}/_local/outbox
  Push log:           ${cloud.url}/_local/push

  ${persistent ? `Data is kept in ${data || '.local/'} (delete it to start over).` : 'LOCAL_DATA=memory: nothing is kept.'} Press Ctrl-C to stop.
`);
}

main().catch((err: unknown) => {
  if (err instanceof LocalCloudError) console.error(`\n${err.message}\n`);
  else if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(
      `\nPort ${process.env.PORT ?? 3000} (or the next two) is in use: stop the other process or set PORT.\n`,
    );
  } else console.error(err);
  process.exit(1);
});
