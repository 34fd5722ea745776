/** Shop fixtures: items written as the item form leaves them, buyers as profiles, the shop's deps. */
import { Agent } from 'node:http';
import { lotExpiry } from '@app/shared/ledger';
import { shelfOf } from '@app/shared/shop';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { inject } from 'vitest';
import { lotKeyOf } from '../../src/db/entities/lot.ts';
import { createDb } from '../../src/db/service.ts';
import type { ProfileItem } from '../../src/lib/auth.ts';
import { newId, timeId } from '../../src/lib/crypto.ts';
import type { MediaStore } from '../../src/lib/media-store.ts';
import type { ShopDeps } from '../../src/services/shop/deps.ts';
import type { ItemRecord } from '../../src/services/shop/views.ts';
import { tableName, testDb } from './cloud.ts';

export interface TestItemInput {
  creatorId: string;
  itemType?: 'photo' | 'video' | 'physical';
  price?: number;
  stock?: number;
  sensitive?: boolean;
  isPublic?: boolean;
  status?: 'draft' | 'published';
  openAt?: string;
  closeAt?: string;
  name?: string;
}

/** A published (by default) item with placeholder file keys, on sale since a day ago. */
export async function testItem(input: TestItemInput): Promise<string> {
  const item = await putItem(input.creatorId, {
    itemType: input.itemType ?? 'photo',
    price: input.price ?? 500,
    name: input.name ?? 'テスト商品',
    sensitive: input.sensitive ?? false,
    isPublic: input.isPublic ?? true,
    status: input.status ?? 'published',
    openAt: input.openAt ?? new Date(Date.now() - 86_400_000).toISOString(),
    ...(input.closeAt ? { closeAt: input.closeAt } : {}),
    ...(input.stock !== undefined ? { stockLimited: true, remaining: input.stock } : {}),
  });
  return item.itemId;
}

const HOUR = 3_600_000;

/**
 * A published, public photo item on sale since an hour ago (1,000 yen, unlimited stock) unless `over`
 * says else.
 */
export async function putItem(creatorId: string, over: Partial<ItemRecord> = {}): Promise<ItemRecord> {
  const now = new Date();
  const createdAt = new Date(now.getTime() - 2 * HOUR).toISOString();
  const base = {
    itemId: timeId(now),
    creatorId,
    shopOwner: creatorId,
    itemType: 'photo' as const,
    status: 'published' as const,
    isPublic: true,
    name: 'テスト写真集',
    description: '写真10枚',
    price: 1000,
    thumbnail: {
      key: `media/item-thumbnail/${creatorId}/t${Date.now().toString(36)}/full.webp`,
      contentType: 'image/webp',
    },
    images: [
      { key: `private/item-image/${creatorId}/a/full.webp`, contentType: 'image/webp', name: 'a.webp' },
    ],
    samples: [{ key: `media/sample/${creatorId}/s1/full.webp`, contentType: 'image/webp' }],
    openAt: new Date(now.getTime() - HOUR).toISOString(),
    stockLimited: false,
    showStock: true,
    lowStockThreshold: 0,
    sensitive: false,
    pinned: false,
    sold: 0,
    version: 1,
    createdAt,
    updatedAt: createdAt,
    publishedAt: createdAt,
    ...over,
  };
  const item = { ...base, ...shelfOf(base) } as ItemRecord;
  await testDb().entities.item.put(item).go();
  return item;
}

/** A buyer as the handlers hand it to services (a fan with sign-up complete by default). */
export function testBuyer(opts: Partial<ProfileItem> = {}): ProfileItem {
  return {
    profileId: newId(),
    roleId: 4,
    finalStep: 2,
    status: 'active',
    createdAt: new Date().toISOString(),
    ...opts,
  } as ProfileItem;
}

const noMedia = new Proxy({} as MediaStore, {
  get: () => () => {
    throw new Error('this test does not use media');
  },
});

export function shopTestDeps(clock: ShopDeps['clock'], media: MediaStore = noMedia): ShopDeps {
  return {
    db: testDb(),
    clock,
    media,
    scan: 'none',
    sender: { send: async () => 'sent' } as unknown as ShopDeps['sender'],
  };
}

/**
 * Mushroom lots for many holders at once (BatchWrite), for load tests that only spend: no journal
 * or log rows of the credit (the ledger's credit is tested on its own).
 */
export async function fundMany(holderIds: readonly string[], points: number): Promise<void> {
  const now = new Date();
  const expiresAt = lotExpiry(now).toISOString();
  const lots = holderIds.map((holderId) => {
    const lotId = newId();
    return {
      holderId,
      lotKey: lotKeyOf('mushroom', null, expiresAt, lotId),
      lotId,
      kind: 'mushroom' as const,
      expiresAt,
      expiryDate: expiresAt.slice(0, 10),
      shard: '0',
      initial: points,
      balance: points,
      txId: lotId,
      createdAt: now.toISOString(),
    };
  });
  const { unprocessed } = await testDb().entities.lot.put(lots).go({ concurrency: 4 });
  if (unprocessed.length) throw new Error(`${unprocessed.length} lots were not written`);
}

/**
 * The shop's deps over a client made for load tests: at most 16 sockets to DynamoDB Local (the
 * jar's server drops connections when a thousand requests arrive at once on a busy machine) and
 * more attempts for a dropped connection.
 */
export function loadTestDeps(clock: ShopDeps['clock']): ShopDeps {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: inject('dynamoEndpoint'),
      region: 'ap-northeast-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 8,
      requestHandler: new NodeHttpHandler({
        httpAgent: new Agent({ keepAlive: true, maxSockets: 16 }),
        // The queue is the point here: no warning for waiting on a socket.
        socketAcquisitionWarningTimeout: 600_000,
      }),
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return { ...shopTestDeps(clock), db: createDb(client, tableName()) };
}
