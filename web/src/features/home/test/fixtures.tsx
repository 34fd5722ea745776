import type { MypageResponse } from '@app/shared/schemas/mypage';
import type { CreatorCard, HomeResponse } from '@app/shared/schemas/social';
import { jsonResponse, type stubBoundary } from '../../../test/boundary.ts';
import { renderApp, serveApi } from '../../../test/serve.tsx';

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
  cast_of: null,
  password_change_required: false,
});

/** Answers the API calls by `METHOD /path` (test/serve.tsx), the header's chat list with an empty one. */
export function serve(
  fetchMock: ReturnType<typeof stubBoundary>,
  handlers: Record<string, (body: unknown) => Response>,
) {
  return serveApi(fetchMock, {
    'GET /chatroom/list': () =>
      jsonResponse({ status: 200, body: { chatrooms: [], unread_total: 0, next_cursor: null } }),
    ...handlers,
  });
}

export const renderAt = renderApp;
