/** /admin/catalog (issue 17): the stamps and campaigns screen against a stubbed API. */
import type { AdminCampaignView, AdminStampView } from '@app/shared/schemas/admin-catalog';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createI18n, validationValues } from '../../../lib/i18n.ts';
import { jsonResponse } from '../../../test/boundary.ts';
import { stubUploads } from '../../../test/fake-xhr.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { type Call, renderApp, serveApi } from '../../../test/serve.tsx';

const stamp = (over: Partial<AdminStampView> = {}): AdminStampView => ({
  id: 'thanks',
  name: { ja: 'ありがとう', en: 'Thank you' },
  cost: 10,
  order: 10,
  active: true,
  picture_url: null,
  version: 1,
  updated_at: '2026-11-20T03:04:00.000Z',
  ...over,
});
const campaign = (over: Partial<AdminCampaignView> = {}): AdminCampaignView => ({
  code: 'KINOKO60',
  rate_percent: 60,
  ends_at: '2027-09-30T15:00:00.000Z',
  state: 'running',
  active: true,
  version: 1,
  updated_at: null,
  ...over,
});

const ok = (body: unknown) => jsonResponse({ status: 200, body });
/** The screen's code and the console's catalogue load lazily. */
const slow = { timeout: 15_000 };

// The first render loads the screen's code and the console's catalogue lazily: slow on a busy machine.
describe('/admin/catalog', { timeout: 30_000 }, () => {
  const fetchMock = prepareScreenTest({ signIn: ['op', 3] });
  let calls: Call[];
  beforeEach(() => {
    stubUploads();
    const uploaded = stamp({
      id: 'cheers',
      name: { ja: '乾杯', en: 'Cheers' },
      cost: 77,
      order: 20,
      picture_url: 'http://localhost/media/stamp/catalog-x/full.webp',
    });
    calls = serveApi(fetchMock, {
      'GET /admin/catalog/stamps': () => ok({ stamps: [stamp(), uploaded], stamps_max: 60 }),
      'GET /admin/catalog/campaigns': () =>
        ok({
          campaigns: [campaign(), campaign({ code: 'OLD2025', state: 'ended', active: false })],
          next_cursor: null,
        }),
      'POST /admin/catalog/stamps/picture-url': () =>
        ok({
          key: 'uploads/stamp/op-1.png',
          url: 'http://s3/bucket',
          fields: {},
          expires_in: 600,
          max_bytes: 100,
        }),
      'POST /admin/catalog/stamps/create': (body) => {
        const b = body as { id: string; name_ja: string; name_en: string; cost: number; order: number };
        return ok({
          stamp: stamp({
            id: b.id,
            name: { ja: b.name_ja, en: b.name_en },
            cost: b.cost,
            order: b.order,
            picture_url: 'http://localhost/media/stamp/catalog-y/full.webp',
          }),
        });
      },
      'POST /admin/catalog/stamps/retire': () => ok({ stamp: stamp({ active: false, version: 2 }) }),
      'POST /admin/catalog/campaigns/create': (body) => {
        const b = body as { code: string; rate_percent: number; ends_at: string };
        return ok({
          campaign: campaign({
            code: b.code,
            rate_percent: b.rate_percent,
            ends_at: new Date(b.ends_at).toISOString(),
          }),
        });
      },
      'POST /admin/catalog/campaigns/end': () =>
        ok({
          campaign: campaign({
            state: 'ended',
            active: false,
            version: 2,
            ends_at: '2026-11-24T00:00:00.000Z',
          }),
        }),
    });
  });

  it('shows the stamps with pictures and costs, and the campaigns with their state (ja)', async () => {
    renderApp('/ja/admin/catalog');
    const thanks = await screen.findByTestId('stamp-thanks', {}, slow);
    expect(within(thanks).getByText('10 キノコ')).toBeTruthy();
    expect(within(thanks).getByText('標準の画像')).toBeTruthy();
    expect(within(thanks).getByRole('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const cheers = screen.getByTestId('stamp-cheers');
    expect(within(cheers).getByRole('img', { name: '乾杯の画像' }).getAttribute('src')).toBe(
      'http://localhost/media/stamp/catalog-x/full.webp',
    );
    expect(screen.getByText('2 / 60 件')).toBeTruthy();
    const running = await screen.findByTestId('campaign-KINOKO60');
    expect(within(running).getByText('実施中')).toBeTruthy();
    expect(within(running).getByText('60%')).toBeTruthy();
    expect(within(running).getByText(/2027/).textContent).toMatch(/2027\/10\/01 0:00|2027\/10\/01 00:00/);
    const ended = screen.getByTestId('campaign-OLD2025');
    expect(within(ended).getByText('終了')).toBeTruthy();
    expect(within(ended).queryByRole('button', { name: /今すぐ終了/ })).toBeNull();
  });

  it('checks the new stamp form, uploads its picture with progress and adds it', async () => {
    renderApp('/ja/admin/catalog');
    await screen.findByTestId('stamp-thanks', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'スタンプを追加' }));
    const form = screen.getByRole('form', { name: 'スタンプを追加' });
    fireEvent.click(within(form).getByRole('button', { name: '追加' }));
    const t = createI18n('ja').t;
    await within(form).findByText(t('validation.stampId'));
    expect(within(form).getAllByText(t('validation.stampName', validationValues))).toHaveLength(2);
    expect(within(form).getByText(t('validation.stampCost', validationValues))).toBeTruthy();
    expect(within(form).getByText(t('validation.stampPicture'))).toBeTruthy();
    expect(calls.some((c) => c.path === 'POST /admin/catalog/stamps/create')).toBe(false);

    fireEvent.change(within(form).getByLabelText(/^ID/), { target: { value: 'party' } });
    fireEvent.change(within(form).getByLabelText(/名前（日本語）/), { target: { value: 'パーティー' } });
    fireEvent.change(within(form).getByLabelText(/名前（英語）/), { target: { value: 'Party' } });
    fireEvent.change(within(form).getByLabelText(/ポイント/), { target: { value: '120' } });
    const file = new File([new Uint8Array([1, 2, 3])], 'party.png', { type: 'image/png' });
    fireEvent.change(within(form).getByLabelText(/スタンプ画像/), { target: { files: [file] } });
    await within(form).findByText('新しい画像はまだ保存されていません。保存すると反映されます。');
    fireEvent.click(within(form).getByRole('button', { name: '追加' }));
    await screen.findByText('「パーティー」を追加しました。');
    const created = calls.find((c) => c.path === 'POST /admin/catalog/stamps/create');
    expect(created?.body).toEqual({
      id: 'party',
      name_ja: 'パーティー',
      name_en: 'Party',
      cost: 120,
      order: 30,
      picture_upload_key: 'uploads/stamp/op-1.png',
    });
    expect(within(screen.getByTestId('stamp-party')).getByText('120 キノコ')).toBeTruthy();
  });

  it('retires a stamp after a confirmation', async () => {
    renderApp('/ja/admin/catalog');
    fireEvent.click(await screen.findByRole('button', { name: '停止: ありがとう' }, slow));
    const dialog = await screen.findByRole('dialog', { name: '「ありがとう」を停止しますか？' });
    fireEvent.click(within(dialog).getByRole('button', { name: '停止する' }));
    await screen.findByText('「ありがとう」を停止しました。');
    expect(calls.find((c) => c.path === 'POST /admin/catalog/stamps/retire')?.body).toEqual({
      id: 'thanks',
      version: 1,
    });
    expect(within(screen.getByTestId('stamp-thanks')).getByText('停止中')).toBeTruthy();
  });

  it('adds a campaign code in Japan time, and ends one now (en)', async () => {
    renderApp('/en/admin/catalog');
    await screen.findByTestId('campaign-KINOKO60', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Add a code' }));
    const form = screen.getByRole('form', { name: 'Add a campaign code' });
    fireEvent.change(within(form).getByLabelText(/^Code/), { target: { value: 'spring27' } });
    fireEvent.change(within(form).getByLabelText(/Chat reward rate/), { target: { value: '95' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    const t = createI18n('en').t;
    await within(form).findByText(t('validation.campaignRate', validationValues));
    expect(within(form).getByText(t('validation.campaignEndsAt'))).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Chat reward rate/), { target: { value: '70' } });
    fireEvent.change(within(form).getByLabelText(/Ends at/), { target: { value: '2027-03-31T23:59' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await screen.findByText('"SPRING27" has been added.');
    expect(calls.find((c) => c.path === 'POST /admin/catalog/campaigns/create')?.body).toEqual({
      code: 'SPRING27',
      rate_percent: 70,
      ends_at: '2027-03-31T23:59:00+09:00',
    });

    fireEvent.click(screen.getByRole('button', { name: 'End now: KINOKO60' }));
    const dialog = await screen.findByRole('dialog', { name: 'End "KINOKO60" now?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End campaign' }));
    await screen.findByText('"KINOKO60" has ended.');
    await waitFor(() =>
      expect(within(screen.getByTestId('campaign-KINOKO60')).getByText('Ended')).toBeTruthy(),
    );
  });
});
