import { businessConfig } from '@app/shared/config';
import enLanding from '@app/shared/i18n/en/landing';
import jaLanding from '@app/shared/i18n/ja/landing';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CreatorLandingPage, type LandingConfig, LandingPage } from './index.ts';
import { landingParams } from './values.ts';

afterEach(cleanup);

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

function renderIn(lng: 'ja' | 'en', ui: ReactElement, path: string) {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng,
    fallbackLng: false,
    resources: { ja: { landing: jaLanding }, en: { landing: enLanding } },
    initAsync: false,
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </I18nextProvider>,
  );
}

function withConfig(patch: {
  points?: Partial<LandingConfig['points']>;
  rewards?: Partial<LandingConfig['rewards']>;
  withdrawal?: Partial<LandingConfig['withdrawal']>;
}): LandingConfig {
  return {
    ...businessConfig,
    points: { ...businessConfig.points, ...patch.points },
    rewards: { ...businessConfig.rewards, ...patch.rewards },
    withdrawal: { ...businessConfig.withdrawal, ...patch.withdrawal },
  };
}

const bodyText = () => document.body.textContent ?? '';
const href = (name: string | RegExp) =>
  screen.getAllByRole('link', { name }).map((a) => a.getAttribute('href'));

describe('landing catalogue', () => {
  const ja = leaves(jaLanding);
  const en = leaves(enLanding);

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

  it('uses only placeholders the pages fill in, and no literal business numbers', () => {
    // And the live campaign's figures (features/campaign), filled from the server's answer.
    const known = new Set([...Object.keys(landingParams(businessConfig, 'ja')), 'rate', 'endsAt']);
    for (const [key, text] of [...ja, ...en]) {
      for (const name of placeholders(text)) expect(known.has(name ?? ''), `${key}: {{${name}}}`).toBe(true);
      expect(text.replace(/{{\s*\w+\s*}}/g, ''), key).not.toMatch(/\d{2,}|%/);
    }
  });
});

describe('LandingPage', () => {
  it('renders the hero, sections and the LINE call to action (ja)', () => {
    renderIn('ja', <LandingPage />, '/');
    expect(screen.getByRole('heading', { level: 1, name: jaLanding.fan.hero.title })).toBeTruthy();
    for (const name of ['できること', 'キノコについて', '安心して使うために']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    for (const name of [
      '1対1のチャット',
      'スタンプ',
      'ファンクラブ',
      'ショップ',
      'ブロック',
      'ミュート',
      '通報',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeTruthy();
    }
    expect(href('LINEではじめる')).toEqual(['/user/login', '/user/login']);
    const footer = screen.getByRole('navigation', { name: 'サイト情報' });
    expect(within(footer).getByRole('link', { name: '利用規約' }).getAttribute('href')).toBe('/terms');
    expect(within(footer).getByRole('link', { name: '特定商取引法に基づく表記' }).getAttribute('href')).toBe(
      '/commercial',
    );
    expect(within(footer).getByRole('link', { name: 'クリエイターの方へ' }).getAttribute('href')).toBe(
      '/creator',
    );
  });

  it('shows the mushroom price and validity from businessConfig', () => {
    renderIn('ja', <LandingPage />, '/');
    const text = bodyText();
    expect(text).toContain(`1キノコ ${businessConfig.points.yenPerMushroom}円（税込）`);
    expect(text).toContain(`購入日から${businessConfig.points.lotDays}日間`);
    expect(text).not.toContain('{{');
  });

  it('follows a changed configuration, in English under /en', () => {
    renderIn(
      'en',
      <LandingPage config={withConfig({ points: { yenPerMushroom: 12, lotDays: 120 } })} />,
      '/en',
    );
    expect(screen.getByRole('heading', { level: 1, name: enLanding.fan.hero.title })).toBeTruthy();
    const text = bodyText();
    expect(text).toContain('12 yen per mushroom (tax included)');
    expect(text).toContain('120 days from purchase');
    expect(href('Start with LINE')).toEqual(['/en/user/login', '/en/user/login']);
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/en/terms');
  });
});

describe('CreatorLandingPage', () => {
  it('renders the rates of businessConfig and the register and login buttons (ja)', () => {
    renderIn('ja', <CreatorLandingPage />, '/creator');
    expect(screen.getByRole('heading', { level: 1, name: jaLanding.creator.hero.title })).toBeTruthy();
    for (const name of ['収益のしくみ', '一斉配信', '国内の銀行口座へ出金', '店舗・事務所の方へ']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li');
    const pct = (r: number) => `${Math.round(r * 100)}%`;
    expect(card('チャット')?.querySelector('strong')?.textContent).toBe(pct(businessConfig.rewards.chatRate));
    // The campaign's rate is the live one (features/campaign): none before the answer, never the configuration's.
    expect(card('チャット')?.textContent).not.toContain(pct(businessConfig.rewards.chatCampaignRate));
    expect(card('チャット')?.querySelector('[data-live-campaign]')?.textContent).toContain(
      jaLanding.creator.earn.chat.campaignNeutral,
    );
    expect(card('ショップ')?.querySelector('strong')?.textContent).toBe(
      pct(businessConfig.rewards.productRate),
    );
    expect(card('ファンクラブ')?.querySelector('strong')?.textContent).toBe(
      pct(businessConfig.rewards.subscriptionRate),
    );
    const w = businessConfig.withdrawal;
    expect(bodyText()).toContain(
      `毎月${w.cutoffDay}日（日本時間）までに申請すると、翌月${w.transferDay}日に`,
    );
    expect(bodyText()).toContain(`${w.minimumYen.toLocaleString('ja-JP')}円`);
    expect(href('無料で登録する')).toEqual(['/creator/register', '/creator/register']);
    expect(href('ログイン')).toEqual(['/creator/login', '/creator/login']);
    expect(href('クリエイター利用規約を読む')).toEqual(['/creator/terms']);
  });

  it('follows changed rates, in English under /en', () => {
    const config = withConfig({
      rewards: { productRate: 0.8, chatRate: 0.45 },
      withdrawal: { cutoffDay: 23 },
    });
    renderIn('en', <CreatorLandingPage config={config} />, '/en/creator');
    const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li');
    expect(card('Shop')?.querySelector('strong')?.textContent).toBe('80%');
    expect(card('Chat')?.querySelector('strong')?.textContent).toBe('45%');
    expect(bodyText()).toContain('by the 23rd (Japan time)');
    expect(href('Sign up free')).toEqual(['/en/creator/register', '/en/creator/register']);
    expect(screen.getByRole('link', { name: 'Read the Creator Terms' }).getAttribute('href')).toBe(
      '/en/creator/terms',
    );
  });
});
