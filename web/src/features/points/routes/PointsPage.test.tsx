import type { BalanceView } from '@app/shared/schemas/points';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/router.tsx';
import { createI18n } from '../../../lib/i18n.ts';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
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
  const fetchMock = prepareScreenTest();
  beforeEach(() => {
    fetchMock.mockImplementation(async (input) => {
      const path = String(input)
        .replace(/^\/api/, '')
        .split('?')[0];
      if (path !== '/mypage/points') throw new Error(`unexpected ${path}`);
      return jsonResponse({ status: 200, body: { balance, logs: [], next_cursor: null } });
    });
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
