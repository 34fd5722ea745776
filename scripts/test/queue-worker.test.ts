/**
 * Out-of-process queue workers (scripts/local/queue-worker.ts) against a local cloud whose queue has
 * no in-process poller: messages sent through lib/queue.ts's SQS sender; a worker killed with
 * SIGKILL mid-batch leaves its received messages in flight, they come back after the visibility
 * timeout with a receive count of 2 and a second worker processes them; drain ends with every
 * message done and nothing left in the queue or its dead-letter queue.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqsQueueSender } from '../../functions/src/lib/queue.ts';
import type { QueueDef } from '../../functions/src/manifest.ts';
import { type LocalCloud, REPO_ROOT, startLocalCloud } from '../local/cloud.ts';

const HANDLER_ROOT = join(REPO_ROOT, 'scripts/test/fixtures/handlers');
const MESSAGES = 30;
const def: QueueDef = {
  name: 'crash-test',
  handler: 'queues/crash-fixture',
  area: 'broadcasts',
  batchSize: 2,
  maxReceiveCount: 3,
  timeoutSeconds: 60,
  maxConcurrency: 2,
  producers: [],
};

interface Line {
  pid: number;
  phase: 'start' | 'done';
  body: string;
  count: number;
}

const dir = mkdtempSync(join(tmpdir(), 'kinoko-queue-worker-'));
const logFile = join(dir, 'log.jsonl');
let cloud: LocalCloud;
const workers = new Set<ChildProcess>();

const lines = (): Line[] =>
  existsSync(logFile)
    ? readFileSync(logFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Line)
    : [];

/** A worker process; resolves once it polls. */
function startWorker(): Promise<ChildProcess> {
  // `node --import tsx`, not the tsx CLI (which runs the script in a child that SIGKILL would miss).
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/local/queue-worker.ts',
      def.name,
      '--cloud',
      cloud.url,
      '--handler-root',
      HANDLER_ROOT,
    ],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, QUIET: 'true', QUEUE_FIXTURE_LOG: logFile, QUEUE_FIXTURE_DELAY_MS: '300' },
    },
  );
  workers.add(child);
  child.once('exit', () => workers.delete(child));
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${output}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('queue-worker ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}): ${output}`)));
  });
}

beforeAll(async () => {
  cloud = await startLocalCloud({
    port: 0,
    dataDir: null,
    site: false,
    quiet: true,
    stage: 'test',
    handlerRoot: HANDLER_ROOT,
    httpRoutes: [],
    wsRoutes: [],
    jobs: [],
    streamConsumers: [],
    queues: [def],
    externalQueueWorkers: [def.name],
    queueVisibilityTimeoutSeconds: 2,
  });
});

afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  await cloud?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('queue workers in their own processes', () => {
  it('lose nothing when one is killed mid-batch: its messages come back to another', async () => {
    await sqsQueueSender().send(
      def.name,
      Array.from({ length: MESSAGES }, (_, i) => ({ n: i })),
    );
    // No in-process poller: the messages wait for a worker.
    expect((await (await fetch(`${cloud.url}/_local/queues`)).json()).queues[0]).toMatchObject({
      visible: MESSAGES,
      inFlight: 0,
      poller: 'external',
    });

    const first = await startWorker();
    // Killed once a few batches are done and others are in its hands (started, not done).
    const inHand = () => {
      const all = lines();
      return all.filter(
        (l) => l.phase === 'start' && !all.some((d) => d.phase === 'done' && d.body === l.body),
      );
    };
    const deadline = Date.now() + 20_000;
    while (lines().filter((l) => l.phase === 'done').length < 4 || inHand().length === 0) {
      if (Date.now() > deadline) throw new Error('the first worker did no work');
      await new Promise((r) => setTimeout(r, 5));
    }
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const cut = inHand();
    expect(cut.length).toBeGreaterThan(0);

    await startWorker();
    const drained = await fetch(`${cloud.url}/_local/queues/drain?timeoutMs=30000`, { method: 'POST' });
    expect(drained.status).toBe(200);
    const state = (await drained.json()).queues[0];
    expect(state).toMatchObject({ visible: 0, inFlight: 0, delayed: 0 });
    expect(state.deadLetters).toMatchObject({ visible: 0, inFlight: 0 });

    const done = lines().filter((l) => l.phase === 'done');
    const bodies = new Set(done.map((l) => JSON.parse(l.body).n));
    expect(bodies.size).toBe(MESSAGES);
    // What the killed worker had in hand came back to the second one, received a second time.
    for (const c of cut) {
      const redone = done.find((l) => l.body === c.body && l.pid !== first.pid);
      expect(redone, c.body).toBeDefined();
      expect(redone?.count).toBe(2);
    }
    // The rest was delivered once: only the cut batches (at most maxConcurrency x batchSize) twice.
    const twice = [...bodies].filter((n) => done.filter((l) => JSON.parse(l.body).n === n).length > 1);
    expect(twice.length).toBeLessThanOrEqual(def.maxConcurrency * def.batchSize);
  });
});
