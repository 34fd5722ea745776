import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb } from '../functions/src/db/service.ts';
import { LAMBDA_BUILD_OPTIONS } from './build-functions.ts';
import { ELECTRODB_MODEL_CHECK } from './electrodb-plugin.ts';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'ap-northeast-1' }));
const model = { entity: 'probe', version: '1', service: 'probe' };
const attributes = { id: { type: 'string' } } as const;
const indexes = { primary: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } } };

interface Bundled {
  createDb: typeof createDb;
  Entity: new (schema: unknown, config?: unknown) => unknown;
}

describe('ElectroDB in a Lambda bundle', () => {
  let dir: string;
  let bundled: Bundled;
  let inputs: string[];

  beforeAll(async () => {
    // Inside the checkout, so the bundle finds the AWS SDK (external, as in the Lambda runtime).
    await mkdir(path.join(rootDir, 'node_modules', '.cache'), { recursive: true });
    dir = await mkdtemp(path.join(rootDir, 'node_modules', '.cache', 'electrodb-plugin-'));
    const result = await build({
      stdin: {
        contents:
          "export { Entity } from 'electrodb'; export { createDb } from './functions/src/db/service.ts';",
        resolveDir: rootDir,
        loader: 'ts',
        sourcefile: 'entry.ts',
      },
      outdir: dir,
      ...LAMBDA_BUILD_OPTIONS,
      entryNames: 'index',
      metafile: true,
      logLevel: 'error',
    });
    inputs = Object.keys(result.metafile.inputs).map((file) => path.resolve(rootDir, file));
    bundled = await import(pathToFileURL(path.join(dir, 'index.mjs')).href);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('jsonschema is left out, the model check is in', () => {
    expect(inputs.some((file) => file.split(path.sep).includes('jsonschema'))).toBe(false);
    expect(inputs).toContain(ELECTRODB_MODEL_CHECK);
  });

  test('every entity is built as from source, and the Service takes the Entity instances', () => {
    const fromBundle = bundled.createDb(client, 'test-table');
    const fromSource = createDb(client, 'test-table');
    expect(Object.keys(fromBundle.entities)).toEqual(Object.keys(fromSource.entities));
    for (const [name, entity] of Object.entries(fromSource.entities)) {
      const other = fromBundle.entities[name as keyof typeof fromBundle.entities];
      expect(JSON.stringify(other.schema), name).toBe(JSON.stringify(entity.schema));
    }
    const item = { blockerId: 'a', blockedId: 'b', createdAt: '2026-11-23T00:00:00.000Z' };
    expect(fromBundle.entities.block.put(item).params()).toEqual(
      fromSource.entities.block.put(item).params(),
    );
  });

  test('a model without its indexes, or with a model name that is no string, is still refused', () => {
    expect(() => new bundled.Entity({ model, attributes, indexes })).not.toThrow();
    expect(() => new bundled.Entity({ model, attributes })).toThrow(/requires property "indexes"/);
    expect(() => new bundled.Entity({ model: { ...model, entity: 1 }, attributes, indexes })).toThrow(
      /instance\.model\.entity is not of a type\(s\) string/,
    );
  });
});
