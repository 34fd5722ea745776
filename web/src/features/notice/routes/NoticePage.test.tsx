import type { NoticeView } from '@app/shared/schemas/notice';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query.ts';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { renderApp, serveApi } from '../../../test/serve.tsx';
import { noticeTarget } from './NoticePage.tsx';

const notice = (id: string, over: Partial<NoticeView> = {}): NoticeView => ({
  id,
  kind: 'chat_earning',
  params: { nickname: 'さくら', points: 1200, chatroom_id: 'creator1_fan1', profile_id: 'fan1' },
  read: false,
  created_at: '2026-05-20T01:00:00.000Z',
  ...over,
});

const serve = serveApi;

const renderAt = renderApp;

describe('noticeTarget', () => {
  it('leads a like to the liking creator’s profile, or to "liked you" when a fan liked', () => {
    const liked = (params: NoticeView['params']) => noticeTarget(notice('l', { kind: 'liked', params }));
    expect(liked({ nickname: 'Ren', profile_id: 'c1', username: 'ren01' })).toBe('/@ren01');
    expect(liked({ nickname: 'さくら', profile_id: 'f1' })).toBe('/home/liked/you');
  });

  it('leads a return gift to its purchase in the library, and granted points to the point history', () => {
    const gift = (params: NoticeView['params']) =>
      noticeTarget(notice('g', { kind: 'return_gift_received', params }));
    expect(gift({ item_name: 'チェキ', line_id: '01JD0000000000000000000000' })).toBe(
      '/library/01JD0000000000000000000000',
    );
    expect(gift({ item_name: 'チェキ' })).toBeNull();
    expect(
      noticeTarget(notice('o', { kind: 'original_point_received', params: { points: 5, nickname: 'Ren' } })),
    ).toBe('/mypage/points');
  });

  it('leads a purchase to the buyer’s library entry, or to the creator’s sales status', () => {
    const bought = (params: NoticeView['params']) => noticeTarget(notice('p', { kind: 'purchase', params }));
    expect(bought({ item_name: '写真集', line_id: 'L1', side: 'buyer' })).toBe('/library/L1');
    expect(bought({ item_name: '写真集', line_id: 'L1', nickname: 'Ren' })).toBe('/home/shop/sales-status');
  });
});

describe('/notice', () => {
  const fetchMock = prepareScreenTest({ signIn: ['creator1', 2] });

  const page = {
    notices: [
      notice('n3'),
      notice('n2', {
        kind: 'stamp_earning',
        params: { nickname: 'さくら', stamp_point: 10, chatroom_id: 'creator1_fan1' },
      }),
      notice('n1', { kind: 'liked', params: { nickname: 'Ren' }, read: true }),
    ],
    unread: 2,
    next_cursor: null,
  };

  it('words a purchase for each side, in ja and en', async () => {
    const purchases = {
      notices: [
        notice('p2', { kind: 'purchase', params: { item_name: '写真集', line_id: 'L1', side: 'buyer' } }),
        notice('p1', { kind: 'purchase', params: { item_name: '写真集', line_id: 'L1', nickname: 'Ren' } }),
      ],
      unread: 2,
      next_cursor: null,
    };
    serve(fetchMock, { 'GET /notice': () => jsonResponse({ status: 200, body: purchases }) });
    renderAt('/ja/notice');
    let rows = within(await screen.findByRole('list', { name: 'お知らせ一覧' })).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('写真集の購入が完了しました。ライブラリから確認できます。');
    expect(rows[1]?.textContent).toContain('Renさんが写真集を購入しました。');
    cleanup();
    queryClient.clear();
    renderAt('/en/notice');
    rows = within(await screen.findByRole('list', { name: 'Notices' })).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('Your purchase of 写真集 is complete. Find it in your library.');
    expect(rows[1]?.textContent).toContain('Ren bought 写真集.');
  });

  it('lists the notices by kind with their unread state, and marks all read', async () => {
    const calls = serve(fetchMock, {
      'GET /notice': () => jsonResponse({ status: 200, body: page }),
      'POST /notice/read': () => jsonResponse({ status: 200, body: { unread: 0 } }),
    });
    renderAt('/ja/notice');
    const list = await screen.findByRole('list', { name: 'お知らせ一覧' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain(
      '未読: さくらさんから有料メッセージが届きました（キノコ1,200個）。',
    );
    expect(rows[1]?.textContent).toContain('さくらさんからスタンプが届きました（キノコ10個）。');
    expect(rows[2]?.textContent).not.toContain('未読');
    expect(screen.getByTestId('notice-unread').textContent).toBe('未読2件');
    fireEvent.click(screen.getByRole('button', { name: 'すべて既読にする' }));
    expect(await screen.findByText('すべてのお知らせを既読にしました。')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ path: 'POST /notice/read', body: {} });
    expect(screen.queryByText(/未読:/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'すべて既読にする' })).toBeNull();
  });

  it('opens a chat notice in its room after marking it read', async () => {
    const calls = serve(fetchMock, {
      'GET /notice': () => jsonResponse({ status: 200, body: page }),
      'POST /notice/read': () => jsonResponse({ status: 200, body: { unread: 1 } }),
      'GET /chatroom/creator1_fan1': () =>
        jsonResponse({ status: 404, body: { code: 'chatroom_not_found' } }),
    });
    const router = renderAt('/en/notice');
    const list = await screen.findByRole('list', { name: 'Notices' });
    fireEvent.click(within(list).getAllByRole('button')[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/chatroom/creator1_fan1'));
    expect(calls.find((c) => c.path === 'POST /notice/read')?.body).toEqual({ id: 'n3' });
  });
});
