import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/boundary.ts';
import { prepareScreenTest } from '../../test/screen.ts';
import { renderApp } from '../../test/serve.tsx';
import { signInForTest } from '../../test/session.ts';
import { account, homeData, serve } from '../home/test/fixtures.tsx';

describe("the owner's way to the organization", () => {
  const fetchMock = prepareScreenTest();

  const confirmed = { like_favorite_help: true, point_kinds_help: true };

  it('[ja] one tap from home (its shortcut and card), and on the account screen with the sales', async () => {
    signInForTest('me', 1);
    serve(fetchMock, {
      'GET /mypage': () => jsonResponse({ status: 200, body: account(1, 'tsukiakari', '月灯りオーナー') }),
      'GET /home': () => jsonResponse({ status: 200, body: homeData({ confirmed }) }),
    });
    renderApp('/ja/home');
    const shortcuts = await screen.findByRole('navigation', { name: 'ショートカット' });
    expect(within(shortcuts).getByRole('link', { name: '組織の管理' }).getAttribute('href')).toBe(
      '/ja/organization',
    );
    const card = await screen.findByRole('complementary', { name: '組織' });
    expect(within(card).getByRole('link', { name: '組織の管理' }).getAttribute('href')).toBe(
      '/ja/organization',
    );
    cleanup();

    renderApp('/ja/mypage/account');
    const menu = await screen.findByRole('navigation', { name: 'ビジネス' });
    expect(within(menu).getByRole('link', { name: '組織の管理' }).getAttribute('href')).toBe(
      '/ja/organization',
    );
    expect(within(menu).getByRole('link', { name: '組織の売上' }).getAttribute('href')).toBe(
      '/ja/organization/sales',
    );
  });

  it('[en] is not offered to a creator', async () => {
    signInForTest('me', 2);
    serve(fetchMock, {
      'GET /mypage': () => jsonResponse({ status: 200, body: account(2, 'sakura', 'Sakura') }),
      'GET /home': () => jsonResponse({ status: 200, body: homeData({ confirmed }) }),
    });
    renderApp('/en/home');
    expect(await screen.findByRole('heading', { name: 'Hello, Sakura' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Your organization' })).toBeNull();
  });
});
