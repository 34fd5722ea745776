/** Japanese bank and branch codes (全銀協 data from the pinned `zengin-code` package). */
import { bankList, branchList } from './bank-data.ts';
import type { BankEntry } from './bank-rows.ts';

const LIMIT = 50;

/** 0 exact, 1 prefix, 2 contained, undefined no match: exact and prefix hits come first. */
function rank(entry: BankEntry, q: string): number | undefined {
  if (!q) return 2;
  const lower = q.toLowerCase();
  const fields = [entry.code, entry.name, entry.kana, entry.hira];
  if (fields.includes(q) || entry.roma === lower) return 0;
  if (fields.some((f) => f.startsWith(q)) || entry.roma.startsWith(lower)) return 1;
  if (fields.some((f) => f.includes(q))) return 2;
  return undefined;
}

const view = (e: BankEntry) => ({ code: e.code, name: e.name, kana: e.kana });

function search(entries: Iterable<BankEntry>, q: string) {
  const hits: { entry: BankEntry; score: number }[] = [];
  for (const entry of entries) {
    const score = rank(entry, q);
    if (score !== undefined) hits.push({ entry, score });
  }
  hits.sort((a, b) => a.score - b.score || a.entry.code.localeCompare(b.entry.code));
  return hits.slice(0, LIMIT).map((h) => view(h.entry));
}

/** Banks whose code, name or reading matches, best matches first; at most 50. */
export function searchBanks(q: string) {
  return search(bankList(), q);
}

export function findBank(code: string): BankEntry | undefined {
  return bankList().find((bank) => bank.code === code);
}

export function searchBranches(bankCode: string, q: string) {
  const bank = findBank(bankCode);
  const branches = branchList(bankCode);
  if (!bank || !branches) return undefined;
  return { bank: { code: bank.code, name: bank.name }, branches: search(branches, q) };
}

export function findBranch(bankCode: string, branchCode: string) {
  const bank = findBank(bankCode);
  const branch = branchList(bankCode)?.find((b) => b.code === branchCode);
  return bank && branch ? { bank, branch } : undefined;
}
