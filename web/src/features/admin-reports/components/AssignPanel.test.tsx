import type { ReportView } from '@app/shared/schemas/admin-reports';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { expect, it, vi } from 'vitest';
import { createI18n } from '../../../lib/i18n.ts';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { serveApi } from '../../../test/serve.tsx';
import { loadAdminCatalogue } from '../../admin/catalogue.ts';
import { AssignPanel } from './AssignPanel.tsx';

/** The report's assignment: another operator picked from the operators' list, sent by id. */

const fetchMock = prepareScreenTest({ config: { wsUrl: 'ws://localhost/ws' }, signIn: ['admin1', 3] });

const person = (id: string) => ({
  id,
  nickname: id,
  username: id,
  role_id: 4,
  status: 'active' as const,
  exists: true,
});

const report = (over: Partial<ReportView> = {}): ReportView => ({
  id: '01JAB00000000000000000000A',
  type: 3,
  detail: '',
  subject: 'user',
  chatroom_id: null,
  message_id: null,
  status: 'open',
  resolution: null,
  assignee: { id: 'admin2', name: '佐藤' },
  note: '',
  reporter: person('f1'),
  target: person('c1'),
  created_at: '2026-11-24T01:00:00.000Z',
  updated_at: null,
  version: 2,
  ...over,
});

const operators = [
  { id: 'admin1', name: '自分' },
  { id: 'admin2', name: '佐藤' },
  { id: 'admin3', name: '鈴木' },
  { id: 'admin4', name: 'ops@example.com' },
];

async function renderPanel(r: ReportView, lang: 'ja' | 'en' = 'ja') {
  const i18n = createI18n(lang);
  await loadAdminCatalogue(i18n, lang);
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>
        <AssignPanel report={r} onDone={onDone} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return onDone;
}

it('[ja] picks another operator from the list and assigns the report to their id, with the version read', async () => {
  const calls = serveApi(fetchMock, {
    'GET /admin/reports/operators': () => jsonResponse({ status: 200, body: { operators } }),
    'POST /admin/reports/assign': () =>
      jsonResponse({
        status: 200,
        body: { report: report({ assignee: { id: 'admin3', name: '鈴木' }, version: 3 }) },
      }),
  });
  const onDone = await renderPanel(report());
  const picker = await screen.findByRole('combobox', { name: '他の運営スタッフ' });
  // Neither the operator who has it nor me (I have a button of my own).
  await waitFor(() =>
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['選んでください', '鈴木', 'ops@example.com']),
  );
  expect(screen.getByRole('button', { name: '自分に割り当てる' })).toBeTruthy();
  fireEvent.change(picker, { target: { value: 'admin3' } });
  fireEvent.click(screen.getByRole('button', { name: '割り当てる' }));
  await waitFor(() => expect(onDone).toHaveBeenCalled());
  expect(onDone.mock.calls[0]?.[0]).toMatchObject({ assignee: { id: 'admin3' }, version: 3 });
  const assign = calls.find((c) => c.path === 'POST /admin/reports/assign');
  expect(assign?.body).toEqual({ report_id: '01JAB00000000000000000000A', version: 2, assignee: 'admin3' });
});

it('[en] nobody picked: the message in English, nothing sent', async () => {
  const calls = serveApi(fetchMock, {
    'GET /admin/reports/operators': () => jsonResponse({ status: 200, body: { operators } }),
  });
  await renderPanel(report({ assignee: null }), 'en');
  const picker = await screen.findByRole('combobox', { name: 'Another operator' });
  await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(4));
  fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
  expect(await screen.findByText('Choose an operator to assign.')).toBeTruthy();
  expect(calls.map((c) => c.path)).toEqual(['GET /admin/reports/operators']);
});

it('[ja] the only operator: the picker says there is nobody else and cannot be sent', async () => {
  serveApi(fetchMock, {
    'GET /admin/reports/operators': () =>
      jsonResponse({ status: 200, body: { operators: [{ id: 'admin1', name: '自分' }] } }),
  });
  await renderPanel(report({ assignee: null }));
  const picker = await screen.findByRole('combobox', { name: '他の運営スタッフ' });
  await waitFor(() => expect(picker.textContent).toBe('他の運営スタッフはいません'));
  expect((screen.getByRole('button', { name: '割り当てる' }) as HTMLButtonElement).disabled).toBe(true);
});
