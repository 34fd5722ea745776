import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query.ts';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { renderAt, serve } from '../test/fixtures.tsx';

const news = {
  id: 'n1',
  title: { ja: 'メンテナンスのお知らせ', en: 'Scheduled maintenance' },
  body: {
    ja: '5月25日 2:00〜4:00にメンテナンスを行います。\nご不便をおかけします。<script>alert(1)</script><b>太字</b>',
    en: 'We will be down on May 25, 2:00-4:00.\nSorry for the trouble. <img src=x onerror=alert(1)>',
  },
  published_at: '2026-05-20T01:00:00.000Z',
};

describe('/home/news/:newsId', () => {
  const fetchMock = prepareScreenTest({ signIn: ['me', 4] });

  it('shows the news in Japanese as text with its line breaks, never as HTML', async () => {
    const calls = serve(fetchMock, { 'GET /home/news/n1': () => jsonResponse({ status: 200, body: news }) });
    renderAt('/ja/home/news/n1');
    expect(await screen.findByRole('heading', { name: 'メンテナンスのお知らせ' })).toBeTruthy();
    expect(screen.getByText('2026年5月20日')).toBeTruthy();
    const body = document.querySelector('.news__body') as HTMLElement;
    expect(body.textContent).toBe(news.body.ja);
    expect(body.querySelector('script, b')).toBeNull();
    expect(screen.getByRole('link', { name: 'ホームへ戻る' }).getAttribute('href')).toBe('/ja/home');
    expect(calls.map((c) => c.path)).toContain('GET /home/news/n1');
  });

  it('shows the news in English under /en', async () => {
    serve(fetchMock, { 'GET /home/news/n1': () => jsonResponse({ status: 200, body: news }) });
    renderAt('/en/home/news/n1');
    expect(await screen.findByRole('heading', { name: 'Scheduled maintenance' })).toBeTruthy();
    const body = document.querySelector('.news__body') as HTMLElement;
    expect(body.textContent).toBe(news.body.en);
    expect(body.querySelector('img')).toBeNull();
  });

  it('says the news was not found, with a link home', async () => {
    serve(fetchMock, {
      'GET /home/news/gone': () =>
        jsonResponse({ status: 404, body: { code: 'news_not_found', message: 'News not found' } }),
    });
    renderAt('/ja/home/news/gone');
    expect(await screen.findByRole('heading', { name: 'ニュースが見つかりません。' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ホームへ' }).getAttribute('href')).toBe('/ja/home');
    cleanup();
    queryClient.clear();
    renderAt('/en/home/news/gone');
    expect(await screen.findByRole('heading', { name: 'News not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/en/home');
  });
});
