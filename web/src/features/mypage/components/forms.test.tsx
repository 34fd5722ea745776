import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n.ts';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { BankForm } from './BankForm.tsx';
import { StepIndicator } from './StepIndicator.tsx';
import { UserInfoForm } from './UserInfoForm.tsx';

/** The user info and bank forms on React Hook Form: errors on their fields, in page order. */

const fetchMock = prepareScreenTest({ config: { wsUrl: 'ws://localhost/ws' } });
beforeEach(() => {
  // The bank search answers nothing useful: these tests submit without picking.
  fetchMock.mockResolvedValue(jsonResponse({ status: 200, body: { banks: [] } }));
});

const sent = (path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).includes(path) && init?.method === 'POST');

it.each([
  ['ja', '性別を選択してください。', '氏名を入力してください（100文字以内）。', '保存'],
  ['en', 'Please select a gender.', 'Please enter your full name (at most 100 characters).', 'Save'],
] as const)(
  '[%s] user info: each missing field says so, the first gets the focus',
  async (lang, gender, fullName, save) => {
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <UserInfoForm initial={null} defaultEmail="fan@example.com" submitLabel={save} onSaved={() => {}} />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: save }));
    expect(await screen.findByText(gender)).toBeTruthy();
    expect(screen.getByText(fullName)).toBeTruthy();
    const name = screen.getByRole('textbox', { name: lang === 'ja' ? /氏名/ : /Full name/ });
    await waitFor(() => expect(document.activeElement).toBe(name));
    // The e-mail given as the default is kept: it has no error.
    expect(screen.getByDisplayValue('fan@example.com').getAttribute('aria-invalid')).toBeNull();
    expect(sent('/mypage/user')).toEqual([]);
    // Choosing a gender clears its error at once.
    fireEvent.click(screen.getAllByRole('radio')[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByText(gender)).toBeNull());
  },
);

it('bank: the bank search is focused when no bank is picked; digits only in the number, katakana for the owner', async () => {
  render(
    <I18nextProvider i18n={createI18n('ja')}>
      <BankForm initial={null} submitLabel="保存" onSaved={() => {}} />
    </I18nextProvider>,
  );
  const number = screen.getByRole('textbox', { name: /口座番号/ }) as HTMLInputElement;
  fireEvent.change(number, { target: { value: '12a34-5678' } });
  expect(number.value).toBe('1234567');
  const owner = screen.getByRole('textbox', { name: /口座名義/ }) as HTMLInputElement;
  fireEvent.change(owner, { target: { value: 'やまだ はなこ' } });
  fireEvent.blur(owner);
  expect(owner.value).toBe('ヤマダ　ハナコ');
  fireEvent.click(screen.getByRole('button', { name: '保存' }));
  expect(await screen.findByText('銀行を選択してください。')).toBeTruthy();
  expect(screen.getByText('支店を選択してください。')).toBeTruthy();
  const bankSearch = screen.getByRole('searchbox', { name: /銀行名で検索/ });
  await waitFor(() => expect(document.activeElement).toBe(bankSearch));
  expect(screen.queryByText(/口座番号を7桁/)).toBeNull();
  expect(sent('/mypage/bank')).toEqual([]);
});

it('[en] the bank search and the step indicator use half-width brackets', () => {
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <StepIndicator roleId={2} current={2} />
      <BankForm initial={null} submitLabel="Save" onSaved={() => {}} />
    </I18nextProvider>,
  );
  expect(screen.getByRole('searchbox', { name: /\(Search banks by name\)/ })).toBeTruthy();
  expect(screen.getByRole('navigation').textContent).toContain(' (done)');
  expect(document.body.textContent).not.toMatch(/[（）]/);
});
