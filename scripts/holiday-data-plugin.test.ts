import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import holidayJp from '@holiday-jp/holiday_jp';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { transferDateOf } from '../shared/src/withdrawal.ts';
import { LAMBDA_BUILD_OPTIONS } from './build-functions.ts';

const rootDir = fileURLToPath(new URL('..', import.meta.url));

interface Bundled {
  isJapaneseHoliday: (date: string) => boolean;
  transferDateOf: typeof transferDateOf;
}

describe('the holiday data set in a Lambda bundle', () => {
  let dir: string;
  let bundled: Bundled;
  let holidayBytes: number;

  beforeAll(async () => {
    await mkdir(path.join(rootDir, 'node_modules', '.cache'), { recursive: true });
    dir = await mkdtemp(path.join(rootDir, 'node_modules', '.cache', 'holiday-plugin-'));
    const result = await build({
      stdin: {
        contents: "export { isJapaneseHoliday, transferDateOf } from './shared/src/withdrawal.ts';",
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
    const output = Object.values(result.metafile.outputs)[0];
    holidayBytes = Object.entries(output?.inputs ?? {})
      .filter(([file]) => file.includes('holiday'))
      .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
    bundled = await import(pathToFileURL(path.join(dir, 'index.mjs')).href);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('every holiday of the package is one, and no other date', () => {
    const dates = Object.keys(holidayJp.holidays);
    expect(dates.length).toBeGreaterThan(1000);
    for (const date of dates) expect(bundled.isJapaneseHoliday(date), date).toBe(true);
    for (const date of ['2026-05-07', '2027-01-08', '2050-12-24', 'toString', '__proto__'])
      expect(bundled.isJapaneseHoliday(date), date).toBe(false);
  });

  test('the bundle gives the transfer dates the source gives', () => {
    for (let day = 0; day < 800; day += 3) {
      const at = new Date(Date.UTC(2026, 0, 1 + day, 3));
      expect(bundled.transferDateOf(at)).toBe(transferDateOf(at));
    }
  });

  test('only the dates are bundled (not the names and weekdays)', () => {
    // 1,300+ dates of 11 characters; the package's whole data set is ten times that.
    expect(holidayBytes).toBeLessThan(Object.keys(holidayJp.holidays).length * 12 + 500);
  });
});
