import type { BalanceView } from '@app/shared/schemas/points';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router.tsx';
import { setRuntimeConfig } from '../../../lib/config.ts';
import { createI18n } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query.ts';
import { clearCookies, jsonResponse, stubBoundary } from '../../../test/boundary.ts';
import { signInForTest } from '../../../test/session.ts';

const balance: BalanceView = {
  mushroom: 0,
  leaf: 0,
  original: 0,
  total: 0,
  nearest_expiry: null,
  expiring_soon: null,
};

function renderAt(path: string) {
  render(
    <I18nextProvider i18n={createI18n('ja')}>
      <RouterProvider router={createMemoryRouter(routes(), { initialEntries: [path] })} />
    </I18nextProvider>,
  );
}

describe('/mypage/points', () => {
  beforeEach(() => {
    queryClient.clear();
    setRuntimeConfig({ apiBase: '/api', wsUrl: '', stage: 'local' });
    clearCookies();
    const fetchMock = stubBoundary();
    fetchMock.mockImplementation(async (input) => {
      const path = String(input)
        .replace(/^\/api/, '')
        .split('?')[0];
      if (path !== '/mypage/points') throw new Error(`unexpected ${path}`);
      return jsonResponse({ status: 200, body: { balance, logs: [], next_cursor: null } });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers a fan to buy mushrooms, on the balance and on the empty history', async () => {
    signInForTest('fan1', 4);
    renderAt('/ja/mypage/points');
    expect(await screen.findByText('ポイントの履歴はまだありません。')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'キノコを購入する' })).toHaveLength(2);
  });

  it('shows a creator no way to buy', async () => {
    signInForTest('creator1', 2);
    renderAt('/ja/mypage/points');
    expect(await screen.findByText('ポイントの履歴はまだありません。')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'キノコを購入する' })).toBeNull();
  });
});
