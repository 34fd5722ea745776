import type { PushConfigResponse, PushDevicesResponse } from '@app/shared/schemas/push';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n.ts';
import { withQueryCache } from '../../../lib/QueryProvider.tsx';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { PushSettings } from './PushSettings.tsx';

const device = {
  id: 'a'.repeat(43),
  label: 'Chrome（Android）',
  topics: { messages: true, notices: false },
  lang: 'ja',
  created_at: '2026-11-20T03:00:00.000Z',
};

const fetchMock = prepareScreenTest({ config: { wsUrl: 'ws://localhost/ws' }, signIn: ['f1', 4] });
function answer(config: PushConfigResponse, devices: PushDevicesResponse) {
  fetchMock.mockImplementation(async (url) => {
    const path = String(url);
    if (path.endsWith('/push/config')) return jsonResponse({ status: 200, body: config });
    if (path.endsWith('/push/unsubscribe')) return jsonResponse({ status: 200, body: { removed: true } });
    return jsonResponse({ status: 200, body: devices });
  });
}
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path));

const Settings = withQueryCache(PushSettings);
const renderIn = (lang: 'ja' | 'en') =>
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <Settings />
    </I18nextProvider>,
  );

it('[ja] explains a browser without push, and lists the devices with their topics', async () => {
  // A real push service (no stand-in), and a browser without PushManager (happy-dom).
  answer({ public_key: 'k'.repeat(87), stand_in_url: null }, { devices: [device], max: 10 });
  renderIn('ja');
  expect(await screen.findByText(/このブラウザはプッシュ通知に対応していません/)).toBeTruthy();
  expect(screen.queryByRole('switch')).toBeNull();
  expect(await screen.findByText('Chrome（Android）')).toBeTruthy();
  expect(screen.getByText(/通知: 新しいメッセージ/)).toBeTruthy();
  expect(screen.getByText('1台 / 最大10台')).toBeTruthy();
});

it('[en] says when the environment has no push, and removes a device by its id', async () => {
  answer({ public_key: null, stand_in_url: null }, { devices: [device], max: 10 });
  renderIn('en');
  expect(await screen.findByText('Push notifications are not available here.')).toBeTruthy();
  fireEvent.click(await screen.findByRole('button', { name: 'Remove Chrome（Android）' }));
  expect(await screen.findByText('The device was removed.')).toBeTruthy();
  expect(JSON.parse(String(calls('/push/unsubscribe')[0]?.[1]?.body))).toEqual({ id: device.id });
});
