import { describe, expect, it } from 'vitest';
import { type OperatorDetails, operatorPlaceholders, parseOperator, SAMPLE_OPERATOR } from './operator.ts';

/** Details as a real operator would set them (a made-up company, real-looking values). */
const real: OperatorDetails = {
  companyName: { ja: '株式会社森の胞子', en: 'Mori no Hoshi Co., Ltd.' },
  responsiblePerson: { ja: '山田 太郎', en: 'Taro Yamada' },
  address: {
    ja: '〒150-0002 東京都渋谷区渋谷2-21-1 渋谷ヒカリエ 8階',
    en: 'Shibuya Hikarie 8F, 2-21-1 Shibuya, Shibuya-ku, Tokyo 150-0002, Japan',
  },
  email: 'support@morinohoshi.co.jp',
  court: { ja: '東京地方裁判所', en: 'Tokyo District Court' },
  termsEffectiveDate: '2027-04-01',
};

describe('operator details', () => {
  it('names every field of the samples that is a placeholder', () => {
    expect(operatorPlaceholders(SAMPLE_OPERATOR)).toEqual([
      'operator.companyName.ja',
      'operator.companyName.en',
      'operator.responsiblePerson.ja',
      'operator.responsiblePerson.en',
      'operator.address.ja',
      'operator.address.en',
      'operator.email',
    ]);
  });

  it('accepts real-looking values (the sample court and date may stay)', () => {
    expect(operatorPlaceholders(real)).toEqual([]);
    expect(operatorPlaceholders({ ...real, termsEffectiveDate: SAMPLE_OPERATOR.termsEffectiveDate })).toEqual(
      [],
    );
  });

  it('refuses fill-ins left in one field, and mail domains reserved for examples', () => {
    const one = (patch: Partial<OperatorDetails>) => operatorPlaceholders({ ...real, ...patch });
    expect(one({ address: { ...real.address, ja: '〒000-0000 東京都〇〇区〇〇 0-0-0' } })).toEqual([
      'operator.address.ja',
    ]);
    expect(one({ responsiblePerson: { ja: '山田 太郎', en: 'TODO' } })).toEqual([
      'operator.responsiblePerson.en',
    ]);
    expect(one({ companyName: { ja: '［社名］', en: 'Mori no Hoshi Co., Ltd.' } })).toEqual([
      'operator.companyName.ja',
    ]);
    for (const email of ['help@example.jp', 'a@kinoko.example', 'a@mail.test', 'support@example.com'])
      expect(one({ email })).toEqual(['operator.email']);
    expect(one({ court: { ja: '', en: 'Osaka District Court' } })).toEqual(['operator.court.ja']);
  });

  it('parses only a complete set', () => {
    expect(parseOperator(real)).toEqual(real);
    expect(parseOperator({ ...real, extra: 1 })).toEqual(real);
    expect(parseOperator({ ...real, email: 'not an address' })).toBeNull();
    expect(parseOperator({ ...real, court: 'Tokyo' })).toBeNull();
    expect(parseOperator(null)).toBeNull();
  });
});
