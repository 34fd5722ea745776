import type { ItemCard, ItemDetailView } from '@app/shared/schemas/shop';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/boundary.ts';
import { prepareScreenTest } from '../../test/screen.ts';
import { renderApp, serveApi } from '../../test/serve.tsx';

const ID = '01JABCDEFGHJKMNPQRSTVWXYZ0';

const card = (id: string, over: Partial<ItemCard> = {}): ItemCard => ({
  id,
  name: `商品${id.slice(-1)}`,
  item_type: 'photo',
  thumbnail: null,
  price: 1200,
  points: 120,
  status: 'published',
  sale_state: 'on_sale',
  stock_label: null,
  remaining: null,
  is_public: true,
  pinned: false,
  sensitive: false,
  open_at: '2026-07-01T00:00:00.000Z',
  close_at: null,
  ...over,
});

const setting = (over: { drafts?: number; pinned?: number } = {}) => ({
  drafts: 1,
  draft_limit: 10,
  pinned: 0,
  pinned_limit: 3,
  sample_limit: 5,
  images_limit: 30,
  price_min: 100,
  price_max: 1_000_000,
  price_unit: 10,
  stock_max: 99_999,
  shop: {
    shop_name: null,
    disclosure_mode: 'on_request',
    disclosure: { seller: '', representative: '', address: '', phone: '', email: '', note: '' },
  },
  ...over,
});

const file = (key: string, name: string) => ({
  key,
  url: `https://example.test/${key}`,
  name,
  content_type: 'image/webp',
  size: 100,
});

const published = (): ItemDetailView => ({
  id: ID,
  version: 3,
  status: 'published',
  item_type: 'photo',
  name: '夏の写真集',
  description: '海辺の写真です。',
  price: 1200,
  thumbnail: file('media/item-thumbnail/me/me-1/full.webp', 'cover.png'),
  images: [
    file('private/item-image/me/me-2/full.webp', 'a.png'),
    file('private/item-image/me/me-3/full.webp', 'b.png'),
  ],
  zip: null,
  video: null,
  samples: [],
  open_at: '2026-07-01T00:00:00.000Z',
  close_at: null,
  stock_mode: 'limited',
  stock: 4,
  show_stock: true,
  low_stock_threshold: 0,
  sensitive: false,
  under_review: false,
  is_public: true,
  pinned: false,
  sold: 1,
  created_at: '2026-06-01T00:00:00.000Z',
  published_at: '2026-06-02T00:00:00.000Z',
});

describe('the creator’s shop screens', () => {
  const fetchMock = prepareScreenTest({ signIn: ['me', 2] });

  const common = {
    'GET /chatroom/list': () =>
      jsonResponse({ status: 200, body: { chatrooms: [], unread_total: 0, next_cursor: null } }),
  };

  it('[ja] lists items with their state labels; pinning stops at the limit; delete asks first', async () => {
    const items = [
      card('01JABCDEFGHJKMNPQRSTVWXYZ1', { pinned: true }),
      card('01JABCDEFGHJKMNPQRSTVWXYZ2', { pinned: true, sale_state: 'scheduled', is_public: false }),
      card('01JABCDEFGHJKMNPQRSTVWXYZ3', { pinned: true, stock_label: 'sold_out', remaining: 0 }),
      card('01JABCDEFGHJKMNPQRSTVWXYZ4', { sale_state: 'ended', stock_label: 'low', remaining: 2 }),
      card('01JABCDEFGHJKMNPQRSTVWXYZ5', { status: 'draft', sale_state: null, price: null }),
    ];
    const calls = serveApi(fetchMock, {
      ...common,
      'GET /item/my-items/me': () => jsonResponse({ status: 200, body: { items, next_cursor: null } }),
      'GET /item/setting': () => jsonResponse({ status: 200, body: setting({ pinned: 3 }) }),
      'POST /item/delete': () => jsonResponse({ status: 200, body: { ok: true } }),
    });
    renderApp('/ja/home/shop');
    const list = await screen.findByRole('list', { name: '商品一覧' });
    const rows = within(list).getAllByTestId('shop-item');
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('listitem')
          .map((l) => l.textContent),
      ),
    ).toEqual([
      ['販売中'],
      ['販売開始前', '非公開'],
      ['販売中', '売り切れ'],
      ['販売期間終了', '残りわずか'],
      ['下書き'],
    ]);
    expect(rows[3]?.textContent).toContain('残り2点');
    expect(rows[4]?.textContent).toContain('価格未設定');
    // Three pinned: the others cannot be pinned, and the screen says why.
    expect(await screen.findByText(/プロフィールに固定できる商品は3件までです。/)).toBeTruthy();
    expect(
      (
        within(rows[3] as HTMLElement).getByRole('button', {
          name: 'プロフィールに固定',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    expect(within(rows[4] as HTMLElement).queryByRole('button', { name: 'プロフィールに固定' })).toBeNull();
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: '編集' })
        .getAttribute('href'),
    ).toBe('/ja/home/shop/01JABCDEFGHJKMNPQRSTVWXYZ1');

    fireEvent.click(within(rows[4] as HTMLElement).getByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog', { name: 'この商品を削除しますか？' });
    expect(dialog.textContent).toContain('「商品5」をショップから削除します。');
    expect(calls.some((c) => c.path === 'POST /item/delete')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '削除' }));
    expect(await screen.findByText('商品を削除しました。')).toBeTruthy();
    expect(calls.find((c) => c.path === 'POST /item/delete')?.body).toEqual({
      id: '01JABCDEFGHJKMNPQRSTVWXYZ5',
    });
  });

  it('[en] publishing an empty form names every missing field and sends nothing; a draft needs only the name', async () => {
    const calls = serveApi(fetchMock, {
      ...common,
      'GET /item/setting': () => jsonResponse({ status: 200, body: setting() }),
      'GET /item/my-items/me': () => jsonResponse({ status: 200, body: { items: [], next_cursor: null } }),
      'POST /item': (body) =>
        jsonResponse({
          status: 200,
          body: { ...published(), status: 'draft', name: (body as { name: string }).name },
        }),
    });
    renderApp('/en/home/shop/create');
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    for (const message of [
      'Enter the item name.',
      'Enter the item description.',
      'Enter a price from 100 to 1,000,000 yen, in steps of 10 yen.',
      'Choose a thumbnail image.',
      'A photo item needs images or a ZIP file.',
      'Enter the sale start date and time.',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(calls.filter((c) => c.path === 'POST /item')).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /Item name/ }), { target: { value: 'Sea photos' } });
    // The changed field's message goes.
    expect(screen.queryByText('Enter the item name.')).toBeNull();
    fireEvent.change(screen.getByRole('spinbutton', { name: /Price/ }), { target: { value: '1205' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      await screen.findByText('Enter a price from 100 to 1,000,000 yen, in steps of 10 yen.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByRole('spinbutton', { name: /Price/ }), { target: { value: '1200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The draft was saved.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'POST /item')?.body).toMatchObject({
      status: 'draft',
      item_type: 'photo',
      name: 'Sea photos',
      price: 1200,
      thumbnail: null,
      images: [],
      stock_mode: 'unlimited',
      is_public: true,
    });
  });

  it('[ja] a published item: content locked, the image order changes by buttons, an empty stock keeps the count', async () => {
    const calls = serveApi(fetchMock, {
      ...common,
      'GET /item/setting': () => jsonResponse({ status: 200, body: setting() }),
      [`GET /item/${ID}`]: () => jsonResponse({ status: 200, body: published() }),
      'GET /item/my-items/me': () => jsonResponse({ status: 200, body: { items: [], next_cursor: null } }),
      'POST /item': () => jsonResponse({ status: 200, body: published() }),
    });
    renderApp(`/ja/home/shop/${ID}`);
    expect(await screen.findByText(/公開済みの商品は、商品名・価格/)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /商品説明/ }) as HTMLTextAreaElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: '動画' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '「a.png」を削除' })).toBeNull();
    expect(screen.getByText('空欄のまま保存すると、現在の在庫数（4点）は変わりません。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '「a.png」を下へ' }));
    fireEvent.change(screen.getByRole('textbox', { name: /商品名/ }), {
      target: { value: '夏の写真集（改訂）' },
    });
    fireEvent.click(screen.getByRole('button', { name: '変更を保存' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'POST /item')).toBe(true));
    const body = calls.find((c) => c.path === 'POST /item')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      id: ID,
      version: 3,
      status: 'published',
      name: '夏の写真集（改訂）',
      images: ['private/item-image/me/me-3/full.webp', 'private/item-image/me/me-2/full.webp'],
      thumbnail: 'media/item-thumbnail/me/me-1/full.webp',
      open_at: '2026-07-01T00:00:00.000Z',
    });
    expect('stock' in body).toBe(false);
    expect(await screen.findByText('変更を保存しました。')).toBeTruthy();
  });
  it('[ja] uploads each picked file with its own progress, and a failed upload names its file', async () => {
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
      'GET /item/setting': () => jsonResponse({ status: 200, body: setting() }),
      'POST /item/upload-url': () =>
        jsonResponse({
          status: 200,
          body: {
            key: `uploads/item-image/me/me-${++n}.png`,
            url: 'https://bucket.example.test/',
            fields: { key: `uploads/item-image/me/me-${n}.png` },
            expires_in: 600,
            max_bytes: 1000,
          },
        }),
    });
    renderApp('/ja/home/shop/create');
    const input = (await screen.findByTestId('file-images')) as HTMLInputElement;
    const png = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png('good.png'), png('bad.png')] } });
    expect(
      await screen.findByText('「bad.png」のアップロードに失敗しました。もう一度選んでください。'),
    ).toBeTruthy();
    expect(sent).toEqual(['good.png', 'bad.png']);
    expect(screen.queryByText(/「good.png」のアップロードに失敗/)).toBeNull();
    const uploads = calls.filter((c) => c.path === 'POST /item/upload-url').map((c) => c.body);
    expect(uploads).toEqual([
      { purpose: 'itemImage', content_type: 'image/png', file_name: 'good.png' },
      { purpose: 'itemImage', content_type: 'image/png', file_name: 'bad.png' },
    ]);
    // A wrong type is refused before any upload.
    fireEvent.change(screen.getByTestId('file-thumbnail'), {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText('「notes.txt」はこの欄では使えない形式です。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下書き保存' }));
    expect(await screen.findByText('入力内容を確認してください。')).toBeTruthy();
    expect(calls.some((c) => c.path === 'POST /item')).toBe(false);
  });
});
