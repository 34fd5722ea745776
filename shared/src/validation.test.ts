import { describe, expect, it } from 'vitest';
import { logoutRequest } from './schemas/auth.ts';
import { createChatroomRequest } from './schemas/chat.ts';
import {
  codeSchema,
  emailSchema,
  hasVisibleText,
  isoDateSchema,
  isSafeString,
  normalizeText,
  textSchema,
  usernameSchema,
  V,
} from './validation.ts';

const required = textSchema({ max: 10, maxMessage: 'max', required: 'required' });
const optional = textSchema({ max: 10, maxMessage: 'max' });
const multiline = textSchema({ max: 20, maxMessage: 'max', required: 'required', multiline: true });

const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('textSchema: free text holds visible characters', () => {
  it.each([
    ['zero-width space', '\u200B'],
    ['zero-width joiners and non-joiners', '\u200D\u200C\u200D'],
    ['word joiner and BOM', '\u2060\uFEFF'],
    ['bidi marks', '\u200E\u200F\u202E'],
    ['Hangul filler', '\u3164'],
    ['blank braille pattern', '\u2800\u2800'],
    ['ideographic and no-break spaces', '\u3000\u00A0 '],
    ['a lone combining mark', '\u0301'],
    ['variation selectors', '\uFE0F\uFE0E'],
  ])('refuses %s as empty (the required message)', (_, value) => {
    expect(messageOf(required.safeParse(value))).toBe('required');
    expect(optional.parse(value)).toBe('');
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a C0 control', 'a\u0007'],
    ['DEL', 'a\u007Fb'],
    ['a C1 control', 'a\u0085b'],
    ['a lone high surrogate', 'a\uD800'],
    ['a lone low surrogate', '\uDC00a'],
    ['reversed surrogates', '\uDE00\uD83D'],
  ])('refuses %s', (_, value) => {
    expect(messageOf(required.safeParse(value))).toBe(V.textCharacters);
    expect(messageOf(multiline.safeParse(value))).toBe(V.textCharacters);
  });

  it('trims invisible characters at both ends and normalises to NFC', () => {
    expect(required.parse('\u200B\u3000きのこ\u200B\u00A0')).toBe('きのこ');
    expect(required.parse('Cafe\u0301')).toBe('Café');
    expect(required.parse('Cafe\u0301')).toHaveLength(4);
  });

  it('keeps what belongs to the last character: emoji presentation, ZWJ sequences, flags', () => {
    expect(required.parse('❤️')).toBe('❤️');
    expect(required.parse('👩‍💻')).toBe('👩‍💻');
    expect(required.parse('🏴󠁧󠁢󠁥󠁮󠁧󠁿')).toBe('🏴󠁧󠁢󠁥󠁮󠁧󠁿');
    expect(required.parse('1️⃣')).toBe('1️⃣');
  });

  it('single-line text refuses line breaks and tabs; multi-line text keeps them, with \\n breaks', () => {
    expect(messageOf(required.safeParse('a\nb'))).toBe(V.textCharacters);
    expect(messageOf(required.safeParse('a\tb'))).toBe(V.textCharacters);
    expect(multiline.parse('a\r\nb\tc\rd')).toBe('a\nb\tc\nd');
  });

  it('counts the length after normalisation', () => {
    expect(required.parse(`\u200B${'a'.repeat(10)}\u200B`)).toHaveLength(10);
    expect(messageOf(required.safeParse('a'.repeat(11)))).toBe('max');
  });
});

describe('text helpers', () => {
  it('isSafeString refuses lone surrogates and NUL-like controls, not tabs, breaks or pairs', () => {
    expect(isSafeString('😀 a\tb\nc\r')).toBe(true);
    expect(isSafeString('\uD83D')).toBe(false);
    expect(isSafeString('\uDE00')).toBe(false);
    expect(isSafeString('\u0000')).toBe(false);
    expect(isSafeString('\u001B[31m')).toBe(false);
  });

  it('hasVisibleText sees letters, digits, punctuation and symbols only', () => {
    expect(hasVisibleText('\u200Bあ')).toBe(true);
    expect(hasVisibleText('。')).toBe(true);
    expect(hasVisibleText('🍄')).toBe(true);
    expect(hasVisibleText('\u200B\u3164\u2800 \u0301')).toBe(false);
  });

  it('normalizeText leaves inner zero-width joiners of emoji alone', () => {
    expect(normalizeText(' 👨‍👩‍👧 ')).toBe('👨‍👩‍👧');
  });
});

describe('identifiers are NFKC', () => {
  it('full-width letters, digits and @ typed on a Japanese keyboard become ASCII', () => {
    expect(emailSchema.parse('ＴＡＲＯ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('taro@example.com');
    expect(usernameSchema.parse('ｋｉｎｏｋｏ１２３')).toBe('kinoko123');
    expect(codeSchema.parse('１２３４５６')).toBe('123456');
  });
});

describe('the messages zod writes itself', () => {
  it('read in English, as before zod/mini (which has no locale of its own)', () => {
    expect(messageOf(createChatroomRequest.safeParse({ username: 'x'.repeat(65) }))).toBe(
      'Too big: expected string to have <=64 characters',
    );
    expect(messageOf(logoutRequest.safeParse({ refresh_token: 5 }))).toBe(
      'Invalid input: expected string, received number',
    );
  });
});

describe('a date of birth', () => {
  it('is required when empty or missing, and must exist', () => {
    expect(messageOf(isoDateSchema.safeParse(''))).toBe(V.required);
    expect(messageOf(isoDateSchema.safeParse(undefined))).toBe(V.required);
    expect(messageOf(isoDateSchema.safeParse('2001-02-30'))).toBe(V.birthDate);
    expect(messageOf(isoDateSchema.safeParse('2001/02/03'))).toBe(V.birthDate);
    expect(isoDateSchema.safeParse('2001-02-28').success).toBe(true);
  });
});
