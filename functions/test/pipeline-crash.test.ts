/**
 * Side effects survive a crash (issue 8, item 12): `npm start`'s stack runs as a child process on
 * its own data folder; a burst of paid messages is cut by kill -9 of the whole process group
 * (gateway, handlers, stream poller and DynamoDB Local at once); the stack restarts on the same
 * data, the stream consumers catch up, and every committed message has exactly its two notices.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { businessConfig } from '@app/shared/config';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { lineSignIn, registerByMail } from '../../scripts/local/actors.ts';
import { REPO_ROOT } from '../../scripts/local/cloud.ts';
import { createDb, type Db } from '../src/db/service.ts';
import { systemClock } from '../src/lib/clock.ts';
import { newId } from '../src/lib/crypto.ts';
import { credit } from '../src/services/points/ledger.ts';
import { drainStreams } from './helpers/cloud.ts';

const BURST = 40;
/** Requests in flight at once: the kill lands between commits and their after-commit work. */
const IN_FLIGHT = 10;
/** kill -9 once this many sends have answered. */
const KILL_AFTER = 12;

interface Stack {
  child: ChildProcess;
  url: string;
  dynamoEndpoint: string;
  exited: Promise<void>;
}

const dataDir = mkdtempSync(join(tmpdir(), 'kinoko-crash-'));
const running = new Set<Stack>();

/** `tsx scripts/local/start.ts` on `dataDir`, in its own process group; resolves once it serves. */
function startStack(): Promise<Stack> {
  const child = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['scripts/local/start.ts'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      LOCAL_DATA: dataDir,
      SEED: 'false',
      SITE: 'false',
      LOG_LEVEL: 'SILENT',
      POWERTOOLS_LOG_LEVEL: 'WARN',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    let started = false;
    let dynamoEndpoint = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      dynamoEndpoint ||= /DynamoDB Local (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? '';
      const url = /Kinoko is running:\s+(http:\/\/localhost:\d+)/.exec(out)?.[1];
      if (url && dynamoEndpoint && !started) {
        started = true;
        const stack = { child, url, dynamoEndpoint, exited };
        running.add(stack);
        resolve(stack);
      }
      // Keep the pipe drained, keep only the tail for error messages.
      if (out.length > 20_000) out = out.slice(-10_000);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => reject(new Error(`the stack exited while starting:\n${out.slice(-3000)}`)));
  });
}

async function killStack(stack: Stack): Promise<void> {
  if (!running.has(stack)) return;
  process.kill(-(stack.child.pid as number), 'SIGKILL');
  await stack.exited;
  running.delete(stack);
}

afterAll(async () => {
  for (const stack of running) await killStack(stack);
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(origin: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${origin}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const tableOf = (stack: Stack): Db =>
  createDb(
    new DynamoDBClient({
      endpoint: stack.dynamoEndpoint,
      region: 'ap-northeast-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
    'kinoko-local',
  );

describe('a crash in the middle of a burst of paid messages', () => {
  it('loses no notice and writes none twice once the restarted pipeline catches up', {
    timeout: 150_000,
  }, async () => {
    const first = await startStack();
    const origin = first.url;
    const tag = Date.now().toString(36);
    const profile = (name: string) => ({
      username: `${name}${tag}`.slice(0, 20),
      nickname: name,
      genre: 'music',
      bio: 'crash',
      area: 13,
    });
    const userInfo = {
      full_name: '山田 太郎',
      notification_email: `crash.${tag}@example.com`,
      gender: 'male',
      birth_date: '1995-04-01',
    };
    const c = await registerByMail(origin, {
      email: `crash.creator.${tag}@example.com`,
      password: 'Crash#2026',
      roleId: 2,
    });
    await call(origin, '/mypage/profile/update', c.access_token, profile('crashc'));
    await call(origin, '/mypage/user', c.access_token, userInfo);
    await call(origin, '/mypage/skip-step', c.access_token, { step: 3 });
    const f = await lineSignIn(origin, { displayName: 'crash-fan' });
    await call(origin, '/mypage/profile/update', f.access_token, profile('crashf'));
    await call(origin, '/mypage/user', f.access_token, userInfo);
    await credit(
      { db: tableOf(first), clock: systemClock },
      {
        holderId: f.profile_id,
        kind: 'mushroom',
        points: 5000,
        txId: newId(),
        journalKind: 'purchase',
        log: { type: 3, detail: 'purchased' },
      },
    );
    const room = await call(origin, '/chatroom/create', f.access_token, { profile_id: c.profile_id });
    const chatroomId = room.id as string;

    // The burst: IN_FLIGHT sends at a time; kill -9 once KILL_AFTER of them have answered.
    let answered = 0;
    let killing: Promise<void> | undefined;
    const next = { i: 0 };
    const worker = async () => {
      while (next.i < BURST && !killing) {
        const i = next.i++;
        try {
          await call(origin, '/chat', f.access_token, {
            chatroom_id: chatroomId,
            uuid: randomUUID(),
            text: `burst ${i}`,
          });
          answered += 1;
          if (answered === KILL_AFTER) killing = killStack(first);
        } catch {
          // Cut by the kill.
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await killing;
    expect(answered).toBeGreaterThanOrEqual(KILL_AFTER);

    // The same data, a new process: the poller resumes from its checkpoint.
    const second = await startStack();
    await drainStreams(second.url);
    const db = tableOf(second);
    const { data: messages } = await db.entities.message.query.byRoom({ chatroomId }).go({ pages: 'all' });
    const paid = messages.filter((m) => m.txId !== undefined);
    // Every answered send committed; the kill cut some that committed without an answer.
    expect(paid.length).toBeGreaterThanOrEqual(answered);
    expect(paid.length).toBeLessThan(BURST);
    const price = businessConfig.chat.defaultCostMushrooms;
    expect(paid.every((m) => m.cost === price)).toBe(true);

    const noticesOf = async (profileId: string) =>
      (await db.entities.notice.query.byProfile({ profileId }).go({ pages: 'all' })).data;
    const earnings = await noticesOf(c.profile_id);
    const spending = await noticesOf(f.profile_id);
    const ids = (list: { noticeId: string }[]) => list.map((n) => n.noticeId).sort();
    expect(ids(earnings)).toEqual(paid.map((m) => `${m.messageId}-e`).sort());
    expect(ids(spending)).toEqual(paid.map((m) => `${m.messageId}-s`).sort());
    expect(earnings.every((n) => n.kind === 'chat_earning' && n.params.points === price)).toBe(true);
    expect(spending.every((n) => n.kind === 'chat_spend' && n.params.points === price)).toBe(true);
    // Each notice tells of its message's own time, whenever the pipeline wrote it.
    const createdAt = new Map(paid.map((m) => [m.messageId, m.createdAt]));
    for (const n of [...earnings, ...spending])
      expect(n.createdAt).toBe(createdAt.get(n.noticeId.slice(0, -2)));

    // Nothing was given up on.
    const streams = (await (await fetch(`${second.url}/_local/streams`)).json()) as {
      deadLetters: unknown[];
    };
    expect(streams.deadLetters).toEqual([]);

    // The ledger agrees: exactly the committed messages were paid.
    const store = await call(second.url, '/store', f.access_token);
    expect((store.balance as { total: number }).total).toBe(5000 - paid.length * price);
    await killStack(second);
  });
});
