/**
 * The bank and branch lists. From source (tests, the local cloud) they come from `zengin-code` in
 * memory; in a Lambda bundle the build replaces this module with one that reads the compact rows
 * from files beside the bundle, one bank's branches at a time (scripts/bank-data-plugin.ts), so the
 * 4 MB data set never enters a bundle. Both forms have this interface.
 */
import zengin from 'zengin-code';
import { BANK_CODE, type BankEntry, type BankRows, compactZengin, fromRow } from './bank-rows.ts';

let rows: BankRows | undefined;
let banks: BankEntry[] | undefined;
const data = () => {
  rows ??= compactZengin(zengin);
  return rows;
};

export function bankList(): BankEntry[] {
  banks ??= data().banks.map(fromRow);
  return banks;
}

export function branchList(bankCode: string): BankEntry[] | undefined {
  if (!BANK_CODE.test(bankCode)) return undefined;
  return data().branches[bankCode]?.map(fromRow);
}
