import type { Language } from '@app/shared/config';
import enLanding from '@app/shared/i18n/en/landing';
import jaLanding from '@app/shared/i18n/ja/landing';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/boundary.ts';
import { prepareScreenTest } from '../../test/screen.ts';
import { renderApp } from '../../test/serve.tsx';
import { CreatorLandingPage } from '../landing/index.ts';
import { forgetRegistrationCampaign } from './live-campaign.ts';
import { fillLiveCampaign } from './static-campaign.ts';

/** The registration campaign on the public pages: the live answer, or a wording without a figure. */

const LIVE = { rate_percent: 75, ends_at: '2027-01-31T15:00:00.000Z' };

const fetchMock = prepareScreenTest({ config: { wsUrl: 'ws://localhost/ws' } });
function answer(campaign: typeof LIVE | null) {
  fetchMock.mockImplementation(async (url) =>
    String(url).includes('/auth/register/campaign')
      ? jsonResponse({ status: 200, body: { campaign } })
      : jsonResponse({ status: 500 }),
  );
}

beforeEach(() => {
  forgetRegistrationCampaign();
});

const hint = {
  ja: {
    running: 'キャンペーン期間中（2027年1月31日まで）、チャットの還元率が75%になります。',
    neutral: 'キャンペーンコードで登録すると、キャンペーン期間中はチャットの還元率が上がります。',
  },
  en: {
    running: 'While the campaign runs (until January 31, 2027), you earn 75% on chat.',
    neutral: 'Sign up with a campaign code to earn a higher chat rate while its campaign runs.',
  },
} as const;

/** The campaign's box in the page, and the wording it shows (the other is hidden by its state). */
function shown(box: Element | null | undefined) {
  const state = box?.getAttribute('data-live-campaign');
  const part = state === 'running' ? '.live-campaign__running' : '.live-campaign__neutral';
  return { state, text: box?.querySelector(part)?.textContent };
}

async function openVerify(lang: Language) {
  renderApp(`/${lang}/creator/register/verify?email=creator%40example.com`);
  // The page's module loads lazily: its first load can take a few seconds on a busy machine.
  const field = await screen.findByRole(
    'textbox',
    { name: lang === 'ja' ? /キャンペーンコード/ : /Campaign code/ },
    { timeout: 10_000 },
  );
  return () => document.getElementById(field.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
}

describe('the campaign code hint (sign-up)', () => {
  it.each(['ja', 'en'] as const)('[%s] states the live campaign’s rate and last day', async (lang) => {
    answer(LIVE);
    const hintOf = await openVerify(lang);
    await waitFor(() => expect(shown(hintOf()?.querySelector('[data-live-campaign]')).state).toBe('running'));
    expect(shown(hintOf()?.querySelector('[data-live-campaign]')).text).toBe(hint[lang].running);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/register/campaign')).toBe(true);
  });

  it.each(['ja', 'en'] as const)('[%s] reads naturally without a rate when none runs', async (lang) => {
    answer(null);
    const hintOf = await openVerify(lang);
    await waitFor(() => expect(shown(hintOf()?.querySelector('[data-live-campaign]')).state).toBe('none'));
    const box = hintOf()?.querySelector('[data-live-campaign]');
    expect(shown(box).text).toBe(hint[lang].neutral);
    // No figure anywhere, not even in the hidden wording.
    expect(box?.textContent).not.toMatch(/\d+\s*%/);
  });

  it('shows the neutral wording while the answer is not known, and when the call fails', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ status: 500 }));
    const hintOf = await openVerify('ja');
    const box = hintOf()?.querySelector('[data-live-campaign]');
    expect(shown(box)).toEqual({ state: 'unknown', text: hint.ja.neutral });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(shown(hintOf()?.querySelector('[data-live-campaign]')).state).toBe('unknown');
    expect(box?.textContent).not.toMatch(/\d+\s*%/);
  });
});

function landing(lang: Language) {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: lang,
    fallbackLng: false,
    resources: { ja: { landing: jaLanding }, en: { landing: enLanding } },
    ns: ['landing'],
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[lang === 'ja' ? '/creator' : '/en/creator']}>
        <CreatorLandingPage />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('the creators’ landing page', () => {
  it.each([
    ['ja', LIVE, 'キャンペーンコードで登録すると、2027年1月31日までチャットの還元率が75%になります。'],
    ['en', LIVE, 'Sign up with a campaign code and earn 75% on chat until January 31, 2027.'],
    ['ja', null, jaLanding.creator.earn.chat.campaignNeutral],
    ['en', null, enLanding.creator.earn.chat.campaignNeutral],
  ] as const)('[%s] campaign %o: %s', async (lang, campaign, text) => {
    answer(campaign);
    const { container } = landing(lang);
    const box = () => container.querySelector('[data-live-campaign]');
    await waitFor(() => expect(shown(box()).state).toBe(campaign ? 'running' : 'none'));
    expect(shown(box()).text).toBe(text);
  });

  it('pre-rendered (no React): the static script fills the same markup', async () => {
    answer(null);
    const { container } = landing('en');
    await waitFor(() => expect(shown(container.querySelector('[data-live-campaign]')).state).toBe('none'));
    // The markup as the build writes it: the neutral state, then the static script's answer.
    const html = container.innerHTML.replace('data-live-campaign="none"', 'data-live-campaign="unknown"');
    cleanup();
    const doc = document.implementation.createHTMLDocument();
    doc.documentElement.lang = 'en';
    doc.body.innerHTML = html;
    forgetRegistrationCampaign();
    answer(LIVE);
    await fillLiveCampaign(doc);
    expect(shown(doc.querySelector('[data-live-campaign]'))).toEqual({
      state: 'running',
      text: 'Sign up with a campaign code and earn 75% on chat until January 31, 2027.',
    });
  });
});
