/** Japanese bank and branch codes (全銀協 data from the pinned `zengin-code` package). */
import { bankList, branchList } from './bank-data.ts';
import type { BankEntry } from './bank-rows.ts';

const LIMIT = 50;

/**
 * The English names of the banks people most often look for in English: the data set has only
 * Japanese names and a mechanical romanisation ('yuuchiyo', 'mitsubishiyu-efujiei').
 */
const ENGLISH_NAMES: Record<string, string> = {
  '0001': 'Mizuho Bank',
  '0005': 'MUFG Bank',
  '0009': 'SMBC Sumitomo Mitsui Banking',
  '0010': 'Resona Bank',
  '0017': 'Saitama Resona Bank',
  '0033': 'PayPay Bank',
  '0034': 'Seven Bank',
  '0035': 'Sony Bank',
  '0036': 'Rakuten Bank',
  '0038': 'SBI Sumishin Net Bank docomo SMTB',
  '0039': 'au Jibun Bank',
  '0040': 'Aeon Bank',
  '0397': 'SBI Shinsei Bank',
  '9900': 'Japan Post Bank Yucho',
};

/** Lower case, full-width letters and digits as ASCII ('ＰａｙＰａｙ' is 'paypay'). */
const folded = (s: string) => s.normalize('NFKC').toLowerCase();

/** 0 exact, 1 prefix, 2 contained, undefined no match: exact and prefix hits come first. */
function rank(entry: BankEntry, q: string): number | undefined {
  if (!q) return 2;
  const lower = folded(q);
  const fields = [entry.code, entry.name, entry.kana, entry.hira];
  const latin = [entry.roma, folded(entry.name), folded(ENGLISH_NAMES[entry.code] ?? '')].filter(Boolean);
  if (fields.includes(q) || latin.includes(lower)) return 0;
  if (fields.some((f) => f.startsWith(q)) || latin.some((f) => f.startsWith(lower))) return 1;
  if (fields.some((f) => f.includes(q)) || (lower.length > 1 && latin.some((f) => f.includes(lower))))
    return 2;
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

/** Banks whose code, name, reading or English name matches, best matches first; at most 50. */
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
