import type { BankView } from '@app/shared/schemas/mypage';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { expect, it, vi } from 'vitest';
import { createI18n } from '../../../lib/i18n.ts';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { BankForm } from './BankForm.tsx';

/** Changing stored bank details asks for the code mailed to the account's e-mail. */

const stored: BankView = {
  bank_code: '0001',
  bank_name: 'みずほ',
  branch_code: '001',
  branch_name: '東京営業部',
  account_type: 'ordinary',
  account_number: '1234567',
  account_owner: 'ヤマダ　タロウ',
};

const fetchMock = prepareScreenTest({ config: { wsUrl: 'ws://localhost/ws' }, signIn: ['creator1', 2] });

const bodiesTo = (path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith(path) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

/** The server: changes need a code ('246810' is right); code mails answer `mailAnswers` in turn. */
function server(mailAnswers: { status: number; body: unknown }[]) {
  let mails = 0;
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    if (path.endsWith('/mypage/bank/code')) {
      const answer = mailAnswers[Math.min(mails, mailAnswers.length - 1)] as {
        status: number;
        body: unknown;
      };
      mails += 1;
      return jsonResponse(answer);
    }
    if (path.endsWith('/mypage/bank')) {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      if (body.account_number === stored.account_number) return jsonResponse({ status: 200, body: {} });
      if (!body.code)
        return jsonResponse({
          status: 403,
          body: { code: 'bank_code_required', message: 'errors.bankCodeRequired' },
        });
      if (body.code !== '246810')
        return jsonResponse({ status: 400, body: { code: 'code_invalid', message: 'errors.codeInvalid' } });
      return jsonResponse({ status: 200, body: {} });
    }
    return jsonResponse({ status: 200, body: { banks: [] } });
  });
}

const renderForm = (lang: 'ja' | 'en', onSaved = vi.fn()) => {
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <BankForm initial={stored} submitLabel={lang === 'ja' ? '保存' : 'Save'} onSaved={onSaved} />
    </I18nextProvider>,
  );
  return onSaved;
};

it.each([
  [
    'ja',
    /口座番号/,
    'creator@example.com に確認コードを送りました。',
    /確認コード/,
    '確認コードが正しくありません。',
    '確認して口座情報を保存する',
  ],
  [
    'en',
    /Account number/,
    'We sent a code to creator@example.com.',
    /Verification code/,
    'The verification code is incorrect.',
    'Confirm and save',
  ],
] as const)(
  '[%s] saving changed details sends the code, then saves with it',
  async (lang, numberLabel, sentText, codeLabel, invalid, confirm) => {
    server([{ status: 200, body: { email: 'creator@example.com' } }]);
    const onSaved = renderForm(lang);
    fireEvent.change(screen.getByRole('textbox', { name: numberLabel }), { target: { value: '7654321' } });
    fireEvent.click(screen.getByRole('button', { name: lang === 'ja' ? '保存' : 'Save' }));
    expect(await screen.findByText(new RegExp(sentText.replace(/\./g, '\\.')))).toBeTruthy();
    expect(bodiesTo('/mypage/bank/code')).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
    // The details wait, as they will be saved; the code field has the focus.
    expect(screen.getByRole('textbox', { name: numberLabel }).closest('fieldset')?.disabled).toBe(true);
    const code = screen.getByRole('textbox', { name: codeLabel });
    await waitFor(() => expect(document.activeElement).toBe(code));

    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: confirm }));
    expect(await screen.findByText(invalid)).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();

    fireEvent.change(code, { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: confirm }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const saves = bodiesTo('/mypage/bank');
    expect(saves.at(-1)).toMatchObject({ account_number: '7654321', code: '246810' });
    expect(saves[0]).not.toHaveProperty('code');
  },
);

it('saving the same details needs no code', async () => {
  server([{ status: 200, body: { email: 'creator@example.com' } }]);
  const onSaved = renderForm('ja');
  fireEvent.click(screen.getByRole('button', { name: '保存' }));
  await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
  expect(bodiesTo('/mypage/bank/code')).toEqual([]);
});

it.each([
  ['ja', '確認コードを再送する', '42分ほど待って'],
  ['en', 'Send the code again', 'Please wait about 42 min'],
] as const)('[%s] a resend over the hourly limit says how long to wait', async (lang, resend, waitText) => {
  server([
    { status: 200, body: { email: 'creator@example.com' } },
    {
      status: 429,
      body: {
        code: 'rate_limited',
        message: 'errors.rateLimited',
        params: { minutes: 42 },
        retry_after: 2520,
      },
    },
  ]);
  renderForm(lang);
  fireEvent.change(screen.getByRole('textbox', { name: lang === 'ja' ? /口座番号/ : /Account number/ }), {
    target: { value: '7654321' },
  });
  fireEvent.click(screen.getByRole('button', { name: lang === 'ja' ? '保存' : 'Save' }));
  fireEvent.click(await screen.findByRole('button', { name: resend }));
  expect(await screen.findByText(new RegExp(waitText))).toBeTruthy();
  expect(bodiesTo('/mypage/bank/code')).toHaveLength(2);
});

it('going back to the details leaves the code step', async () => {
  server([{ status: 200, body: { email: 'creator@example.com' } }]);
  renderForm('ja');
  fireEvent.change(screen.getByRole('textbox', { name: /口座番号/ }), { target: { value: '7654321' } });
  fireEvent.click(screen.getByRole('button', { name: '保存' }));
  fireEvent.click(await screen.findByRole('button', { name: '口座情報の入力に戻る' }));
  expect(screen.getByRole('textbox', { name: /口座番号/ }).closest('fieldset')?.disabled).toBe(false);
  expect(screen.queryByRole('textbox', { name: /確認コード/ })).toBeNull();
  expect(screen.getByRole('button', { name: '保存' })).toBeTruthy();
});
