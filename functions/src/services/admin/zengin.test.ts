/**
 * The Zengin bulk-transfer file checked byte by byte against records written out by hand from the
 * 全銀協 総合振込 layout (field widths in the comments), not computed by the code under test.
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { toBankKana, ZenginError, type ZenginLine, type ZenginSource, zenginFile } from './zengin.ts';

const sp = (n: number) => ' '.repeat(n);

const source: ZenginSource = {
  companyCode: '1234567890',
  companyName: 'カ）キノコ',
  transferDate: '2026-05-08',
  bankCode: '0001',
  bankName: 'ミズホ',
  branchCode: '001',
  branchName: 'トウキヨウ',
  accountType: 'ordinary',
  accountNumber: '1234567',
};

const lines: ZenginLine[] = [
  {
    ref: '202603alice',
    bankCode: '0009',
    bankName: 'ミツイスミトモ',
    branchCode: '123',
    branchName: 'ギンザ',
    accountType: 'ordinary',
    accountNumber: '0012345',
    name: 'ヤマダ　ハナコ',
    amount: 9000,
  },
  {
    ref: '202603bob',
    bankCode: '0036',
    bankName: 'ラクテン',
    branchCode: '251',
    branchName: 'ジヤズ',
    accountType: 'checking',
    accountNumber: '7654321',
    // Small kana, a long vowel and a full-width space: ｼﾞﾖｳ ｼﾖｳｺ-
    name: 'ジョウ　ショウコー',
    amount: 4500,
  },
];

// Header: 1 + 21 + 0 + 依頼人コード(10) + 依頼人名(40) + MMDD(4) + 銀行(4+15) + 支店(3+15) + 種目(1) + 口座(7) + ダミー(17)
const HEADER = `1210${'1234567890'}${'ｶ)ｷﾉｺ'}${sp(35)}0508${'0001'}${'ﾐｽﾞﾎ'}${sp(11)}${'001'}${'ﾄｳｷﾖｳ'}${sp(10)}1${'1234567'}${sp(17)}`;
// Data: 2 + 銀行(4+15) + 支店(3+15) + 手形交換所(4) + 種目(1) + 口座(7) + 受取人(30) + 金額(10) + 新規(1) + 顧客1(10) + 顧客2(10) + 指定区分(1) + 識別(1) + ダミー(7)
const DATA1 = `2${'0009'}${'ﾐﾂｲｽﾐﾄﾓ'}${sp(8)}${'123'}${'ｷﾞﾝｻﾞ'}${sp(10)}${sp(4)}1${'0012345'}${'ﾔﾏﾀﾞ ﾊﾅｺ'}${sp(22)}${'0000009000'}0${sp(20)}7${sp(8)}`;
const DATA2 = `2${'0036'}${'ﾗｸﾃﾝ'}${sp(11)}${'251'}${'ｼﾞﾔｽﾞ'}${sp(10)}${sp(4)}2${'7654321'}${'ｼﾞﾖｳ ｼﾖｳｺ-'}${sp(20)}${'0000004500'}0${sp(20)}7${sp(8)}`;
// Trailer: 8 + 件数(6) + 合計金額(12) + ダミー(101); end: 9 + ダミー(119)
const TRAILER = `8${'000002'}${'000000013500'}${sp(101)}`;
const END = `9${sp(119)}`;

describe('the Zengin bulk-transfer file', () => {
  const file = zenginFile(source, lines);

  test('five records of exactly 120 bytes, each followed by CRLF', () => {
    expect(file.bytes.length).toBe(5 * 122);
    for (let i = 0; i < 5; i += 1) {
      expect(file.bytes[i * 122 + 120]).toBe(0x0d);
      expect(file.bytes[i * 122 + 121]).toBe(0x0a);
    }
    expect([...file.bytes.subarray(0, 122)].filter((b) => b === 0x0d || b === 0x0a)).toHaveLength(2);
  });

  test('the records as written by hand: widths, padding, kana conversion, count and total', () => {
    for (const fixture of [HEADER, DATA1, DATA2, TRAILER, END]) expect(fixture).toHaveLength(120);
    const records = file.bytes.toString('latin1').split('\r\n').slice(0, 5);
    const expected = [HEADER, DATA1, DATA2, TRAILER, END].map((r) =>
      // Half-width katakana U+FF61-U+FF9F are the single Shift_JIS bytes 0xA1-0xDF.
      [...r]
        .map((c) => String.fromCharCode(c >= '\uff61' ? c.charCodeAt(0) - 0xfec0 : c.charCodeAt(0)))
        .join(''),
    );
    expect(records).toEqual(expected);
    expect(file.count).toBe(2);
    expect(file.total).toBe(13500);
  });

  test('the Shift_JIS bytes of the kana: ｶ B6, ) 29, ｷ B7, ﾉ C9, ｺ BA; ﾐｽﾞﾎ D0 BD DE CE', () => {
    expect([...file.bytes.subarray(14, 19)]).toEqual([0xb6, 0x29, 0xb7, 0xc9, 0xba]);
    expect([...file.bytes.subarray(62, 66)]).toEqual([0xd0, 0xbd, 0xde, 0xce]);
    // The first data record's holder: ﾔﾏﾀﾞ ﾊﾅｺ at 1+4+15+3+15+4+1+7 = 50.
    expect([...file.bytes.subarray(122 + 50, 122 + 58)]).toEqual([
      0xd4, 0xcf, 0xc0, 0xde, 0x20, 0xca, 0xc5, 0xba,
    ]);
  });

  test('the checksum is the SHA-256 of the bytes, and the same input gives the same bytes', () => {
    expect(file.sha256).toBe(createHash('sha256').update(file.bytes).digest('hex'));
    expect(zenginFile(source, lines).bytes.equals(file.bytes)).toBe(true);
  });

  test('no lines: header, trailer with zeros, end', () => {
    const empty = zenginFile(source, []);
    expect(empty.bytes.toString('latin1').split('\r\n')[1]).toBe(`8${'0'.repeat(18)}${sp(101)}`);
  });

  test('long names are cut to the field', () => {
    const long = zenginFile(source, [{ ...(lines[0] as ZenginLine), name: 'ア'.repeat(40) }]);
    expect(long.bytes.subarray(122 + 50, 122 + 80).toString('latin1')).toBe(
      String.fromCharCode(0xb1).repeat(30),
    );
  });

  test('refusals name the line and the field', () => {
    const one = lines[0] as ZenginLine;
    const refusal = (line: Partial<ZenginLine>) => {
      try {
        zenginFile(source, [{ ...one, ...line }]);
        return null;
      } catch (e) {
        return e instanceof ZenginError ? `${e.ref}:${e.field}` : String(e);
      }
    };
    expect(refusal({ name: '山田花子' })).toBe('202603alice:account_owner');
    expect(refusal({ name: 'ヤマダ😀' })).toBe('202603alice:account_owner');
    expect(refusal({ accountNumber: '12345678' })).toBe('202603alice:account_number');
    expect(refusal({ accountNumber: '12a4567' })).toBe('202603alice:account_number');
    expect(refusal({ bankCode: '1' })).toBe(null);
    expect(refusal({ bankCode: '12345' })).toBe('202603alice:bank_code');
    expect(refusal({ amount: 10_000_000_000 })).toBe('202603alice:amount');
    expect(refusal({ amount: -1 })).toBe('202603alice:amount');
    expect(refusal({ accountType: 'other' as never })).toBe('202603alice:account_type');
    expect(() => zenginFile({ ...source, companyCode: '12345678901' }, [])).toThrow(ZenginError);
  });
});

describe('toBankKana', () => {
  test.each([
    ['ヤマダ　タロウ', 'ﾔﾏﾀﾞ ﾀﾛｳ'],
    ['やまだ たろう', 'ﾔﾏﾀﾞ ﾀﾛｳ'],
    ['キャッシュ', 'ｷﾔﾂｼﾕ'],
    ['コーヒー', 'ｺ-ﾋ-'],
    ['ｶ)ABC', 'ｶ)ABC'],
    ['カ）ｅｘａｍｐｌｅ', 'ｶ)EXAMPLE'],
    ['ヴァン', 'ｳﾞｱﾝ'],
    ['パン  ダ', 'ﾊﾟﾝ ﾀﾞ'],
  ])('%s → %s', (input, expected) => {
    expect(toBankKana(input)).toBe(expected);
  });

  test.each(['山田', 'ヤマダ!', 'ヤマダ＠', 'Ω'])('%s is refused', (input) => {
    expect(toBankKana(input)).toBeNull();
  });
});
