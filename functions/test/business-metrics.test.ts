/**
 * The business and failure metrics, recorded by the services themselves (called here in the test's
 * process, where what they record can be read; through the gateway they run in the local cloud's).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { AppError } from '../src/lib/errors.ts';
import type { MediaStore } from '../src/lib/media-store.ts';
import { METRIC } from '../src/lib/metric-names.ts';
import { squareGateway } from '../src/lib/square.ts';
import { sendMessage } from '../src/services/chat/messages.ts';
import { createPayment } from '../src/services/points/purchase.ts';
import { creator, fan, give, room } from './helpers/chat.ts';
import { manualClock, testDb } from './helpers/cloud.ts';
import { recordMetrics } from './helpers/metrics.ts';
import { buyer, purchaseBody, SANDBOX_NONCES } from './helpers/points.ts';

async function profileOf(profileId: string) {
  const { data } = await testDb().entities.profile.get({ profileId }).go();
  if (!data) throw new Error(`no profile ${profileId}`);
  return data;
}

function paymentDeps() {
  const env = inject('localEnv');
  return {
    db: testDb(),
    clock: manualClock(),
    gateway: squareGateway({
      accessToken: env.SQUARE_ACCESS_TOKEN as string,
      baseUrl: env.SQUARE_API_URL as string,
    }),
    mailer: { send: async () => {} },
  };
}

async function recorded<T>(work: () => Promise<T>) {
  const metrics = recordMetrics();
  try {
    const outcome = await work().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    return { ...outcome, metrics: metrics.recorded() };
  } finally {
    metrics.stop();
  }
}

describe('business metrics', () => {
  it('a paid message records its count and points once; its replay and a creator’s free reply record nothing', async () => {
    const c = await creator();
    const f = await fan();
    await give(f.profileId, 100);
    const chatroomId = await room(f, c);
    const deps = {
      db: testDb(),
      clock: manualClock(),
      sender: { send: async () => ({}) },
      // Text messages only: the media bucket is never asked.
      media: new Proxy({} as MediaStore, {
        get: (_, name) => () => {
          throw new Error(`media.${String(name)} called by a text message`);
        },
      }),
      scan: 'none' as const,
    };
    const req = {
      chatroom_id: chatroomId,
      uuid: randomUUID(),
      text: 'こんにちは',
      use_original_points: false,
    };
    const fanProfile = await profileOf(f.profileId);
    const first = await recorded(() => sendMessage(deps, fanProfile, req));
    const points = (first as { value?: { points: number } }).value?.points;
    expect(points).toBeGreaterThan(0);
    expect(first.metrics).toEqual([
      { name: METRIC.paidMessages, value: 1, dimensions: {} },
      { name: METRIC.paidMessagePoints, value: points, dimensions: {} },
    ]);
    expect((await recorded(() => sendMessage(deps, fanProfile, req))).metrics).toEqual([]);
    const creatorProfile = await profileOf(c.profileId);
    const reply = await recorded(() =>
      sendMessage(deps, creatorProfile, {
        chatroom_id: chatroomId,
        uuid: randomUUID(),
        text: 'ありがとう',
        use_original_points: false,
      }),
    );
    expect(reply.metrics).toEqual([]);
  });

  it('payment failures are recorded by class: a declined card, and no answer from Square', async () => {
    const b = await buyer();
    const profile = await profileOf(b.profileId);
    const declined = await recorded(() =>
      createPayment(paymentDeps(), profile, purchaseBody(b, SANDBOX_NONCES.declined, 10), 'ja'),
    );
    expect((declined as { error?: unknown }).error).toBeInstanceOf(AppError);
    expect(declined.metrics).toEqual([
      { name: METRIC.paymentFailures, value: 1, dimensions: { class: 'declined' } },
    ]);
    const network = await recorded(() =>
      createPayment(paymentDeps(), profile, purchaseBody(b, SANDBOX_NONCES.networkError, 10), 'ja'),
    );
    expect(network.metrics).toEqual([
      { name: METRIC.paymentFailures, value: 1, dimensions: { class: 'network' } },
    ]);
  });
});
