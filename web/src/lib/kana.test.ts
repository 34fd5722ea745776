import { ACCOUNT_OWNER_RE } from '@app/shared/validation';
import { describe, expect, it } from 'vitest';
import { toFullWidthKatakana } from './kana.ts';

describe('toFullWidthKatakana', () => {
  it('turns hiragana into katakana', () => {
    expect(toFullWidthKatakana('やまだ はなこ')).toBe('ヤマダ　ハナコ');
    expect(toFullWidthKatakana('きゃっぷ')).toBe('キャップ');
  });

  it('turns half-width katakana into full width, joining voiced marks', () => {
    expect(toFullWidthKatakana('ﾔﾏﾀﾞ ﾊﾅｺ')).toBe('ヤマダ　ハナコ');
    expect(toFullWidthKatakana('ﾊﾟｰｸ')).toBe('パーク');
    expect(toFullWidthKatakana('ｳﾞｨ')).toBe('ヴィ');
  });

  it('keeps full-width katakana and normalises spaces to one full-width space', () => {
    expect(toFullWidthKatakana('  ヤマダ 　 ハナコ ')).toBe('ヤマダ　ハナコ');
  });

  it('converts letters, digits and the allowed symbols to full width', () => {
    expect(toFullWidthKatakana('abc(ｶ).-/1')).toBe('ＡＢＣ（カ）．－／１');
  });

  it('produces names the account-owner rule accepts', () => {
    for (const input of ['やまだ　はなこ', 'ｶ)ｷﾉｺ ﾔﾏﾀﾞ ﾊﾅｺ', 'ヤマダ ハナコ']) {
      expect(toFullWidthKatakana(input)).toMatch(ACCOUNT_OWNER_RE);
    }
  });
});
