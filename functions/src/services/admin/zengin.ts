/**
 * The Zengin bulk-transfer file (全銀協 総合振込, issue 17): fixed records of 120 bytes in Shift_JIS,
 * each followed by CRLF: one header (1), a data record (2) per transfer, a trailer (8) with the
 * count and the total, and the end record (9). Text fields hold the bank character set only
 * (digits, upper-case letters, half-width katakana, space and `().,-/「」`), left-aligned and
 * padded with spaces; numeric fields are right-aligned and padded with zeros. Pure: the same
 * input gives the same bytes. A value that cannot be written is refused with `ZenginError`, which
 * names the line and the field.
 */
import { createHash } from 'node:crypto';
import Encoding from 'encoding-japanese';

export const RECORD_BYTES = 120;
const CRLF = '\r\n';

/** 預金種目: 1 普通, 2 当座, 4 貯蓄. */
export const ACCOUNT_TYPE_CODES = { ordinary: '1', checking: '2', savings: '4' } as const;
export type ZenginAccountType = keyof typeof ACCOUNT_TYPE_CODES;

export interface ZenginSource {
  /** 依頼人コード (10 digits). */
  companyCode: string;
  companyName: string;
  /** JST date (YYYY-MM-DD): its MMDD is the 振込指定日. */
  transferDate: string;
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountType: ZenginAccountType;
  accountNumber: string;
}

export interface ZenginLine {
  /** What a refusal names (the request's id). */
  ref: string;
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountType: ZenginAccountType;
  accountNumber: string;
  /** The account holder's name as stored (full-width katakana); converted to half-width. */
  name: string;
  /** Yen to transfer. */
  amount: number;
}

export type ZenginField =
  | 'company_code'
  | 'company_name'
  | 'bank_code'
  | 'bank_name'
  | 'branch_code'
  | 'branch_name'
  | 'account_type'
  | 'account_number'
  | 'account_owner'
  | 'amount'
  | 'total';

/** A value the file cannot hold: `ref` is the line's request id ('header' for the platform's account). */
export class ZenginError extends Error {
  constructor(
    readonly ref: string,
    readonly field: ZenginField,
  ) {
    super(`Zengin file: ${field} of ${ref} cannot be written`);
  }
}

const SMALL_KANA: Record<string, string> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ッ: 'ツ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
};

/** Half-width characters the banks accept in names: ｦ, ｱ-ﾝ, ﾞ, ﾟ, 「」, A-Z, 0-9, space and ().,-/ */
const BANK_CHARS = /^[0-9A-Z ().,\-/\uFF62\uFF63\uFF66\uFF71-\uFF9F]*$/;

/**
 * A name as the banks write it: half-width katakana (voiced marks as their own character), small
 * kana as large ones (ｯ → ﾂ), the long vowel and dashes as '-', letters upper-case, spaces single.
 * Null when a character remains outside the bank set (kanji, hiragana-only symbols, emoji…).
 */
export function toBankKana(text: string): string | null {
  const katakana = Encoding.toKatakanaCase(text.normalize('NFKC'))
    .replace(/[ァィゥェォッャュョヮヵヶ]/g, (c) => SMALL_KANA[c] ?? c)
    .replace(/[ー‐−–—ｰ]/g, '-')
    .toUpperCase();
  const half = Encoding.toHankanaCase(katakana)
    .replace(/[\s\u3000]+/g, ' ')
    .trim();
  return BANK_CHARS.test(half) ? half : null;
}

/** A text field: converted, cut to `length` characters (1 byte each), padded with spaces. */
function text(value: string, length: number, ref: string, field: ZenginField): string {
  const kana = toBankKana(value);
  if (kana === null) throw new ZenginError(ref, field);
  return kana.slice(0, length).padEnd(length, ' ');
}

/** A numeric field: digits only, right-aligned, zero-padded; a longer value is refused. */
function num(value: string | number, length: number, ref: string, field: ZenginField): string {
  const digits =
    typeof value === 'number' ? (Number.isSafeInteger(value) && value >= 0 ? String(value) : '') : value;
  if (!/^\d+$/.test(digits) || digits.length > length) throw new ZenginError(ref, field);
  return digits.padStart(length, '0');
}

const blank = (length: number) => ' '.repeat(length);

function accountType(type: string, ref: string): string {
  const code = ACCOUNT_TYPE_CODES[type as ZenginAccountType];
  if (!code) throw new ZenginError(ref, 'account_type');
  return code;
}

function headerRecord(s: ZenginSource): string {
  const ref = 'header';
  return [
    '1', // データ区分
    '21', // 種別コード: 総合振込
    '0', // コード区分: SJIS
    num(s.companyCode, 10, ref, 'company_code'),
    text(s.companyName, 40, ref, 'company_name'),
    `${s.transferDate.slice(5, 7)}${s.transferDate.slice(8, 10)}`, // 振込指定日 MMDD
    num(s.bankCode, 4, ref, 'bank_code'),
    text(s.bankName, 15, ref, 'bank_name'),
    num(s.branchCode, 3, ref, 'branch_code'),
    text(s.branchName, 15, ref, 'branch_name'),
    accountType(s.accountType, ref),
    num(s.accountNumber, 7, ref, 'account_number'),
    blank(17),
  ].join('');
}

function dataRecord(l: ZenginLine): string {
  const { ref } = l;
  return [
    '2', // データ区分
    num(l.bankCode, 4, ref, 'bank_code'),
    text(l.bankName, 15, ref, 'bank_name'),
    num(l.branchCode, 3, ref, 'branch_code'),
    text(l.branchName, 15, ref, 'branch_name'),
    blank(4), // 手形交換所番号
    accountType(l.accountType, ref),
    num(l.accountNumber, 7, ref, 'account_number'),
    text(l.name, 30, ref, 'account_owner'),
    num(l.amount, 10, ref, 'amount'),
    '0', // 新規コード: その他
    blank(10), // 顧客コード1
    blank(10), // 顧客コード2
    '7', // 振込指定区分: 電信振込
    blank(1), // 識別表示
    blank(7), // ダミー
  ].join('');
}

export interface ZenginFile {
  bytes: Buffer;
  count: number;
  total: number;
  /** Hex SHA-256 of `bytes`. */
  sha256: string;
}

/** The whole file. Throws `ZenginError` on the first value it cannot write. */
export function zenginFile(source: ZenginSource, lines: readonly ZenginLine[]): ZenginFile {
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  const records = [
    headerRecord(source),
    ...lines.map(dataRecord),
    ['8', num(lines.length, 6, 'trailer', 'total'), num(total, 12, 'trailer', 'total'), blank(101)].join(''),
    `9${blank(119)}`,
  ];
  for (const r of records)
    if (r.length !== RECORD_BYTES) throw new Error(`Zengin record of ${r.length} characters: ${r[0]}`);
  const bytes = Buffer.from(
    Encoding.convert(Encoding.stringToCode(records.map((r) => r + CRLF).join('')), {
      to: 'SJIS',
      from: 'UNICODE',
    }),
  );
  // Every character of the bank set is one byte in Shift_JIS: anything else is a bug here.
  if (bytes.length !== records.length * (RECORD_BYTES + CRLF.length))
    throw new Error('Zengin file: a character took more than one byte');
  return { bytes, count: lines.length, total, sha256: createHash('sha256').update(bytes).digest('hex') };
}
