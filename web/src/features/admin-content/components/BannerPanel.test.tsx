import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { renderApp, serveApi } from '../../../test/serve.tsx';
import { signInForTest } from '../../../test/session.ts';

const banner = (version: number, altEn: string) => ({
  image_url: '/banner.png',
  alt: { ja: '冬のキャンペーン', en: altEn },
  link: null,
  updated_at: '2026-11-20T01:00:00.000Z',
  version,
});

describe('the home banner panel', () => {
  const fetchMock = prepareScreenTest();

  it('[en] says the banner was saved after the save rebuilds the form with the new version', async () => {
    signInForTest('op', 3);
    const sent: unknown[] = [];
    serveApi(fetchMock, {
      'GET /admin/news': () => jsonResponse({ status: 200, body: { news: [], next_cursor: null } }),
      'GET /admin/banner': () => jsonResponse({ status: 200, body: { banner: banner(1, 'Winter') } }),
      'POST /admin/banner': (body) => {
        sent.push(body);
        // The saved text as stored (trimmed): the rebuilt form shows it.
        return jsonResponse({ status: 200, body: { banner: banner(2, 'Winter sale') } });
      },
    });
    renderApp('/en/admin/news');
    const alt = await screen.findByLabelText(/Alternative text \(English\)/);
    fireEvent.change(alt, { target: { value: '  Winter sale  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the banner' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ version: 1 });
    await waitFor(() =>
      expect((screen.getByLabelText(/Alternative text \(English\)/) as HTMLInputElement).value).toBe(
        'Winter sale',
      ),
    );
    expect(screen.getByText('The banner was saved.')).toBeTruthy();
  });
});
