/**
 * Keeps the bank-code data set out of the Lambda bundles. `functions/src/services/bank-data.ts`
 * builds the bank and branch lists from `zengin-code` in memory (source runs: tests, the local
 * cloud); in a bundle this esbuild plugin replaces it with a module of the same interface that
 * reads compact rows from files beside the bundle (`bank-data/banks.json`, one
 * `bank-data/<bankCode>.json` per bank), written by `writeBankData` into every bundle that uses them.
 * A request reads the bank list and at most one bank's branches: a few KB instead of 4 MB at load.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import zengin from 'zengin-code';
import { compactZengin } from '../functions/src/services/bank-rows.ts';

export const BANK_DATA_DIR = 'bank-data';
const MODULE = /(^|[\\/])functions[\\/]src[\\/]services[\\/]bank-data\.ts$/;

/** The bundle's form of services/bank-data.ts (same exports). */
export const BANK_DATA_READER = `
import { readFileSync } from 'node:fs';
const BANK_CODE = /^\\d{4}$/;
const entry = ([code, name, kana, hira, roma]) => ({ code, name, kana, hira, roma });
const read = (file) =>
  JSON.parse(readFileSync(new URL('./${BANK_DATA_DIR}/' + file, import.meta.url), 'utf8')).map(entry);
let banks;
const branches = new Map();
export function bankList() {
  banks ??= read('banks.json');
  return banks;
}
export function branchList(bankCode) {
  if (!BANK_CODE.test(bankCode) || !bankList().some((bank) => bank.code === bankCode)) return undefined;
  let list = branches.get(bankCode);
  if (!list) {
    list = read(bankCode + '.json');
    branches.set(bankCode, list);
  }
  return list;
}
`;

export function bankDataPlugin(): Plugin {
  return {
    name: 'bank-data',
    setup(build) {
      build.onLoad({ filter: MODULE }, () => ({ contents: BANK_DATA_READER, loader: 'js' }));
    },
  };
}

/** True when an esbuild output (its metafile inputs) uses the bank data. */
export function usesBankData(inputs: Record<string, unknown>): boolean {
  return Object.keys(inputs).some((input) => MODULE.test(input));
}

/** Writes the compact rows beside one bundle; returns their total size in bytes. */
export async function writeBankData(bundleDir: string): Promise<number> {
  const rows = compactZengin(zengin);
  const dir = path.join(bundleDir, BANK_DATA_DIR);
  await mkdir(dir, { recursive: true });
  const files: [string, string][] = [['banks.json', JSON.stringify(rows.banks)]];
  for (const [code, list] of Object.entries(rows.branches))
    files.push([`${code}.json`, JSON.stringify(list)]);
  await Promise.all(files.map(([name, text]) => writeFile(path.join(dir, name), text)));
  return files.reduce((sum, [, text]) => sum + Buffer.byteLength(text), 0);
}
