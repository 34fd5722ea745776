import { describe, expect, it } from 'vitest';
import { creatorSearchText, normalizeSearchText } from './search-text.ts';

describe('normalizeSearchText', () => {
  it('folds width, case and katakana into one form', () => {
    expect(normalizeSearchText('ＡＢＣ abc')).toBe('abc abc');
    expect(normalizeSearchText('ｶﾌｪ')).toBe('かふぇ');
    expect(normalizeSearchText('カフェ')).toBe('かふぇ');
    expect(normalizeSearchText('かふぇ')).toBe('かふぇ');
    expect(normalizeSearchText('ラーメン')).toBe('らーめん');
    expect(normalizeSearchText('  Hina\u3000Ta  ')).toBe('hina ta');
    // Kanji and symbols stay as they are.
    expect(normalizeSearchText('東京・渋谷')).toBe('東京・渋谷');
  });

  it('joins the four fields, one per line, leaving empty ones out', () => {
    expect(creatorSearchText({ nickname: 'ヒナタ', username: 'Hinata', genre: null, bio: 'ＤＪ' })).toBe(
      'ひなた\nhinata\ndj',
    );
  });
});
