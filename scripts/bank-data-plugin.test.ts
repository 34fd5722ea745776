import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as fromSource from '../functions/src/services/banks.ts';
import { BANK_DATA_DIR, usesBankData, writeBankData } from './bank-data-plugin.ts';
import { LAMBDA_BUILD_OPTIONS } from './build-functions.ts';

const banksModule = fileURLToPath(new URL('../functions/src/services/banks.ts', import.meta.url));

describe('bank data beside the bundle', () => {
  let dir: string;
  let bundled: typeof fromSource;
  let bundleBytes: number;
  let usesData: boolean;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bank-data-'));
    const result = await build({
      entryPoints: { index: banksModule },
      outdir: dir,
      ...LAMBDA_BUILD_OPTIONS,
      metafile: true,
      logLevel: 'error',
    });
    usesData = Object.values(result.metafile.outputs).some((o) => usesBankData(o.inputs));
    await writeBankData(dir);
    bundleBytes = (await stat(path.join(dir, 'index.mjs'))).size;
    bundled = await import(pathToFileURL(path.join(dir, 'index.mjs')).href);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('the bundle reads the rows from files: the data set is not in it', async () => {
    expect(usesData).toBe(true);
    expect(bundleBytes).toBeLessThan(20_000);
    expect((await stat(path.join(dir, BANK_DATA_DIR, 'banks.json'))).isFile()).toBe(true);
  });

  test('searches and look-ups answer as from zengin-code itself', () => {
    for (const q of ['', 'みずほ', 'ミツビシ', 'mizuho', '0009', 'ゆうちょ', 'nothing-matches']) {
      expect(bundled.searchBanks(q)).toEqual(fromSource.searchBanks(q));
    }
    for (const [bank, q] of [
      ['0001', '東京'],
      ['9900', ''],
      ['0005', 'シブヤ'],
    ] as const) {
      expect(bundled.searchBranches(bank, q)).toEqual(fromSource.searchBranches(bank, q));
    }
    expect(bundled.findBranch('0001', '001')).toEqual(fromSource.findBranch('0001', '001'));
    expect(bundled.findBranch('0001', '001')?.branch.name).toBeTruthy();
    expect(bundled.findBranch('0001', '999')).toBeUndefined();
    expect(bundled.findBank('0002')).toBeUndefined();
    expect(bundled.searchBranches('0002', '')).toBeUndefined();
    expect(bundled.searchBranches('../x', '')).toBeUndefined();
  });
});
