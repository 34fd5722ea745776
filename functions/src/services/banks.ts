/** Japanese bank and branch codes (全銀協 data from the pinned `zengin-code` package). */
import zengin from 'zengin-code';

interface ZenginBranch {
  code: string;
  name: string;
  kana: string;
  hira: string;
  roma: string;
}
interface ZenginBank extends ZenginBranch {
  branches: Record<string, ZenginBranch>;
}

const data = zengin as unknown as Record<string, ZenginBank>;
const LIMIT = 50;

function matches(entry: ZenginBranch, q: string): boolean {
  if (!q) return true;
  const lower = q.toLowerCase();
  return (
    entry.code.startsWith(q) ||
    entry.name.includes(q) ||
    entry.kana.includes(q) ||
    entry.hira.includes(q) ||
    entry.roma.startsWith(lower)
  );
}

const view = (e: ZenginBranch) => ({ code: e.code, name: e.name, kana: e.kana });

/** Banks whose code, name or reading matches; code order; at most 50. */
export function searchBanks(q: string) {
  const hits: ZenginBranch[] = [];
  for (const bank of Object.values(data)) {
    if (matches(bank, q)) hits.push(bank);
    if (hits.length >= LIMIT) break;
  }
  return hits.map(view);
}

export function findBank(code: string) {
  return data[code];
}

export function searchBranches(bankCode: string, q: string) {
  const bank = data[bankCode];
  if (!bank) return undefined;
  const hits: ZenginBranch[] = [];
  for (const branch of Object.values(bank.branches)) {
    if (matches(branch, q)) hits.push(branch);
    if (hits.length >= LIMIT) break;
  }
  return { bank: { code: bank.code, name: bank.name }, branches: hits.map(view) };
}

export function findBranch(bankCode: string, branchCode: string) {
  const bank = data[bankCode];
  const branch = bank?.branches[branchCode];
  return bank && branch ? { bank, branch } : undefined;
}
