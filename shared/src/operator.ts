/**
 * The operator's details that the legal pages show (terms, creator terms, the commercial
 * transactions notice): one set per stage. A deployed stage takes them from the CDK context
 * `operator` (infra/src/config.ts), which the deployment writes into the site's runtime
 * configuration (shared/src/runtime-config.ts); the local cloud and the dev server use the samples
 * below. The prod synth refuses a set that still holds placeholders (`operatorPlaceholders`).
 * No zod here: the web parses this before the first paint.
 */

export interface LocalizedText {
  ja: string;
  en: string;
}

export interface OperatorDetails {
  /** Registered company name (販売事業者). */
  companyName: LocalizedText;
  /** Person responsible for operations (運営統括責任者). */
  responsiblePerson: LocalizedText;
  /** Registered address (所在地). */
  address: LocalizedText;
  /** Contact e-mail address (メールアドレス), also the terms' contact. */
  email: string;
  /** Court with exclusive jurisdiction in the first instance. */
  court: LocalizedText;
  /** Date the current terms take effect (ISO date, Japan time). */
  termsEffectiveDate: string;
}

/**
 * Sample details for the local and test stages: not a real business. Bracketed values, the sample
 * company name and an e-mail address on a domain reserved for documentation are placeholders.
 */
export const SAMPLE_OPERATOR: OperatorDetails = {
  companyName: { ja: '株式会社キノコ', en: 'Kinoko Inc.' },
  responsiblePerson: { ja: '［運営統括責任者の氏名］', en: '[Name of the person responsible]' },
  address: { ja: '［〒000-0000 東京都〇〇区〇〇 0-0-0］', en: '[0-0-0 ---, ---ku, Tokyo 000-0000, Japan]' },
  email: 'support@example.com',
  court: { ja: '東京地方裁判所', en: 'Tokyo District Court' },
  termsEffectiveDate: '2026-12-01',
};

const TEXT_FIELDS = ['companyName', 'responsiblePerson', 'address', 'court'] as const;
/** Fields whose sample value is no real value (the court and the date may well stay as they are). */
const SAMPLE_ONLY = new Set(['companyName', 'responsiblePerson', 'address', 'email']);

/** Brackets of a fill-in, '〇〇' or '---' stand-ins, 'XXX', 'TODO', 'placeholder'. */
const FILL_IN = /[［］[\]]|〇〇|---|\bX{3,}\b|\bTODO\b|placeholder/i;
/** Domains reserved for documentation and tests (RFC 2606, RFC 6761), which no operator receives mail on. */
const RESERVED_MAIL = /@(?:[^@]*\.)?(?:example(?:\.(?:com|net|org|jp))?|test|invalid|localhost)$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The fields (`operator.companyName.ja`, `operator.email`, …) still holding a placeholder or a
 * sample value; empty when every value looks like a real one.
 */
export function operatorPlaceholders(op: OperatorDetails): string[] {
  const out: string[] = [];
  for (const field of TEXT_FIELDS) {
    for (const lang of ['ja', 'en'] as const) {
      const value = op[field][lang].trim();
      const sample = SAMPLE_ONLY.has(field) && value === SAMPLE_OPERATOR[field][lang];
      if (value === '' || sample || FILL_IN.test(value)) out.push(`operator.${field}.${lang}`);
    }
  }
  const email = op.email.trim();
  if (email === SAMPLE_OPERATOR.email || RESERVED_MAIL.test(email)) out.push('operator.email');
  return out;
}

const isText = (v: unknown): v is LocalizedText =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as LocalizedText).ja === 'string' &&
  typeof (v as LocalizedText).en === 'string' &&
  (v as LocalizedText).ja.trim() !== '' &&
  (v as LocalizedText).en.trim() !== '';

/** Checked details, or null when the value is not a complete set. */
export function parseOperator(value: unknown): OperatorDetails | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const { companyName, responsiblePerson, address, email, court, termsEffectiveDate } = v;
  if (!isText(companyName) || !isText(responsiblePerson) || !isText(address) || !isText(court)) return null;
  if (typeof email !== 'string' || !EMAIL.test(email)) return null;
  if (typeof termsEffectiveDate !== 'string' || !ISO_DATE.test(termsEffectiveDate)) return null;
  const text = (t: LocalizedText) => ({ ja: t.ja, en: t.en });
  return {
    companyName: text(companyName),
    responsiblePerson: text(responsiblePerson),
    address: text(address),
    email,
    court: text(court),
    termsEffectiveDate,
  };
}

// ---------------------------------------------------------------------------------------------
// The platform's own bank account for the operators' Zengin transfer file (issue 17): the
// header record's 依頼人 (company code and name) and 仕向 (paying) bank, branch and account. Not on
// the site: the CDK context `transferSource` goes only into the functions' environment
// (TRANSFER_SOURCE, JSON). The prod synth refuses the samples (`transferSourcePlaceholders`).

export interface TransferSource {
  /** 仕向銀行番号 (4 digits). */
  bankCode: string;
  /** 仕向支店番号 (3 digits). */
  branchCode: string;
  /** 預金種目: ordinary (普通), checking (当座). */
  accountType: 'ordinary' | 'checking';
  /** 口座番号 (7 digits). */
  accountNumber: string;
  /** 依頼人コード (委託者コード, 10 digits), given by the bank with the bulk-transfer contract. */
  companyCode: string;
  /** 依頼人名 in full- or half-width katakana, as the bank registered it (at most 40 half-width characters). */
  companyNameKana: string;
}

/** Sample account for the local and test stages: not a real account. */
export const SAMPLE_TRANSFER_SOURCE: TransferSource = {
  bankCode: '0001',
  branchCode: '001',
  accountType: 'ordinary',
  accountNumber: '1234567',
  companyCode: '1234567890',
  companyNameKana: 'カ）キノコ',
};

/** Checked account details, or null when the value is not a complete, well-formed set. */
export function parseTransferSource(value: unknown): TransferSource | null {
  const v = (typeof value === 'string' ? safeJson(value) : value) as Record<string, unknown> | null;
  if (!v || typeof v !== 'object') return null;
  const { bankCode, branchCode, accountType, accountNumber, companyCode, companyNameKana } = v;
  const digits = (s: unknown, n: number): s is string =>
    typeof s === 'string' && new RegExp(`^\\d{${n}}$`).test(s);
  if (!digits(bankCode, 4) || !digits(branchCode, 3) || !digits(accountNumber, 7) || !digits(companyCode, 10))
    return null;
  if (accountType !== 'ordinary' && accountType !== 'checking') return null;
  if (typeof companyNameKana !== 'string' || companyNameKana.trim() === '') return null;
  return { bankCode, branchCode, accountType, accountNumber, companyCode, companyNameKana };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The fields (`transferSource.accountNumber`, …) still holding the sample value; empty when all are real. */
export function transferSourcePlaceholders(source: TransferSource): string[] {
  const sample = ['accountNumber', 'companyCode', 'companyNameKana'] as const;
  return sample
    .filter((field) => source[field] === SAMPLE_TRANSFER_SOURCE[field])
    .map((field) => `transferSource.${field}`);
}
