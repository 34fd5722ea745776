import { businessConfig } from '@app/shared/config';
import { errorCatalog } from '@app/shared/errors';
import { resources } from '@app/shared/i18n/index';
import { organizationMessageParams } from '@app/shared/schemas/organizations';
import { V } from '@app/shared/validation';
import { describe, expect, it } from 'vitest';
import { createI18n, validationValues } from './i18n.ts';

/** 'a.b.c' for every leaf string of a catalogue. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

/** {{name}} placeholders of a message. */
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  const ja = leafKeys(resources.ja);
  const en = leafKeys(resources.en);

  it('have exactly the same keys in ja and en', () => {
    expect(ja.filter((k) => !en.includes(k))).toEqual([]);
    expect(en.filter((k) => !ja.includes(k))).toEqual([]);
  });

  it('agree in number where English needs it ("1 mushroom", "3 mushrooms")', () => {
    const en = createI18n('en');
    expect(en.t('chat.composer.cost', { cost: '1', count: 1 })).toBe('1 message = 1 mushroom');
    expect(en.t('chat.composer.cost', { cost: '3', count: 3 })).toBe('1 message = 3 mushrooms');
    expect(en.t('notices.kinds.chat_spend', { nickname: 'Sakura', points: '1', count: 1 })).toBe(
      'You sent a message to Sakura (1 mushroom).',
    );
    expect(en.t('points.history.loss', { points: '1', count: 1 })).toBe('1 point taken');
    expect(en.t('points.history.loss', { points: '2', count: 2 })).toBe('2 points taken');
    expect(en.t('points.history.gain', { points: '1', count: 1 })).toBe('1 point added');
    const ja = createI18n('ja');
    expect(ja.t('chat.composer.cost', { cost: '1', count: 1 })).toBe('1通 = キノコ1個');
  });

  it('say things one way: the e-mailed code, the brand, no full-width brackets in English', () => {
    const texts = (root: unknown): string[] =>
      typeof root === 'string'
        ? [root]
        : root && typeof root === 'object'
          ? Object.values(root).flatMap(texts)
          : [];
    const jaTexts = texts(resources.ja);
    // One word for the code sent by e-mail (the mails say 確認コード too).
    expect(jaTexts.filter((s) => s.includes('認証コード'))).toEqual([]);
    expect(jaTexts.filter((s) => s.includes('（ユーザー名）') || s.includes('締まった'))).toEqual([]);
    expect(texts(resources.en).filter((s) => /[（）]/.test(s))).toEqual([]);
    for (const lng of businessConfig.languages)
      expect(createI18n(lng).t('common.appName')).toBe(businessConfig.brandName);
  });

  it('use the same placeholders in both languages', () => {
    const at = (root: unknown, key: string) =>
      String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], root));
    const mismatched = ja.filter(
      (k) => placeholders(at(resources.ja, k)).join() !== placeholders(at(resources.en, k)).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('have a message for every error code and validation key, in both languages', () => {
    const needed = [...Object.values(errorCatalog).map((e) => e.key), ...Object.values(V)];
    for (const lng of businessConfig.languages) {
      const i18n = createI18n(lng);
      for (const key of needed) {
        expect(i18n.exists(key), `${lng}: ${key}`).toBe(true);
        expect(i18n.t(key)).not.toBe(key);
      }
    }
  });

  it('name every area: private, the 47 prefectures and outside Japan', () => {
    const A = businessConfig.areas;
    const codes: number[] = [A.private, A.abroad];
    for (let n = A.prefectureMin; n <= A.prefectureMax; n++) codes.push(n);
    const i18n = createI18n('ja');
    for (const code of codes) expect(i18n.exists(`areas.${code}`)).toBe(true);
    expect(i18n.t('areas.1')).toBe('北海道');
    expect(i18n.t('areas.13')).toBe('東京都');
    expect(i18n.t('areas.47')).toBe('沖縄県');
  });

  it('fill validation limits from the configuration', () => {
    const i18n = createI18n('ja');
    expect(i18n.t(V.username, { ...businessConfig.limits })).toBe(
      'ユーザー名は半角英数字3〜20文字で入力してください。',
    );
  });

  it("fill the organization form's placeholders as the contract names them", () => {
    const { max: _castsMax, ...fields } = organizationMessageParams;
    expect(validationValues).toMatchObject(fields);
    expect(createI18n('ja').t(V.organizationNameMax, validationValues)).toBe(
      `組織名は${businessConfig.limits.organizationNameMax}文字以内で入力してください。`,
    );
  });
});
