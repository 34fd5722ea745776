import type { PostView } from '@app/shared/schemas/fanclub';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/boundary.ts';
import { prepareScreenTest } from '../../test/screen.ts';
import { renderApp, serveApi } from '../../test/serve.tsx';

const ID = '01JABCDEFGHJKMNPQRSTVWXYZ0';

const post = (id: string, over: Partial<PostView> = {}): PostView => ({
  id,
  creator_id: 'me',
  visibility: 'public',
  status: 'published',
  month: '2026-11',
  published_at: '2026-11-20T03:00:00.000Z',
  text: `投稿${id.slice(-1)}\n二行目`,
  images: [],
  video: null,
  image_count: 0,
  has_video: false,
  lock: null,
  edit: { images: [], video: null },
  ...over,
});
const creator = { id: 'me', username: 'me', nickname: 'わたし', avatar_url: null };

describe('the creator’s post screens', () => {
  const fetchMock = prepareScreenTest({ signIn: ['me', 2] });

  const common = {
    'GET /chatroom/list': () =>
      jsonResponse({ status: 200, body: { chatrooms: [], unread_total: 0, next_cursor: null } }),
  };

  it('[ja] lists scheduled posts with their time, then published ones, with visibility; delete asks first', async () => {
    const posts = [
      post('01JABCDEFGHJKMNPQRSTVWXYZ1', {
        status: 'scheduled',
        visibility: 'members',
        published_at: '2026-12-24T11:00:00.000Z',
        image_count: 2,
        images: [
          { thumb_url: 'https://example.test/t1', full_url: 'https://example.test/f1' },
          { thumb_url: 'https://example.test/t2', full_url: 'https://example.test/f2' },
        ],
      }),
      post('01JABCDEFGHJKMNPQRSTVWXYZ2', {
        text: '',
        has_video: true,
        video: { url: 'https://example.test/v' },
      }),
    ];
    const calls = serveApi(fetchMock, {
      ...common,
      'GET /fanclub/my-posts/me': () => jsonResponse({ status: 200, body: { posts, next_cursor: null } }),
      'POST /fanclub/post/delete': () => jsonResponse({ status: 200, body: { ok: true } }),
    });
    renderApp('/ja/home/fanclub/posts');
    const list = await screen.findByRole('list', { name: '投稿一覧' });
    const rows = within(list).getAllByTestId('post-row');
    expect(rows).toHaveLength(2);
    const [scheduled, published] = rows as [HTMLElement, HTMLElement];
    expect(within(scheduled).getByText('予約投稿')).toBeTruthy();
    expect(within(scheduled).getByText('会員限定')).toBeTruthy();
    expect(within(scheduled).getByText('2026/12/24 20:00 に公開予定')).toBeTruthy();
    expect(within(scheduled).getByText('投稿1')).toBeTruthy();
    expect(within(scheduled).getByText('画像 2枚')).toBeTruthy();
    expect(within(published).getByText('公開済み')).toBeTruthy();
    expect(within(published).getByText('全体公開')).toBeTruthy();
    expect(within(published).getByText('2026/11/20 12:00 に公開')).toBeTruthy();
    expect(within(published).getByText('（本文なし）')).toBeTruthy();
    expect(within(published).getByText('動画あり')).toBeTruthy();
    expect(within(scheduled).getByRole('link', { name: '編集' }).getAttribute('href')).toBe(
      '/ja/home/fanclub/posts/01JABCDEFGHJKMNPQRSTVWXYZ1',
    );
    expect(screen.getByRole('link', { name: 'ファンクラブ管理に戻る' }).getAttribute('href')).toBe(
      '/ja/home/fanclub',
    );

    fireEvent.click(within(scheduled).getByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog', { name: 'この投稿を削除しますか？' });
    expect(dialog.textContent).toContain('予約は取り消され、この投稿は公開されません。');
    expect(calls.some((c) => c.path === 'POST /fanclub/post/delete')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '削除' }));
    expect(await screen.findByText('投稿を削除しました。')).toBeTruthy();
    expect(calls.find((c) => c.path === 'POST /fanclub/post/delete')?.body).toEqual({
      id: '01JABCDEFGHJKMNPQRSTVWXYZ1',
    });
  });

  it('[en] an empty post is refused on the text; a time too soon on its field; nothing is sent', async () => {
    const calls = serveApi(fetchMock, {
      ...common,
      'GET /fanclub/my-posts/me': () => jsonResponse({ status: 200, body: { posts: [], next_cursor: null } }),
      'POST /fanclub/post': (body) =>
        jsonResponse({
          status: 200,
          body: { post: post(ID, { status: 'scheduled', ...(body as object) }), creator },
        }),
    });
    renderApp('/en/home/fanclub/posts/create');
    fireEvent.click(await screen.findByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Add text, images or a video.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'See you soon' } });
    expect(screen.queryByText('Add text, images or a video.')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /^Members only/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Schedule for later' }));
    const at = screen.getByLabelText('Date and time (Japan time)');
    // One minute from now (Japan time): too soon.
    const jst = (ms: number) => new Date(Date.now() + ms + 9 * 3_600_000).toISOString().slice(0, 16);
    fireEvent.change(at, { target: { value: jst(60_000) } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(/at least 5 minutes from now/)).toBeTruthy();
    expect(calls.filter((c) => c.path === 'POST /fanclub/post')).toEqual([]);

    fireEvent.change(at, { target: { value: jst(2 * 86_400_000) } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Your post is scheduled.')).toBeTruthy();
    const body = calls.find((c) => c.path === 'POST /fanclub/post')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ text: 'See you soon', visibility: 'members', images: [], video: null });
    expect(Date.parse(body.publish_at as string)).toBeGreaterThan(Date.now() + 86_400_000);
  });

  it('[ja] members only without a fan club says so and links to the setup', async () => {
    serveApi(fetchMock, {
      ...common,
      'POST /fanclub/post': () =>
        jsonResponse({ status: 404, body: { code: 'fanclub_not_found', message: 'errors.fanclubNotFound' } }),
    });
    renderApp('/ja/home/fanclub/posts/create');
    fireEvent.change(await screen.findByRole('textbox', { name: '本文' }), {
      target: { value: '会員のみなさんへ' },
    });
    fireEvent.click(screen.getByRole('radio', { name: /会員限定/ }));
    fireEvent.click(screen.getByRole('button', { name: '投稿する' }));
    expect(
      await screen.findByText(/会員限定の投稿をするには、先にファンクラブを作成してください。/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ファンクラブを設定する' }).getAttribute('href')).toBe(
      '/ja/home/fanclub',
    );
  });

  it('[ja] a published post keeps its time; images are reordered and sent as held keys', async () => {
    const held = post(ID, {
      image_count: 2,
      images: [
        { thumb_url: 'https://example.test/a', full_url: 'https://example.test/a-full' },
        { thumb_url: 'https://example.test/b', full_url: 'https://example.test/b-full' },
      ],
      edit: {
        images: ['private/post-image/me/P-1/full.webp', 'private/post-image/me/P-2/full.webp'],
        video: null,
      },
    });
    const calls = serveApi(fetchMock, {
      ...common,
      [`GET /fanclub/post/${ID}/edit`]: () => jsonResponse({ status: 200, body: { post: held, creator } }),
      'GET /fanclub/my-posts/me': () =>
        jsonResponse({ status: 200, body: { posts: [held], next_cursor: null } }),
      'POST /fanclub/post': () => jsonResponse({ status: 200, body: { post: held, creator } }),
    });
    renderApp(`/ja/home/fanclub/posts/${ID}`);
    expect(
      await screen.findByText(/2026\/11\/20 12:00 に公開済みです。公開日時は変更できません。/),
    ).toBeTruthy();
    expect(screen.queryByRole('radio', { name: '日時を指定して予約' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '「画像 1」を下へ' }));
    fireEvent.click(screen.getByRole('button', { name: '変更を保存' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'POST /fanclub/post')).toBe(true));
    expect(calls.find((c) => c.path === 'POST /fanclub/post')?.body).toEqual({
      id: ID,
      text: '投稿0\n二行目',
      visibility: 'public',
      images: ['private/post-image/me/P-2/full.webp', 'private/post-image/me/P-1/full.webp'],
      video: null,
      publish_at: null,
    });
    expect(await screen.findByText('変更を保存しました。')).toBeTruthy();
  });

  it('[ja] uploads each picked image with its own progress to the post upload URL', async () => {
    const sent: string[] = [];
    class FakeXhr {
      upload: {
        onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
      } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      status = 0;
      open() {}
      send(form: FormData) {
        const file = form.get('file') as File;
        sent.push(file.name);
        setTimeout(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
          if (file.name === 'bad.png') this.onerror?.();
          else {
            this.status = 204;
            this.onload?.();
          }
        }, 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    let n = 0;
    const calls = serveApi(fetchMock, {
      ...common,
      'POST /fanclub/post/upload-url': () =>
        jsonResponse({
          status: 200,
          body: {
            key: `uploads/post-image/me/me-${++n}.png`,
            url: 'https://bucket.example.test/',
            fields: { key: `uploads/post-image/me/me-${n}.png` },
            expires_in: 600,
            max_bytes: 1000,
          },
        }),
      'POST /fanclub/post': () => jsonResponse({ status: 200, body: { post: post(ID), creator } }),
      'GET /fanclub/my-posts/me': () => jsonResponse({ status: 200, body: { posts: [], next_cursor: null } }),
    });
    renderApp('/ja/home/fanclub/posts/create');
    const input = (await screen.findByTestId('file-images')) as HTMLInputElement;
    const png = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png('good.png'), png('bad.png')] } });
    expect(
      await screen.findByText('「bad.png」のアップロードに失敗しました。もう一度選んでください。'),
    ).toBeTruthy();
    expect(sent).toEqual(['good.png', 'bad.png']);
    expect(calls.filter((c) => c.path === 'POST /fanclub/post/upload-url').map((c) => c.body)).toEqual([
      { purpose: 'postImage', content_type: 'image/png' },
      { purpose: 'postImage', content_type: 'image/png' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: '投稿する' }));
    expect(await screen.findByText('入力内容を確認してください。')).toBeTruthy();
    expect(calls.some((c) => c.path === 'POST /fanclub/post')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '「bad.png」を削除' }));
    fireEvent.click(screen.getByRole('button', { name: '投稿する' }));
    expect(await screen.findByText('投稿しました。')).toBeTruthy();
    expect(calls.find((c) => c.path === 'POST /fanclub/post')?.body).toMatchObject({
      images: ['uploads/post-image/me/me-1.png'],
      publish_at: null,
    });
  });
});
