import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it } from 'vitest';
import { routes } from '../../../app/router.tsx';
import { createI18n } from '../../../lib/i18n.ts';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';

/** The forms of the code flows on React Hook Form, seen as users see them (forgot password, verify). */

const fetchMock = prepareScreenTest({ config: { wsUrl: 'ws://localhost/ws' } });

const text = {
  ja: {
    code: /確認コード（6桁）/,
    password: /^新しいパスワード/,
    confirmation: /新しいパスワード（確認）/,
    submit: 'パスワードを再設定する',
    codeError: '6桁の数字を入力してください。',
    required: '必須項目です。',
  },
  en: {
    code: /Verification code \(6 digits\)/,
    password: /^New password/,
    confirmation: /New password \(confirm\)/,
    submit: 'Reset password',
    codeError: 'Please enter the 6-digit code.',
    required: 'This field is required.',
  },
} as const;

const VERIFY = '/auth/forgot-password/verify';
const posts = () =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).includes(VERIFY) && init?.method === 'POST');

async function openVerify(lang: 'ja' | 'en') {
  const prefix = `/${lang}`;
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <RouterProvider
        router={createMemoryRouter(routes(), {
          initialEntries: [`${prefix}/creator/forgot-password/verify?email=fan%40example.com`],
        })}
      />
    </I18nextProvider>,
  );
  return (await screen.findByLabelText(text[lang].code)) as HTMLInputElement;
}

const submitButton = (lang: 'ja' | 'en') => screen.getByRole('button', { name: text[lang].submit });

it.each(['ja', 'en'] as const)(
  '[%s] an empty form shows each field’s error, focuses the code, and sends nothing',
  async (lang) => {
    const code = await openVerify(lang);
    fireEvent.click(submitButton(lang));
    expect(await screen.findByText(text[lang].codeError)).toBeTruthy();
    expect(screen.getAllByText(text[lang].required).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toEqual([]);
  },
);

it('keeps only the digits of what is typed in the code field, six at most', async () => {
  const code = await openVerify('ja');
  fireEvent.change(code, { target: { value: '12a3-4567 8' } });
  expect(code.value).toBe('123456');
});

async function fillValid(lang: 'ja' | 'en') {
  const code = await openVerify(lang);
  fireEvent.change(code, { target: { value: '123456' } });
  for (const input of document.querySelectorAll<HTMLInputElement>('input[type="password"]')) {
    fireEvent.change(input, { target: { value: 'Passw0rd!' } });
  }
  return code;
}

it('puts a 422’s issue on its field and focuses it; the field’s next change clears it', async () => {
  fetchMock.mockResolvedValue(
    jsonResponse({
      status: 422,
      body: { code: 'validation', message: 'x', issues: [{ path: 'code', message: 'validation.code' }] },
    }),
  );
  const code = await fillValid('en');
  fireEvent.click(submitButton('en'));
  expect(await screen.findByText(text.en.codeError)).toBeTruthy();
  await waitFor(() => expect(document.activeElement).toBe(code));
  expect(posts()).toHaveLength(1);
  fireEvent.change(code, { target: { value: '654321' } });
  await waitFor(() => expect(screen.queryByText(text.en.codeError)).toBeNull());
});

it.each([
  ['ja', '5分ほど待ってからもう一度お試しください。'],
  ['en', 'Please wait about 5 min and try again.'],
] as const)('[%s] another refusal is the form’s message, with its values', async (lang, message) => {
  fetchMock.mockResolvedValue(
    jsonResponse({
      status: 429,
      statusText: 'Too Many Requests',
      body: { code: 'rate_limited', message: 'x', params: { minutes: 5 } },
    }),
  );
  await fillValid(lang);
  fireEvent.click(submitButton(lang));
  await waitFor(() => expect(document.body.textContent).toContain(message));
});

it('sends once when submitted again while the first send is under way, with the button busy', async () => {
  let answer: (r: Response) => void = () => {};
  fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
  await fillValid('ja');
  const form = submitButton('ja').closest('form') as HTMLFormElement;
  fireEvent.submit(form);
  fireEvent.submit(form);
  await waitFor(() => expect(posts()).toHaveLength(1));
  fireEvent.submit(form);
  expect(screen.getByRole('button', { name: '送信中…' }).hasAttribute('disabled')).toBe(true);
  await act(async () => {
    answer(jsonResponse({ status: 200, body: { ok: true } }));
  });
  expect(posts()).toHaveLength(1);
});
