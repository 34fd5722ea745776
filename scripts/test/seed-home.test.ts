/**
 * Home's demo content (scripts/seed-home.ts), written to a table of its own so the shared test
 * table's home stays empty for the other tests: three news items in both languages for every
 * audience, newest first, and the banner with its image stored as a public WebP.
 */
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../functions/src/db/service.ts';
import { createTableInput } from '../../functions/src/db/table.ts';
import type { MediaStore } from '../../functions/src/lib/media-store.ts';
import { db as documentClient } from '../../functions/test/helpers/cloud.ts';
import { BANNER_KEY, demoNews, seedHome } from '../seed-home.ts';

describe('home demo content', () => {
  const table = `kinoko-seed-home-${Date.now()}`;
  const written = new Map<string, { body: Uint8Array; contentType: string }>();
  const media = {
    write: async (key: string, body: Uint8Array, meta: { contentType: string }) => {
      written.set(key, { body, contentType: meta.contentType });
    },
  } as unknown as MediaStore;
  const db = () => createDb(documentClient(), table);

  beforeAll(async () => {
    const client = new DynamoDBClient({
      endpoint: inject('dynamoEndpoint'),
      region: 'ap-northeast-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await client.send(new CreateTableCommand(createTableInput(table)));
    await seedHome({ db: db(), media, now: new Date('2026-05-20T03:00:00.000Z') });
  });

  it('writes the news for every audience in ja and en, newest first', async () => {
    for (const roleId of [1, 2, 3, 4]) {
      const { data } = await db().entities.newsAudience.query.forRole({ roleId }).go({ order: 'desc' });
      expect(data.map((n) => n.titleJa)).toEqual(demoNews.map((n) => n.titleJa));
      expect(data.every((n) => n.titleEn.length > 0)).toBe(true);
      const first = data[0] as (typeof data)[number];
      const { data: news } = await db().entities.news.get({ newsId: first.newsId }).go();
      expect(news?.bodyJa).toContain('\n');
      expect(news?.bodyEn.length).toBeGreaterThan(0);
      expect(news?.publishedAt).toBe('2026-05-19T03:00:00.000Z');
    }
  });

  it('writes the campaign banner and its public WebP image', async () => {
    const { data: banner } = await db().entities.homeBanner.get({}).go();
    expect(banner).toMatchObject({ imageKey: BANNER_KEY, link: '/discovery' });
    expect(BANNER_KEY.startsWith('media/')).toBe(true);
    const file = written.get(BANNER_KEY);
    expect(file?.contentType).toBe('image/webp');
    const meta = await sharp(file?.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 400]);
  });
});
