import { businessConfig } from '@app/shared/config';
import enLegal from '@app/shared/i18n/en/legal';
import enWithdrawals from '@app/shared/i18n/en/withdrawals';
import jaLegal from '@app/shared/i18n/ja/legal';
import jaWithdrawals from '@app/shared/i18n/ja/withdrawals';
import { type OperatorDetails, SAMPLE_OPERATOR as operator } from '@app/shared/operator';
import { withdrawalStatuses } from '@app/shared/withdrawal-states';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '../../lib/config.ts';
import { CommercialPage, CreatorTermsPage, type LegalConfig, TermsPage } from './index.ts';
import { legalParams } from './values.ts';

afterEach(() => {
  cleanup();
  setRuntimeConfig({ apiBase: '/api', wsUrl: '', stage: 'local', operator });
});

type Catalogue = { readonly [key: string]: string | Catalogue };

function leaves(node: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

function renderIn(lng: 'ja' | 'en', ui: ReactElement, path = lng === 'en' ? '/en/terms' : '/terms') {
  const i18n = i18next.createInstance();
  // Default escaping on purpose: the pages must not depend on the app's `escapeValue: false`.
  void i18n.init({
    lng,
    fallbackLng: false,
    resources: { ja: { legal: jaLegal }, en: { legal: enLegal } },
    initAsync: false,
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </I18nextProvider>,
  );
}

function withConfig(patch: {
  points?: Partial<LegalConfig['points']>;
  rewards?: Partial<LegalConfig['rewards']>;
  withdrawal?: Partial<LegalConfig['withdrawal']>;
}): LegalConfig {
  return {
    ...businessConfig,
    points: { ...businessConfig.points, ...patch.points },
    rewards: { ...businessConfig.rewards, ...patch.rewards },
    withdrawal: { ...businessConfig.withdrawal, ...patch.withdrawal },
  };
}

const bodyText = () => document.body.textContent ?? '';

describe('legal catalogue', () => {
  const ja = leaves(jaLegal);
  const en = leaves(enLegal);

  it('has the same keys in ja and en', () => {
    expect([...en.keys()].sort()).toEqual([...ja.keys()].sort());
  });

  it('has no empty text and the same placeholders in both languages', () => {
    for (const [key, text] of ja) {
      expect(text.trim(), key).not.toBe('');
      expect(en.get(key)?.trim(), key).not.toBe('');
      expect(placeholders(en.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('uses only placeholders the pages fill in', () => {
    // And the live campaign's figures (features/campaign), filled from the server's answer.
    const known = new Set([
      ...Object.keys(legalParams(businessConfig, 'ja')),
      'number',
      'title',
      'rate',
      'endsAt',
    ]);
    for (const [key, text] of [...ja, ...en]) {
      for (const name of placeholders(text)) expect(known.has(name ?? ''), `${key}: {{${name}}}`).toBe(true);
    }
  });

  it('writes no business number literally (numbers come from businessConfig)', () => {
    for (const [key, text] of [...ja, ...en]) {
      expect(text.replace(/{{\s*\w+\s*}}/g, ''), key).not.toMatch(/\d{2,}|%/);
    }
  });
});

describe('TermsPage', () => {
  it('renders the title and one numbered heading per article (ja)', () => {
    renderIn('ja', <TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: '利用規約' })).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings).toHaveLength(Object.keys(jaLegal.terms.articles).length);
    expect(headings[0]?.textContent).toBe('第1条（適用）');
    expect(screen.getByRole('heading', { level: 2, name: /第\d+条（ポイント）/ })).toBeTruthy();
  });

  it('quotes the point values of businessConfig and fills every placeholder', () => {
    renderIn('ja', <TermsPage />);
    const { points } = businessConfig;
    const text = bodyText();
    expect(text).toContain(`1キノコ${points.yenPerMushroom}円（税込）`);
    expect(text).toContain(`購入日から${points.lotDays}日間`);
    expect(text).toContain(`1日の購入額は1人あたり${points.dailyYenCap.toLocaleString('ja-JP')}円まで`);
    expect(text).toContain(`月${points.minorMonthlyYenCapUnder16.toLocaleString('ja-JP')}円まで`);
    expect(text).toContain(`月${points.minorMonthlyYenCap16To17.toLocaleString('ja-JP')}円まで`);
    expect(text).toContain(operator.companyName.ja);
    expect(text).not.toContain('{{');
    expect(text).not.toMatch(/&(#x?\w+|amp|lt|gt|quot);/);
  });

  it('follows a changed configuration', () => {
    renderIn(
      'ja',
      <TermsPage config={withConfig({ points: { lotDays: 90, purchaseMaxMushrooms: 3000 } })} />,
    );
    const text = bodyText();
    expect(text).toContain('購入日から90日間');
    expect(text).not.toContain(`${businessConfig.points.lotDays}日間`);
    expect(text).toContain('〜3,000キノコ');
  });

  it('renders in English with links in the English form', () => {
    renderIn('en', <TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })[0]?.textContent).toBe('1. Scope');
    expect(bodyText()).toContain(
      `Mushrooms expire ${businessConfig.points.lotDays} days after the purchase date`,
    );
    const nav = screen.getByRole('navigation', { name: 'Related pages' });
    expect(within(nav).getByRole('link', { name: 'Creator Terms' }).getAttribute('href')).toBe(
      '/en/creator/terms',
    );
  });
});

describe('CreatorTermsPage', () => {
  it('shows the reward rates of businessConfig in a table', () => {
    renderIn('ja', <CreatorTermsPage />, '/creator/terms');
    expect(screen.getByRole('heading', { level: 1, name: 'クリエイター利用規約' })).toBeTruthy();
    const table = screen.getByRole('table', { name: '支払いの種類ごとの還元率' });
    const rate = (label: string) =>
      within(table).getByRole('rowheader', { name: label }).closest('tr')?.querySelector('td')?.textContent;
    const pct = (r: number) => `${Math.round(r * 100)}%`;
    expect(rate('チャット（キノコでの支払い）')).toBe(pct(businessConfig.rewards.chatRate));
    // The campaign's rate is the live one (features/campaign): the general wording until it is known.
    expect(
      within(table)
        .getByRole('rowheader', { name: 'チャット（キャンペーン適用中）' })
        .closest('tr')
        ?.querySelector('.live-campaign__neutral')?.textContent,
    ).toBe('キャンペーンごとに当社が告知する率');
    expect(rate('チャット（キャンペーン適用中）')).not.toContain(
      pct(businessConfig.rewards.chatCampaignRate),
    );
    expect(rate('商品の販売（デジタル・物販）')).toBe(pct(businessConfig.rewards.productRate));
    expect(rate('ファンクラブの月額')).toBe(pct(businessConfig.rewards.subscriptionRate));
    expect(rate('ギフト（スタンプ）')).toBe(pct(businessConfig.rewards.giftRate));
    expect(rate('リーフ・オリジナルポイントでの支払い')).toBe(pct(businessConfig.rewards.freePointRate));
  });

  it('states the withdrawal cycle from businessConfig', () => {
    renderIn('ja', <CreatorTermsPage />, '/creator/terms');
    const w = businessConfig.withdrawal;
    const text = bodyText();
    expect(text).toContain(
      `毎月${w.cutoffDay}日（日本時間）までの申請は、翌月${w.transferDay}日に振り込みます`,
    );
    expect(text).toContain(`出金の最低金額は${w.minimumYen.toLocaleString('ja-JP')}円です`);
    expect(text).toContain(`振込手数料は${w.transferFeeYen}円です`);
    expect(text).toContain('全角カタカナ');
  });

  it('follows changed rates and withdrawal days, with English ordinals', () => {
    const config = withConfig({ rewards: { chatRate: 0.55 }, withdrawal: { cutoffDay: 22, transferDay: 1 } });
    renderIn('en', <CreatorTermsPage config={config} />, '/en/creator/terms');
    const table = screen.getByRole('table', { name: 'Reward rate by type of payment' });
    const chat = within(table).getByRole('rowheader', { name: 'Chat (paid with mushrooms)' }).closest('tr');
    expect(chat?.querySelector('td')?.textContent).toBe('55%');
    expect(bodyText()).toContain(
      'Requests made by the 22nd of a month (Japan time) are transferred on the 1st',
    );
  });

  it('explains every withdrawal status by the name the withdrawal screens show (ja, en)', () => {
    for (const [lng, labels, colon] of [
      ['ja', jaWithdrawals.status, '：'],
      ['en', enWithdrawals.status, ': '],
    ] as const) {
      renderIn(lng, <CreatorTermsPage />, lng === 'en' ? '/en/creator/terms' : '/creator/terms');
      const items = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
      for (const status of withdrawalStatuses)
        expect(items.some((text) => text.startsWith(`${labels[status]}${colon}`))).toBe(true);
      cleanup();
    }
  });
});

describe('CommercialPage', () => {
  it('lists the required items in a table (ja)', () => {
    renderIn('ja', <CommercialPage />, '/commercial');
    expect(screen.getByRole('heading', { level: 1, name: '特定商取引法に基づく表記' })).toBeTruthy();
    const table = screen.getByRole('table');
    const value = (label: string) =>
      within(table).getByRole('rowheader', { name: label }).closest('tr')?.querySelector('td')?.textContent;
    for (const label of [
      '販売事業者',
      '運営統括責任者',
      '所在地',
      '電話番号',
      'メールアドレス',
      '販売価格',
      '商品代金以外の必要料金',
      '支払方法',
      '支払時期',
      '引渡時期',
      '返品・キャンセル',
      '動作環境',
      'ポイントの有効期限',
    ]) {
      expect(value(label), label).toBeTruthy();
    }
    expect(value('販売事業者')).toBe(operator.companyName.ja);
    expect(value('電話番号')).toContain('請求があった場合には遅滞なく開示いたします。');
    expect(value('販売価格')).toContain(`1キノコ ${businessConfig.points.yenPerMushroom}円（税込）`);
    expect(value('ポイントの有効期限')).toContain(`${businessConfig.points.lotDays}日間`);
    expect(value('支払方法')).toContain('Square');
    expect(within(table).getByRole('link', { name: operator.email }).getAttribute('href')).toBe(
      `mailto:${operator.email}`,
    );
  });

  it('follows a changed price and validity (en)', () => {
    renderIn('en', <CommercialPage config={withConfig({ points: { yenPerMushroom: 11, lotDays: 150 } })} />);
    expect(screen.getByRole('heading', { level: 1, name: /Specified Commercial Transactions/ })).toBeTruthy();
    const text = bodyText();
    expect(text).toContain('11 yen per mushroom (tax included)');
    expect(text).toContain('150 days from the date of purchase');
    expect(text).toContain(operator.companyName.en);
  });

  it('shows the operator’s details of the stage’s configuration, not the samples', () => {
    const real: OperatorDetails = {
      companyName: { ja: '株式会社森の胞子', en: 'Mori no Hoshi Co., Ltd.' },
      responsiblePerson: { ja: '山田 太郎', en: 'Taro Yamada' },
      address: {
        ja: '〒150-0002 東京都渋谷区渋谷2-21-1',
        en: '2-21-1 Shibuya, Shibuya-ku, Tokyo 150-0002, Japan',
      },
      email: 'support@morinohoshi.co.jp',
      court: { ja: '大阪地方裁判所', en: 'Osaka District Court' },
      termsEffectiveDate: '2027-04-01',
    };
    setRuntimeConfig({ apiBase: '/api', wsUrl: '', stage: 'prod', operator: real });
    renderIn('ja', <CommercialPage />, '/commercial');
    const table = screen.getByRole('table');
    const value = (label: string) =>
      within(table).getByRole('rowheader', { name: label }).closest('tr')?.querySelector('td')?.textContent;
    expect(value('販売事業者')).toBe('株式会社森の胞子');
    expect(value('運営統括責任者')).toBe('山田 太郎');
    expect(value('所在地')).toBe(real.address.ja);
    expect(within(table).getByRole('link', { name: real.email }).getAttribute('href')).toBe(
      `mailto:${real.email}`,
    );
    expect(bodyText()).not.toContain(operator.companyName.ja);
    cleanup();
    renderIn('en', <TermsPage />);
    expect(bodyText()).toContain('Mori no Hoshi Co., Ltd.');
    expect(bodyText()).toContain('Osaka District Court');
    expect(bodyText()).toContain('April 1, 2027');
  });
});
