import type { PurchaseLogDetail, PurchaseLogRow } from '@app/shared/schemas/shop';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { renderApp, serveApi } from '../../../test/serve.tsx';

const LINE = '01JD00000000000000000000AA';
const row = (over: Partial<PurchaseLogRow> = {}): PurchaseLogRow => ({
  id: LINE,
  order_id: 'o1',
  item: { id: 'I1', name: '夏の動画', item_type: 'video', thumbnail: null, deleted: true },
  creator: { id: 'c1', username: 'maitake', nickname: 'まいたけ' },
  quantity: 1,
  points: 30,
  purchased_at: '2026-11-24T03:00:00.000Z',
  provided: true,
  has_gift: false,
  ...over,
});
const detail = (over: Partial<PurchaseLogDetail> = {}): PurchaseLogDetail => ({
  ...row(),
  contents: [
    {
      kind: 'video',
      name: 'clip.mp4',
      content_type: 'video/mp4',
      size: 10,
      url: '/private/v.mp4?sig',
      download_url: '/private/v.mp4?sig&dl',
    },
  ],
  urls_expire_at: new Date(Date.now() + 300_000).toISOString(),
  gift: null,
  ...over,
});

describe('library screens', () => {
  const fetchMock = prepareScreenTest({ signIn: ['fan1', 4] });

  it('lists purchases by view and type, a deleted item marked', async () => {
    const calls = serveApi(fetchMock, {
      'GET /mypage/library/purchase-log-list/library/all': () =>
        jsonResponse({ status: 200, body: { logs: [row()], next_cursor: null } }),
      'GET /mypage/library/purchase-log-list/history/all': () =>
        jsonResponse({ status: 200, body: { logs: [], next_cursor: null } }),
    });
    renderApp('/ja/library');
    const list = await screen.findByRole('list', { name: '購入したもの' });
    expect(within(list).getByText('夏の動画')).toBeTruthy();
    expect(within(list).getByText('販売終了（削除済み）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '購入履歴' }));
    expect(await screen.findByText('まだ購入したものはありません。')).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain('GET /mypage/library/purchase-log-list/history/all');
  });

  it('plays a video in the page, says when it cannot, and offers the download with its name', async () => {
    serveApi(fetchMock, {
      [`GET /mypage/library/purchase-log/${LINE}`]: () => jsonResponse({ status: 200, body: detail() }),
    });
    renderApp(`/en/library/${LINE}`);
    const video = await screen.findByLabelText('clip.mp4');
    expect(video.tagName).toBe('VIDEO');
    expect(
      screen.getByText('The creator deleted this item, but what you bought stays available to you.'),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download clip.mp4' });
    expect(link.getAttribute('href')).toBe('/private/v.mp4?sig&dl');
    expect(link.getAttribute('download')).toBe('clip.mp4');
    fireEvent.error(video);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Cannot play video');
  });
});
