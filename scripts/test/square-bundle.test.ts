/**
 * The Square gateway as the Lambda bundles carry it (lib/square.ts built with
 * scripts/square-sdk-plugin.ts: only the cards, customers and payments clients, Node's own fetch),
 * driven against the local Square stand-in. scripts/test/square.test.ts covers the same gateway
 * from source in depth.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SANDBOX_NONCES } from '@app/shared/square-sandbox';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PaymentGateway } from '../../functions/src/lib/payment-gateway.ts';
import type * as SquareModule from '../../functions/src/lib/square.ts';
import { LAMBDA_BUILD_OPTIONS } from '../build-functions.ts';

const squareModule = fileURLToPath(new URL('../../functions/src/lib/square.ts', import.meta.url));
let dir: string;
let bundleBytes: number;
let bundleText: string;
let apiTypes: string[];
let square: PaymentGateway;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'square-bundle-'));
  const result = await build({
    entryPoints: { index: squareModule },
    outdir: dir,
    ...LAMBDA_BUILD_OPTIONS,
    metafile: true,
    logLevel: 'error',
  });
  apiTypes = Object.keys(result.metafile.inputs)
    .filter((file) => file.includes('node_modules/square/api/types/'))
    .map((file) => path.basename(file));
  bundleBytes = (await stat(path.join(dir, 'index.mjs'))).size;
  bundleText = await readFile(path.join(dir, 'index.mjs'), 'utf8');
  const bundled = (await import(pathToFileURL(path.join(dir, 'index.mjs')).href)) as typeof SquareModule;
  const env = inject('localEnv');
  square = bundled.squareGateway({
    accessToken: env.SQUARE_ACCESS_TOKEN as string,
    baseUrl: env.SQUARE_API_URL as string,
  });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const key = () => randomUUID();

async function rejection(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected a CardError');
    },
    (e: { name?: string; code?: string; squareCodes?: string[] }) => e,
  );
}

describe('the bundled Square gateway', () => {
  it('leaves the rest of the SDK out', () => {
    // The whole SDK bundles to over 3 MB (minified).
    expect(bundleBytes).toBeLessThan(700_000);
    // The customers client's sub-resources are stand-ins that throw, not the SDK's clients.
    for (const name of ['GroupsClient', 'SegmentsClient', 'CustomAttributesClient', 'CardsClient'])
      expect(bundleText).toContain(`${name} is left out of this bundle`);
    expect(bundleText).not.toContain('/v2/customers/groups');
    // Of the API's types and enums, only the two enums SquareError reads.
    expect(apiTypes.sort()).toEqual(['ErrorCategory.js', 'ErrorCode.js']);
  });

  it('customers, cards on file, payments and the lookup of a payment', async () => {
    const referenceId = randomUUID();
    const { id: customerId } = await square.createCustomer({
      idempotencyKey: key(),
      referenceId: `profile-${randomUUID()}`,
      email: 'fan@example.jp',
    });
    expect(customerId).toMatch(/^[0-9A-Z]{26}$/);

    const card = await square.createCard({
      idempotencyKey: key(),
      sourceId: SANDBOX_NONCES.ok,
      customerId,
      cardholderName: 'Kinoko Taro',
    });
    expect(card).toMatchObject({ customerId, cardholderName: 'Kinoko Taro', enabled: true });
    expect(card.last4).toMatch(/^\d{4}$/);
    expect(await square.listCards(customerId)).toEqual([card]);
    expect(await square.getCard(card.id)).toEqual(card);
    expect(await square.getCard('ccof:NOPE')).toBeNull();

    const createdFrom = new Date(Date.now() - 60_000);
    const payment = await square.createPayment({
      idempotencyKey: key(),
      sourceId: card.id,
      customerId,
      amountYen: 1200,
      referenceId,
    });
    expect(payment).toMatchObject({ status: 'COMPLETED', amountYen: 1200, referenceId });
    expect(await square.findPayment({ referenceId, amountYen: 1200, createdFrom })).toEqual(payment);

    await square.disableCard(card.id);
    expect(await square.listCards(customerId)).toEqual([]);
  });

  it('classifies a declined card', async () => {
    const { id: customerId } = await square.createCustomer({
      idempotencyKey: key(),
      referenceId: 'p-declined',
    });
    const err = await rejection(
      square.createPayment({
        idempotencyKey: key(),
        sourceId: SANDBOX_NONCES.declined,
        customerId,
        amountYen: 500,
        referenceId: 'purchase-declined',
      }),
    );
    expect(err).toMatchObject({ name: 'CardError', code: 'card_declined' });
  });
});
