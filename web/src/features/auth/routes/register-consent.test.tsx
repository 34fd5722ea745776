import { businessConfig } from '@app/shared/config';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { renderApp } from '../../../test/serve.tsx';
import { forgetRegistrationCampaign } from '../../campaign/live-campaign.ts';

/** /creator/register/verify: the consent to the creator terms and the optional campaign code. */

const fetchMock = prepareScreenTest({ config: { wsUrl: 'ws://localhost/ws' } });
beforeEach(() => {
  forgetRegistrationCampaign();
  // The live registration campaign (not the configuration's): 75 % until 2027-01-31 (JST).
  fetchMock.mockImplementation(async (url) =>
    String(url).includes('/auth/register/campaign')
      ? jsonResponse({
          status: 200,
          body: { campaign: { rate_percent: 75, ends_at: '2027-01-31T15:00:00.000Z' } },
        })
      : jsonResponse({ status: 500 }),
  );
});

const text = {
  ja: {
    agree: 'クリエイター利用規約に同意します',
    terms: /クリエイター利用規約を読む/,
    campaign: /キャンペーンコード/,
    submit: '登録する',
    consentError: 'クリエイター利用規約への同意が必要です。',
    codeError: 'キャンペーンコードが正しくありません。',
    ended: 'このキャンペーンは終了しました。キャンペーンコードを空欄にして登録してください。',
    hint: 'キャンペーン期間中（2027年1月31日まで）、チャットの還元率が75%になります。',
  },
  en: {
    agree: 'I agree to the Creator Terms',
    terms: /Read the Creator Terms/,
    campaign: /Campaign code/,
    submit: 'Register',
    consentError: 'Please agree to the Creator Terms.',
    codeError: 'This campaign code is not valid.',
    ended: 'This campaign has ended. Leave the campaign code empty to register.',
    hint: 'While the campaign runs (until January 31, 2027), you earn 75% on chat.',
  },
} as const;

const posts = () =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url).includes('/auth/register/verify') && init?.method === 'POST',
  );

async function open(lang: 'ja' | 'en') {
  renderApp(`/${lang}/creator/register/verify?email=creator%40example.com`);
  // The page's module loads lazily: its first load can take a few seconds on a busy machine.
  const code = await screen.findByLabelText(
    lang === 'ja' ? /確認コード（6桁）/ : /Verification code/,
    {},
    { timeout: 10_000 },
  );
  fireEvent.change(code, { target: { value: '123456' } });
  for (const input of document.querySelectorAll<HTMLInputElement>('input[type="password"]')) {
    fireEvent.change(input, { target: { value: 'Passw0rd!' } });
  }
}

it.each(['ja', 'en'] as const)(
  '[%s] the terms open in a new tab; without consent nothing is sent; a wrong code is refused on its field',
  async (lang) => {
    await open(lang);
    const link = screen.getByRole('link', { name: text[lang].terms });
    expect(link.getAttribute('href')).toBe(`/${lang}/creator/terms`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(await screen.findByText(text[lang].hint)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: text[lang].campaign }), {
      // Not a code's form (unknown codes of the right form are refused by the server).
      target: { value: 'no!' },
    });
    fireEvent.click(screen.getByRole('button', { name: text[lang].submit }));
    expect(await screen.findByText(text[lang].consentError)).toBeTruthy();
    expect(screen.getByText(text[lang].codeError)).toBeTruthy();
    const consent = screen.getByRole('checkbox', { name: text[lang].agree });
    expect(consent.getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toEqual([]);
  },
);

it('sends the consent and the code as typed (full-width, lower case) in its stored form', async () => {
  fetchMock.mockImplementation(async () =>
    jsonResponse({
      status: 422,
      body: {
        code: 'validation',
        message: 'errors.validation',
        issues: [{ path: 'campaign_code', message: 'validation.campaignEnded' }],
      },
    }),
  );
  await open('ja');
  const full = businessConfig.rewards.campaignCode
    .toLowerCase()
    .replace(/[a-z0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
  fireEvent.change(screen.getByRole('textbox', { name: text.ja.campaign }), { target: { value: full } });
  fireEvent.click(screen.getByRole('checkbox', { name: text.ja.agree }));
  fireEvent.click(screen.getByRole('button', { name: text.ja.submit }));
  // The server's refusal (the campaign has ended) lands on the code's field.
  expect(await screen.findByText(text.ja.ended)).toBeTruthy();
  const [, init] = posts()[0] ?? [];
  expect(JSON.parse(String(init?.body))).toMatchObject({
    email: 'creator@example.com',
    code: '123456',
    campaign_code: businessConfig.rewards.campaignCode,
    agree_creator_terms: true,
  });
});
