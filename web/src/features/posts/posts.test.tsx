import type { PostResponse, PostView } from '@app/shared/schemas/fanclub';
import type { PublicProfileView } from '@app/shared/schemas/social';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/boundary.ts';
import { prepareScreenTest } from '../../test/screen.ts';
import { renderApp, serveApi } from '../../test/serve.tsx';
import { signInForTest } from '../../test/session.ts';

const CREATOR_ID = '01J0000000000000000000CRE1';
const OPEN = '01JD0000000000000000000P01';
const LOCKED = '01JD0000000000000000000P02';
const OLD = '01JD0000000000000000000P03';

const profile: PublicProfileView = {
  id: CREATOR_ID,
  role_id: 2,
  username: 'sakura',
  nickname: 'さくら',
  genre: null,
  bio: null,
  area: 13,
  profile_image: null,
  background_image: null,
  liked_by: 0,
  favorited_by: null,
  chat_cost: 50,
  chat_locked: false,
  supporters: { month: [], all_time: [] },
  viewer: null,
  organization: null,
};

const post = (over: Partial<PostView> = {}): PostView => ({
  id: OPEN,
  creator_id: CREATOR_ID,
  visibility: 'members',
  status: 'published',
  month: '2026-11',
  published_at: '2026-11-20T03:00:00.000Z',
  text: '一行目\n二行目',
  images: [
    { thumb_url: '/private/a-thumb.webp?sig', full_url: '/private/a.webp?sig' },
    { thumb_url: '/private/b-thumb.webp?sig', full_url: '/private/b.webp?sig' },
  ],
  video: null,
  image_count: 2,
  has_video: false,
  lock: null,
  ...over,
});
const locked = (over: Partial<PostView> = {}) =>
  post({
    id: LOCKED,
    text: null,
    images: [],
    image_count: 3,
    lock: { join: true, pass: false, price: 300 },
    ...over,
  });
const page = (posts: PostView[], next_cursor: string | null = null) =>
  jsonResponse({ status: 200, body: { posts, next_cursor } });
const creator: PostResponse['creator'] = {
  id: CREATOR_ID,
  username: 'sakura',
  nickname: 'さくら',
  avatar_url: null,
};

describe('fan club posts (reading)', () => {
  const fetchMock = prepareScreenTest();

  it('shows a guest the readable posts and a teaser asking to log in, returning to the posts (ja)', async () => {
    serveApi(fetchMock, {
      'GET /profile/sakura': () => jsonResponse({ status: 200, body: profile }),
      'GET /fanclub/posts/sakura': () => page([post({ visibility: 'public' }), locked()]),
    });
    renderApp('/ja/@sakura/posts');
    const list = await screen.findByRole('list', { name: '投稿' });
    const [open, teaser] = within(list).getAllByTestId('post-card');
    if (!open || !teaser) throw new Error('two posts');
    // The text keeps its line break (pre-wrap), the public post has no label.
    expect(within(open).getByText((_, el) => el?.textContent === '一行目\n二行目')).toBeTruthy();
    expect(within(open).queryByText('メンバー限定')).toBeNull();
    expect(within(teaser).getByText('メンバー限定')).toBeTruthy();
    expect(within(teaser).getByText('2026年11月のメンバー限定投稿')).toBeTruthy();
    expect(within(teaser).getByText('内容: 画像3枚')).toBeTruthy();
    expect(within(teaser).getByText('メンバー限定の投稿を見るにはログインしてください。')).toBeTruthy();
    const login = within(teaser).getByRole('link', { name: 'ログインする' });
    expect(login.getAttribute('href')).toBe(`/ja/user/login?next=${encodeURIComponent('/@sakura/posts')}`);
    expect(within(teaser).queryByRole('img')).toBeNull();
    // The date opens the post's page.
    const date = within(open).getByRole('link', { name: /2026/ });
    expect(date.getAttribute('href')).toBe(`/ja/@sakura/posts/${OPEN}`);
  });

  it('offers a member joining or that month’s back number, opens images in the viewer, says when a video cannot play (en)', async () => {
    signInForTest('fan1', 4);
    serveApi(fetchMock, {
      'GET /profile/sakura': () => jsonResponse({ status: 200, body: profile }),
      'GET /fanclub/posts/sakura': () =>
        page([
          post(),
          post({
            id: 'V1',
            images: [],
            image_count: 0,
            has_video: true,
            video: { url: '/private/v.mp4?sig' },
          }),
          locked({
            id: OLD,
            month: '2026-10',
            has_video: true,
            image_count: 0,
            lock: { join: false, pass: true, price: 300 },
          }),
          locked({ lock: { join: true, pass: true, price: 1200 }, month: '2026-09' }),
          locked({ id: 'N1', lock: { join: false, pass: false, price: 300 } }),
        ]),
    });
    renderApp('/en/@sakura/posts');
    const list = await screen.findByRole('list', { name: 'Posts' });
    const cards = within(list).getAllByTestId('post-card');
    const [withImages, withVideo, passOnly, both, neither] = cards;
    if (!withImages || !withVideo || !passOnly || !both || !neither) throw new Error('five posts');

    fireEvent.click(within(withImages).getByRole('button', { name: 'Enlarge image 2' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2 / 2')).toBeTruthy();
    expect(dialog.querySelector('img.viewer__img')?.getAttribute('src')).toBe('/private/b.webp?sig');

    const video = within(withVideo).getByLabelText('Video of the post');
    expect(video.tagName).toBe('VIDEO');
    fireEvent.error(video);
    expect(await within(withVideo).findByText('Cannot play video')).toBeTruthy();

    expect(within(passOnly).getByText('Members-only post of October 2026')).toBeTruthy();
    expect(within(passOnly).getByText('Contains: video')).toBeTruthy();
    expect(within(passOnly).queryByRole('link', { name: /Join/ })).toBeNull();
    expect(
      within(passOnly)
        .getByRole('link', { name: 'Buy the October 2026 back number (300 mushrooms)' })
        .getAttribute('href'),
    ).toBe('/en/@sakura/fanclub?pass=2026-10');

    expect(within(both).getByRole('link', { name: 'Join the fan club to see it' }).getAttribute('href')).toBe(
      '/en/@sakura/fanclub',
    );
    expect(
      within(both).getByRole('link', { name: 'Buy the September 2026 back number (1,200 mushrooms)' }),
    ).toBeTruthy();

    expect(
      within(neither).getByText(
        'Posts of past months open with a back-number pass, which fan club members can buy.',
      ),
    ).toBeTruthy();
    expect(within(neither).getByRole('link', { name: 'See the fan club' }).getAttribute('href')).toBe(
      '/en/@sakura/fanclub',
    );
  });

  it('pages with "Show more" and reads again when the reader comes back', async () => {
    let round = 0;
    const calls = serveApi(fetchMock, {
      'GET /profile/sakura': () => jsonResponse({ status: 200, body: profile }),
      'GET /fanclub/posts/sakura': (_, query) => {
        if (query.get('cursor') === 'c1') return page([post({ id: OLD, text: '二ページ目' })]);
        round += 1;
        return round === 1
          ? page([post({ visibility: 'public', text: '最初' })], 'c1')
          : page([
              post({ id: 'NEW', text: '新しい投稿', visibility: 'public' }),
              post({ visibility: 'public', text: '最初' }),
            ]);
      },
      [`GET /fanclub/post/${OPEN}`]: () =>
        jsonResponse({ status: 200, body: { post: post({ visibility: 'public', text: '最初' }), creator } }),
    });
    renderApp('/en/@sakura/posts');
    expect(await screen.findByText('最初')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('二ページ目')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(calls.filter((c) => c.query.get('cursor') === 'c1')).toHaveLength(1);

    // To the post's page by its date, and back: a post published meanwhile is there.
    fireEvent.click(screen.getAllByRole('link', { name: /2026/ })[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('link', { name: '‹ Back to さくら’s posts' }));
    expect(await screen.findByText('新しい投稿')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    serveApi(fetchMock, {
      'GET /profile/sakura': () => jsonResponse({ status: 200, body: profile }),
      'GET /fanclub/posts/sakura': () => page([]),
    });
    renderApp('/ja/@sakura/posts');
    expect(await screen.findByText('まだ投稿はありません。')).toBeTruthy();
  });
});

describe('a post’s page', () => {
  const fetchMock = prepareScreenTest();

  it('shows the post with its creator and title (ja), the teaser for a locked one (en)', async () => {
    serveApi(fetchMock, {
      [`GET /fanclub/post/${OPEN}`]: () => jsonResponse({ status: 200, body: { post: post(), creator } }),
      [`GET /fanclub/post/${LOCKED}`]: () => jsonResponse({ status: 200, body: { post: locked(), creator } }),
    });
    renderApp(`/ja/@sakura/posts/${OPEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'さくら' })).toBeTruthy();
    expect(screen.getByRole('list', { name: '画像' })).toBeTruthy();
    expect(screen.getByText('メンバー限定')).toBeTruthy();
    // On its own page the date is not a link.
    expect(screen.queryByRole('link', { name: /2026/ })).toBeNull();
    await waitFor(() => expect(document.title).toBe('さくらさんの投稿 | kinoko'));
    cleanup();

    renderApp(`/en/@sakura/posts/${LOCKED}`);
    expect(await screen.findByText('Members-only post of November 2026')).toBeTruthy();
    expect(screen.getByText('Contains: 3 images')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `/en/user/login?next=${encodeURIComponent(`/@sakura/posts/${LOCKED}`)}`,
    );
  });

  it('is not found for an unknown post, and for a post of another creator under this name', async () => {
    serveApi(fetchMock, {
      [`GET /fanclub/post/${OPEN}`]: () =>
        jsonResponse({ status: 404, body: { code: 'post_not_found', message: 'not found' } }),
      [`GET /fanclub/post/${LOCKED}`]: () =>
        jsonResponse({
          status: 200,
          body: { post: post({ id: LOCKED }), creator: { ...creator, id: 'other', username: 'maitake' } },
        }),
    });
    renderApp(`/en/@sakura/posts/${OPEN}`);
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the posts' }).getAttribute('href')).toBe(
      '/en/@sakura/posts',
    );
    cleanup();
    renderApp(`/ja/@sakura/posts/${LOCKED}`);
    expect(await screen.findByRole('heading', { name: '投稿が見つかりません' })).toBeTruthy();
    expect(screen.queryByText('一行目')).toBeNull();
  });
});
