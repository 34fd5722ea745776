import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { renderApp, serveApi } from '../../../test/serve.tsx';

describe('/admin/audit', () => {
  const fetchMock = prepareScreenTest({ signIn: ['op', 3] });
  beforeEach(() => {
    serveApi(fetchMock, {
      'GET /admin/audit': () =>
        jsonResponse({
          status: 200,
          body: {
            entries: [
              {
                id: 'a1',
                at: '2026-11-20T01:00:00.000Z',
                actor_id: 'op1',
                actor_name: '運営 花子',
                action: 'item.review_on',
                target_type: 'item',
                target_id: 'item1',
                before: { under_review: false, status: 'open', custom_field: 'x1' },
                after: { under_review: true, status: 'in_progress', custom_field: 'x2' },
              },
            ],
            next_cursor: null,
          },
        }),
    });
  });

  it('[ja] names the changed fields and their word values in Japanese; an unnamed field shows its code', async () => {
    renderApp('/ja/admin/audit');
    const row = (await screen.findByText('運営 花子')).closest('tr') as HTMLElement;
    expect(within(row).getByText('商品を審査中に設定')).toBeTruthy();
    expect(within(row).getByText('審査中', { selector: 'dt' })).toBeTruthy();
    expect(within(row).getByText('いいえ')).toBeTruthy();
    expect(within(row).getByText('はい')).toBeTruthy();
    expect(within(row).getByText('未対応')).toBeTruthy();
    expect(within(row).getByText('対応中')).toBeTruthy();
    expect(within(row).getByText('custom_field', { selector: 'dt' })).toBeTruthy();
    expect(within(row).queryByText('true')).toBeNull();
  });

  it('[en] the same entry in English', async () => {
    renderApp('/en/admin/audit');
    const row = (await screen.findByText('運営 花子')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Under review', { selector: 'dt' })).toBeTruthy();
    expect(within(row).getByText('Yes')).toBeTruthy();
    expect(within(row).getByText('In progress')).toBeTruthy();
  });
});
