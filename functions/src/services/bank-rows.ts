/**
 * The compact form of the 全銀協 bank-code data (`zengin-code`) that the bank functions use: per
 * bank or branch only code, name and readings, as rows. The build writes these rows as files beside
 * the bundles that need them (scripts/bank-data-plugin.ts); from source they are made in memory.
 */

export interface BankEntry {
  code: string;
  name: string;
  kana: string;
  hira: string;
  roma: string;
}

/** [code, name, kana, hira, roma] */
export type BankRow = [string, string, string, string, string];

export interface BankRows {
  banks: BankRow[];
  /** The branches of each bank, by bank code. */
  branches: Record<string, BankRow[]>;
}

interface ZenginBank extends BankEntry {
  branches: Record<string, BankEntry>;
}

const row = (e: BankEntry): BankRow => [e.code, e.name, e.kana, e.hira, e.roma];

export const fromRow = ([code, name, kana, hira, roma]: BankRow): BankEntry => ({
  code,
  name,
  kana,
  hira,
  roma,
});

/** Only the fields the search and the bank-account check read, in code order. */
export function compactZengin(zengin: Record<string, unknown>): BankRows {
  const banks = Object.values(zengin as Record<string, ZenginBank>).sort((a, b) =>
    a.code.localeCompare(b.code),
  );
  const branches: Record<string, BankRow[]> = {};
  for (const bank of banks) {
    branches[bank.code] = Object.values(bank.branches)
      .sort((a, b) => a.code.localeCompare(b.code))
      .map(row);
  }
  return { banks: banks.map(row), branches };
}

/** Bank codes are four digits (also the name of each branch file). */
export const BANK_CODE = /^\d{4}$/;
