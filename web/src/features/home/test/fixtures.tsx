import type { MypageResponse } from '@app/shared/schemas/mypage';
import type { CreatorCard, HomeResponse } from '@app/shared/schemas/social';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../../../app/router.tsx';
import { createI18n } from '../../../lib/i18n.ts';
import { jsonResponse, type stubBoundary } from '../../../test/boundary.ts';

export const card = (username: string, over: Partial<CreatorCard> = {}): CreatorCard => ({
  id: `id-${username}`,
  username,
  nickname: username,
  genre: 'アイドル',
  bio: null,
  area: 13,
  profile_image: null,
  liked_by: 3,
  ...over,
});

export const homeData = (over: Partial<HomeResponse> = {}): HomeResponse => ({
  recommended: [card('sakura', { nickname: '桜井さくら' }), card('ren', { nickname: '蓮' })],
  rankings: { amount: [], count: [] },
  favorites: [card('mika', { nickname: 'Mika' })],
  banner: {
    image_url: 'http://localhost/media/home/banner.png',
    alt: { ja: '春のキャンペーン', en: 'Spring campaign' },
    link: '/store',
  },
  news: [
    {
      id: 'n1',
      title: { ja: 'kinokoへようこそ', en: 'Welcome to kinoko' },
      published_at: '2026-05-20T01:00:00.000Z',
    },
  ],
  confirmed: { like_favorite_help: false, point_kinds_help: false },
  ...over,
});

export const account = (roleId: number, username: string | null, nickname: string): MypageResponse => ({
  profile: {
    id: 'me',
    role_id: roleId,
    username,
    nickname,
    genre: null,
    bio: null,
    area: 0,
    profile_image: null,
    background_image: null,
    is_anonymous_open_log: false,
    is_hide_supporter_ranking: false,
  },
  user: null,
  bank: null,
  email: null,
  step: roleId === 4 ? 2 : 3,
  final_step: roleId === 4 ? 2 : 3,
  setup_complete: true,
  bank_skipped: false,
  business: null,
});

/** Answers the API calls by `METHOD /path`; anything else (the header's chat list) is an empty success. */
export function serve(
  fetchMock: ReturnType<typeof stubBoundary>,
  handlers: Record<string, (body: unknown) => Response>,
) {
  const calls: { path: string; body: unknown }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const path =
      String(input)
        .replace(/^\/api/, '')
        .split('?')[0] ?? '';
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ path: `${method} ${path}`, body });
    const handler = handlers[`${method} ${path}`];
    if (handler) return handler(body);
    if (path === '/chatroom/list')
      return jsonResponse({ status: 200, body: { chatrooms: [], unread_total: 0, next_cursor: null } });
    throw new Error(`unexpected ${method} ${path}`);
  });
  return calls;
}

export function renderAt(path: string) {
  const router = createMemoryRouter(routes(), { initialEntries: [path] });
  render(
    <I18nextProvider i18n={createI18n(path.startsWith('/en') ? 'en' : 'ja')}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}
