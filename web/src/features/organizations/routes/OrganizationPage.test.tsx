import { businessConfig } from '@app/shared/config';
import type { MypageResponse } from '@app/shared/schemas/mypage';
import type { OrganizationView } from '@app/shared/schemas/organizations';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query.ts';
import { clearCookies, jsonResponse } from '../../../test/boundary.ts';
import { stubUploads } from '../../../test/fake-xhr.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { type Call, renderApp, serveApi } from '../../../test/serve.tsx';
import { signInForTest } from '../../../test/session.ts';
import { account } from '../../home/test/fixtures.tsx';

const OWNER = 1;
const L = businessConfig.limits;

const organization = (over: Partial<OrganizationView> = {}): OrganizationView => ({
  id: 'org1',
  name: 'ラウンジ 月灯り',
  category: 1,
  address: '東京都新宿区歌舞伎町1-2-3\n月灯りビル5F',
  logo_url: null,
  is_public: true,
  status: 'review',
  reject_reason: null,
  submitted_at: '2026-11-20T03:04:00.000Z',
  reviewed_at: null,
  cast_count: 0,
  casts_max: 50,
  ...over,
});

describe('/organization', () => {
  const fetchMock = prepareScreenTest();
  beforeEach(() => {
    stubUploads();
  });

  const serve = (
    me: MypageResponse,
    current: OrganizationView | null,
    more: Record<string, (body: unknown, query: URLSearchParams) => Response> = {},
  ) => {
    signInForTest('me', me.profile.role_id);
    return serveApi(fetchMock, {
      'GET /chatroom/list': () =>
        jsonResponse({ status: 200, body: { chatrooms: [], unread_total: 0, next_cursor: null } }),
      'GET /mypage': () => jsonResponse({ status: 200, body: me }),
      'GET /organizations': () => jsonResponse({ status: 200, body: { organization: current } }),
      ...more,
    });
  };
  const owner = () => account(OWNER, 'tsukiakari', '月灯りオーナー');
  const posts = (calls: Call[]) => calls.filter((c) => c.path === 'POST /organizations');

  it("[ja] no organization yet: the form, its own messages, the server's per field, a logo upload, then under review", async () => {
    let answer: Response | null = null;
    const calls = serve(owner(), null, {
      'POST /organizations/logo-url': () =>
        jsonResponse({
          status: 200,
          body: {
            key: 'uploads/logo/me-abc.png',
            url: 'https://uploads.example/',
            fields: { key: 'uploads/logo/me-abc.png' },
            expires_in: 600,
            max_bytes: 10_000_000,
          },
        }),
      'POST /organizations': (body) =>
        answer ??
        jsonResponse({
          status: 200,
          body: {
            organization: organization({
              ...(body as object),
              logo_url: 'https://media.example/logo/me.webp',
              status: 'review',
            }),
          },
        }),
    });
    renderApp('/ja/organization');
    expect(await screen.findByRole('heading', { name: '組織はまだ登録されていません' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '組織の管理' })).toBeTruthy();
    const name = screen.getByLabelText(/組織名/);
    const category = screen.getByLabelText(/カテゴリー/) as HTMLSelectElement;
    const address = screen.getByLabelText(/住所/);
    expect(screen.getByLabelText('公開する')).toHaveProperty('checked', true);
    expect(
      screen.getByText(
        '公開すると、所属キャストのプロフィールに組織名とロゴが表示されます。公開しない場合は表示されません。',
      ),
    ).toBeTruthy();

    // The schema's own messages, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: '審査を申請する' }));
    expect(await screen.findByText('組織名を入力してください。')).toBeTruthy();
    expect(screen.getByText('カテゴリーを選択してください。')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
    fireEvent.change(name, { target: { value: 'あ'.repeat(L.organizationNameMax + 1) } });
    fireEvent.change(address, { target: { value: 'い'.repeat(L.organizationAddressMax + 1) } });
    fireEvent.click(screen.getByRole('button', { name: '審査を申請する' }));
    expect(
      await screen.findByText(`組織名は${L.organizationNameMax}文字以内で入力してください。`),
    ).toBeTruthy();
    expect(screen.getByText(`住所は${L.organizationAddressMax}文字以内で入力してください。`)).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    // A logo: the preview and the upload's progress, then the key goes with the form.
    fireEvent.change(screen.getByLabelText('ロゴ画像'), {
      target: { files: [new File([new Uint8Array(2048)], 'logo.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('画像をアップロードしました。保存すると反映されます。')).toBeTruthy();
    expect(screen.getByRole('img', { name: '選んだロゴのプレビュー' }).getAttribute('src')).toBe(
      'blob:preview',
    );
    // A file of the wrong type never leaves the browser.
    fireEvent.change(screen.getByLabelText('ロゴ画像'), {
      target: { files: [new File(['x'], 'logo.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByText('JPEG・PNG・WebPの画像を選んでください。')).toBeTruthy();

    // The server's issues land on their fields (the logo's: the image processing error).
    fireEvent.change(name, { target: { value: 'ラウンジ 月灯り' } });
    fireEvent.change(category, { target: { value: '1' } });
    await waitFor(() => expect(screen.queryByText('カテゴリーを選択してください。')).toBeNull());
    fireEvent.change(address, { target: { value: '東京都新宿区' } });
    fireEvent.click(screen.getByLabelText('公開しない'));
    answer = jsonResponse({
      status: 422,
      body: {
        code: 'validation',
        message: 'invalid',
        issues: [
          { path: 'logo_upload_key', message: 'validation.organizationLogo' },
          { path: 'name', message: 'validation.organizationNameMax' },
        ],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: '審査を申請する' }));
    expect(
      await screen.findByText('画像の処理中にエラーが発生しました。別の画像でお試しください。'),
    ).toBeTruthy();
    expect(screen.getByText(`組織名は${L.organizationNameMax}文字以内で入力してください。`)).toBeTruthy();
    expect(posts(calls).at(-1)?.body).toEqual({
      name: 'ラウンジ 月灯り',
      category: 1,
      address: '東京都新宿区',
      logo_upload_key: 'uploads/logo/me-abc.png',
      is_public: false,
    });

    // A failure of the save itself: 'registration failed', in the user's language.
    answer = jsonResponse({ status: 500, body: { code: 'internal', message: 'boom' } });
    fireEvent.click(screen.getByRole('button', { name: '審査を申請する' }));
    expect(
      await screen.findByText('組織の登録に失敗しました。時間をおいてもう一度お試しください。'),
    ).toBeTruthy();

    answer = null;
    fireEvent.click(screen.getByRole('button', { name: '審査を申請する' }));
    expect(await screen.findByText('登録を申請しました。審査の結果はメールでお知らせします。')).toBeTruthy();
    expect(screen.getByTestId('org-status').textContent).toBe('審査中');
    expect(screen.getByRole('button', { name: '申請内容を更新する' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '組織はまだ登録されていません' })).toBeNull();
  });

  it('[en] under review: what was sent and when, still editable (stays under review)', async () => {
    const calls = serve(owner(), organization({ is_public: false }), {
      'POST /organizations': (body) =>
        jsonResponse({ status: 200, body: { organization: organization({ ...(body as object) }) } }),
    });
    renderApp('/en/organization');
    expect(await screen.findByTestId('org-status')).toHaveProperty('textContent', 'Under review');
    const submitted = screen.getByRole('region', { name: 'Your application' });
    expect(within(submitted).getByText('ラウンジ 月灯り')).toBeTruthy();
    expect(within(submitted).getByText('Bar, lounge or concept cafe')).toBeTruthy();
    expect(within(submitted).getByText('Private')).toBeTruthy();
    expect(screen.getByText('Submitted')).toBeTruthy();
    expect(screen.getByText(/2026/)).toBeTruthy();
    expect(screen.getByLabelText(/Organization name/)).toHaveProperty('value', 'ラウンジ 月灯り');
    expect(screen.getByLabelText('Private')).toHaveProperty('checked', true);
    fireEvent.change(screen.getByLabelText(/Address/), { target: { value: 'Shinjuku, Tokyo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update the application' }));
    expect(await screen.findByText('Your application was updated. It is still under review.')).toBeTruthy();
    expect(posts(calls)[0]?.body).toEqual({
      name: 'ラウンジ 月灯り',
      category: 1,
      address: 'Shinjuku, Tokyo',
      is_public: false,
    });
  });

  it("[ja] rejected: the operators' reason and the form prefilled to apply again", async () => {
    const calls = serve(
      owner(),
      organization({
        status: 'rejected',
        reject_reason: '住所が確認できませんでした。',
        reviewed_at: '2026-11-21T05:00:00.000Z',
      }),
      {
        'POST /organizations': (body) =>
          jsonResponse({ status: 200, body: { organization: organization({ ...(body as object) }) } }),
      },
    );
    renderApp('/ja/organization');
    expect(await screen.findByTestId('org-status')).toHaveProperty('textContent', '差し戻し');
    expect(screen.getByRole('heading', { name: '差し戻しの理由' })).toBeTruthy();
    expect(screen.getByTestId('org-reject-reason').textContent).toBe('住所が確認できませんでした。');
    expect(screen.getByLabelText(/組織名/)).toHaveProperty('value', 'ラウンジ 月灯り');
    expect(screen.getByLabelText(/カテゴリー/)).toHaveProperty('value', '1');
    fireEvent.change(screen.getByLabelText(/住所/), { target: { value: '東京都新宿区歌舞伎町1-2-3' } });
    fireEvent.click(screen.getByRole('button', { name: '修正して再申請する' }));
    expect(await screen.findByText('登録を申請しました。審査の結果はメールでお知らせします。')).toBeTruthy();
    expect(screen.getByTestId('org-status').textContent).toBe('審査中');
    expect(posts(calls)).toHaveLength(1);
  });

  it('[ja] approved: the card with its ways to casts and sales; name and category read-only', async () => {
    const approved = organization({
      status: 'approved',
      logo_url: 'https://media.example/logo/tsuki.webp',
      cast_count: 3,
      reviewed_at: '2026-11-21T05:00:00.000Z',
    });
    let answer: Response | null = null;
    const calls = serve(owner(), approved, {
      'POST /organizations': (body) =>
        answer ?? jsonResponse({ status: 200, body: { organization: { ...approved, ...(body as object) } } }),
    });
    renderApp('/ja/organization');
    const card = await screen.findByRole('region', { name: /組織の情報/ });
    expect(within(card).getByTestId('org-status').textContent).toBe('承認済み');
    expect(within(card).getByRole('img', { name: 'ラウンジ 月灯りのロゴ' })).toBeTruthy();
    expect(within(card).getByText('バー・ラウンジ・コンセプトカフェ')).toBeTruthy();
    expect(within(card).getByText('公開')).toBeTruthy();
    expect(within(card).getByText('所属キャスト 3 / 50人')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'キャストを管理する' }).getAttribute('href')).toBe(
      '/ja/organization/casts',
    );
    expect(within(card).getByRole('link', { name: '売上を見る' }).getAttribute('href')).toBe(
      '/ja/organization/sales',
    );

    const name = screen.getByLabelText(/組織名/) as HTMLInputElement;
    expect(name.readOnly).toBe(true);
    expect((screen.getByLabelText(/カテゴリー/) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByLabelText(/カテゴリー/)).toHaveProperty('value', 'バー・ラウンジ・コンセプトカフェ');
    expect(screen.getAllByText(/承認後は組織名とカテゴリーを変更できません/).length).toBeGreaterThan(0);

    // The server refuses a change of the reviewed fields on its field.
    answer = jsonResponse({
      status: 422,
      body: {
        code: 'validation',
        message: 'invalid',
        issues: [{ path: 'name', message: 'validation.organizationLocked' }],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }));
    expect(
      await screen.findByText(
        '承認済みの組織名・カテゴリーは変更できません。変更が必要な場合は運営にお問い合わせください。',
      ),
    ).toBeTruthy();

    answer = null;
    fireEvent.click(screen.getByLabelText('公開しない'));
    fireEvent.click(screen.getByRole('button', { name: 'ロゴ画像を削除する' }));
    expect(screen.getByText('保存するとロゴが削除されます。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }));
    expect(await screen.findByText('変更を保存しました。')).toBeTruthy();
    expect(posts(calls).at(-1)?.body).toEqual({
      name: 'ラウンジ 月灯り',
      category: 1,
      address: approved.address,
      logo_upload_key: null,
      is_public: false,
    });
  });

  it('is for owners whose sign-up is complete: others are told, an unfinished owner is sent on, a guest logs in', async () => {
    serve(account(2, 'sakura', 'さくら'), null);
    renderApp('/ja/organization');
    expect(await screen.findByText('この画面はショップ・団体のオーナー向けです。')).toBeTruthy();
    expect(screen.queryByLabelText(/組織名/)).toBeNull();
    cleanup();
    queryClient.clear();

    serve({ ...owner(), final_step: 1, step: 1, setup_complete: false }, null);
    renderApp('/en/organization');
    expect(
      await screen.findByText('Complete your registration before registering an organization.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Complete your registration' }).getAttribute('href')).toBe(
      '/en/mypage/signup/2',
    );
    cleanup();
    queryClient.clear();
    clearCookies();

    const router = renderApp('/ja/organization');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ja/creator/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/organization')}`);
  });
});
