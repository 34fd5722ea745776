import type { AdminNewsView } from '@app/shared/schemas/admin-content';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { renderApp, serveApi } from '../../../test/serve.tsx';
import { signInForTest } from '../../../test/session.ts';

const news = (over: Partial<AdminNewsView>): AdminNewsView => ({
  id: 'n1',
  title: { ja: 'メンテナンスのお知らせ', en: 'Maintenance' },
  body: { ja: '本文', en: 'Body' },
  audiences: [4],
  status: 'published',
  published_at: '2026-11-20T01:00:00.000Z',
  withdrawn_at: null,
  created_at: '2026-11-20T01:00:00.000Z',
  updated_at: '2026-11-20T01:00:00.000Z',
  version: 1,
  ...over,
});

describe('/admin/news', () => {
  const fetchMock = prepareScreenTest();

  const serve = () => {
    signInForTest('op', 3);
    const sent: unknown[] = [];
    serveApi(fetchMock, {
      'GET /admin/news': () =>
        jsonResponse({
          status: 200,
          body: {
            news: [
              news({
                id: 'n2',
                title: { ja: '年末のお知らせ', en: 'Year end' },
                status: 'scheduled',
                audiences: [2, 4],
              }),
              news({}),
              news({ id: 'n3', title: { ja: '古いお知らせ', en: 'Old' }, status: 'withdrawn' }),
            ],
            next_cursor: null,
          },
        }),
      'GET /admin/banner': () => jsonResponse({ status: 200, body: { banner: null } }),
      'POST /admin/news/withdraw': (body) => {
        sent.push(body);
        return jsonResponse({ status: 200, body: news({ status: 'withdrawn', version: 2 }) });
      },
    });
    return sent;
  };

  it('[ja] lists every news with its status; a withdrawn one has no actions; withdrawing asks first', async () => {
    const sent = serve();
    renderApp('/ja/admin/news');
    const row = (await screen.findByText('メンテナンスのお知らせ')).closest('tr') as HTMLElement;
    expect(within(row).getByText('公開中')).toBeTruthy();
    const scheduled = screen.getByText('年末のお知らせ').closest('tr') as HTMLElement;
    expect(within(scheduled).getByText('公開予約')).toBeTruthy();
    expect(within(scheduled).getByText('クリエイター、ファン')).toBeTruthy();
    const old = screen.getByText('古いお知らせ').closest('tr') as HTMLElement;
    expect(within(old).queryByRole('button')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '取り下げ: メンテナンスのお知らせ' }));
    const dialog = await screen.findByRole('dialog', { name: 'お知らせを取り下げますか？' });
    fireEvent.click(within(dialog).getByRole('button', { name: '取り下げ' }));
    await waitFor(() => expect(sent).toEqual([{ id: 'n1', version: 1 }]));
    expect(await screen.findByText('お知らせを取り下げました。')).toBeTruthy();
  });

  it('[en] the form says what is missing before anything is sent', async () => {
    serve();
    renderApp('/en/admin/news');
    fireEvent.click(await screen.findByRole('button', { name: 'Create news' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Choose at least one audience.')).toBeTruthy();
    expect(screen.getAllByText('Enter a title.')).toHaveLength(2);
    expect(screen.getAllByText('Enter the body.')).toHaveLength(2);
    const posts = fetchMock.mock.calls.filter(
      ([, init]) => (init as RequestInit | undefined)?.method === 'POST',
    );
    expect(posts).toHaveLength(0);
  });
});
