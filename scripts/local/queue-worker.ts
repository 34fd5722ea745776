/**
 * `tsx scripts/local/queue-worker.ts <queue-name> [--cloud <url>] [--handler-root <dir>] [--concurrency <n>]`: the
 * local event source mapping of one manifest queue (queues.ts `QueuePoller`) in a process of its
 * own, pointed at a running local cloud (`--cloud`, else LOCAL_CLOUD_URL, else
 * http://localhost:$PORT or 3000). It reads the handlers' environment and the queue's URL from the
 * cloud (`GET /_local/queues/worker.json`) and invokes the handler module from functions/src, as the
 * cloud's own poller would. Start the cloud with the queue's in-process poller off
 * (LOCAL_QUEUE_WORKERS, or `externalQueueWorkers`) to have only workers consume it.
 *
 * A worker killed with SIGKILL leaves the messages it had received in flight: they come back after
 * the visibility timeout and another worker processes them (the benchmark's crash run). SIGINT or
 * SIGTERM stop it after the current batches. It prints `queue-worker ready <queue>` once polling.
 * To kill it, start it as `node --import tsx scripts/local/queue-worker.ts …`: the `tsx` CLI runs
 * the script in a child process, which a SIGKILL of the CLI leaves running.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { QueueDef } from '../../functions/src/manifest.ts';
import { applyEnv, LOCAL_ACCESS_KEY_ID, LOCAL_REGION, LOCAL_SECRET_ACCESS_KEY } from './env.ts';
import { LambdaRuntime } from './lambda.ts';
import { createLog } from './log.ts';
import { QueuePoller } from './queues.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

interface WorkerConfig {
  env: Record<string, string>;
  queues: { def: QueueDef; url: string; arn: string }[];
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const name = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  if (!name) throw new Error('usage: queue-worker.ts <queue-name> [--cloud <url>] [--handler-root <dir>]');
  const cloud =
    option(args, '--cloud') ?? process.env.LOCAL_CLOUD_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  const response = await fetch(`${cloud}/_local/queues/worker.json`);
  if (!response.ok) throw new Error(`${cloud}/_local/queues/worker.json answered ${response.status}`);
  const config = (await response.json()) as WorkerConfig;
  const queue = config.queues.find((q) => q.def.name === name);
  if (!queue)
    throw new Error(
      `No queue '${name}' in the local cloud (${config.queues.map((q) => q.def.name).join(', ')})`,
    );
  applyEnv(config.env);
  const log = createLog(process.env.QUIET === 'true');
  const stage = config.env.STAGE ?? 'local';
  const runtime = new LambdaRuntime(
    option(args, '--handler-root') ?? join(REPO_ROOT, 'functions/src'),
    `kinoko-${stage}`,
  );
  const poller = new QueuePoller({
    endpoint: config.env.AWS_ENDPOINT_URL_SQS as string,
    region: LOCAL_REGION,
    credentials: { accessKeyId: LOCAL_ACCESS_KEY_ID, secretAccessKey: LOCAL_SECRET_ACCESS_KEY },
    // `--concurrency <n>`: fewer invocations at once than the queue's maximum (one process plays them all).
    def: { ...queue.def, maxConcurrency: Number(option(args, '--concurrency') ?? queue.def.maxConcurrency) },
    queueUrl: queue.url,
    queueArn: queue.arn,
    invoke: (handler, event) => runtime.invoke(handler, event),
    log,
  });
  // Loaded before the first receive: a slow import would otherwise eat into the visibility timeout.
  await runtime.load(queue.def.handler);
  poller.start();
  console.log(`queue-worker ready ${name} (pid ${process.pid})`);
  const stop = async () => {
    await poller.stop();
    console.log(`queue-worker stopped ${name}: ${JSON.stringify(poller.stats)}`);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
