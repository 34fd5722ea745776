import type { ReportView } from '@app/shared/schemas/admin-reports';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { expect, it, vi } from 'vitest';
import { createI18n } from '../../../lib/i18n.ts';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { loadAdminCatalogue } from '../../admin/catalogue.ts';
import { ReportActions } from './ReportActions.tsx';

/** The actions on an open report: which ones a report offers, the confirmation, the request, a conflict. */

const fetchMock = prepareScreenTest({ config: { wsUrl: 'ws://localhost/ws' }, signIn: ['admin1', 3] });

const person = (id: string, status: 'active' | 'suspended' = 'active') => ({
  id,
  nickname: id === 'c1' ? '乱暴なクリエイター' : 'ひなた',
  username: id,
  role_id: id === 'c1' ? 2 : 4,
  status,
  exists: true,
});

const report = (over: Partial<ReportView> = {}): ReportView => ({
  id: '01JAB00000000000000000000A',
  type: 3,
  detail: '',
  subject: 'message',
  chatroom_id: 'c1_f1',
  message_id: '01JAC00000000000000000000A',
  status: 'open',
  resolution: null,
  assignee: null,
  note: '',
  reporter: person('f1'),
  target: person('c1'),
  created_at: '2026-11-24T01:00:00.000Z',
  updated_at: null,
  version: 2,
  ...over,
});

async function renderActions(r: ReportView) {
  const i18n = createI18n('ja');
  await loadAdminCatalogue(i18n, 'ja');
  const onDone = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <ReportActions report={r} onDone={onDone} />
    </I18nextProvider>,
  );
  return onDone;
}

it('a message report offers all four actions; the deletion is confirmed, then sent with the version read', async () => {
  fetchMock.mockResolvedValue(
    jsonResponse({
      status: 200,
      body: { report: report({ status: 'closed', resolution: 'message_deleted' }) },
    }),
  );
  const onDone = await renderActions(report());
  for (const name of [
    'メッセージを削除（規約違反）',
    '警告する',
    'アカウントを利用停止',
    '対応不要として閉じる',
  ])
    expect(screen.getByRole('button', { name })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'メッセージを削除（規約違反）' }));
  expect(screen.getByText('このメッセージを削除しますか？')).toBeTruthy();
  expect(fetchMock).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: '削除する' }));
  await waitFor(() => expect(onDone).toHaveBeenCalledWith('delete_message'));
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(String(url)).toContain('/admin/reports/action');
  expect(JSON.parse(String(init?.body))).toMatchObject({
    report_id: '01JAB00000000000000000000A',
    version: 2,
    action: 'delete_message',
  });
});

it('a report about a suspended user offers no deletion and no suspension', async () => {
  await renderActions(report({ subject: 'user', message_id: null, target: person('c1', 'suspended') }));
  expect(screen.queryByRole('button', { name: 'メッセージを削除（規約違反）' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'アカウントを利用停止' })).toBeNull();
  expect(screen.getByRole('button', { name: '警告する' })).toBeTruthy();
});

it("another operator's change meanwhile is shown in the operator's language", async () => {
  fetchMock.mockResolvedValue(
    jsonResponse({ status: 409, body: { code: 'admin_conflict', message: 'errors.adminConflict' } }),
  );
  const onDone = await renderActions(report());
  fireEvent.click(screen.getByRole('button', { name: '対応不要として閉じる' }));
  fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
  expect(
    await screen.findByText('ほかのオペレーターが同時に変更しました。画面を読み込み直してください。'),
  ).toBeTruthy();
  expect(onDone).not.toHaveBeenCalled();
});
