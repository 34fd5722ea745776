import { businessConfig } from '@app/shared/config';
import type { MypageResponse } from '@app/shared/schemas/mypage';
import type { CastView, OrganizationView } from '@app/shared/schemas/organizations';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/boundary.ts';
import { prepareScreenTest } from '../../test/screen.ts';
import { type Call, renderApp, serveApi } from '../../test/serve.tsx';
import { signInForTest } from '../../test/session.ts';
import { account } from '../home/test/fixtures.tsx';

const OWNER = 1;
const CREATOR = 2;
const MAX = businessConfig.organizations.castsMax;
/** Reads again after an action, and redirects: room on a loaded machine. */
const SLOW = { timeout: 5000 };

const organization = (over: Partial<OrganizationView> = {}): OrganizationView => ({
  id: 'org1',
  name: 'ラウンジ 月灯り',
  category: 1,
  address: '',
  logo_url: null,
  is_public: true,
  status: 'approved',
  reject_reason: null,
  submitted_at: '2026-11-01T03:04:00.000Z',
  reviewed_at: '2026-11-02T03:04:00.000Z',
  cast_count: 2,
  casts_max: MAX,
  ...over,
});

const cast = (over: Partial<CastView> = {}): CastView => ({
  id: 'c1',
  nickname: 'みお',
  username: 'mio2026',
  profile_image: null,
  status: 'active',
  password_change_required: false,
  created_at: '2026-11-03T01:00:00.000Z',
  this_month: { revenue: 12_345, income: 8000, count: 7 },
  last_month: { revenue: 0, income: 0, count: 0 },
  ...over,
});

const list = (casts: CastView[]) => ({ this_month: '2026-11', last_month: '2026-10', casts });
const ok = (body: unknown) => jsonResponse({ status: 200, body });
const error = (status: number, code: string, params?: object) =>
  jsonResponse({ status, body: { code, message: code, ...(params ? { params } : {}) } });

describe('/organization/casts', () => {
  const fetchMock = prepareScreenTest();

  const serve = (
    me: MypageResponse,
    org: OrganizationView | null,
    handlers: Record<string, (body: unknown) => Response> = {},
  ): Call[] => {
    signInForTest('me', me.profile.role_id);
    return serveApi(fetchMock, {
      'GET /chatroom/list': () => ok({ chatrooms: [], unread_total: 0, next_cursor: null }),
      'GET /mypage': () => ok(me),
      'GET /organizations': () => ok({ organization: org }),
      ...handlers,
    });
  };
  const owner = () => account(OWNER, 'tsukiakari', '月灯りオーナー');
  const reads = (calls: Call[]) => calls.filter((c) => c.path === 'GET /organizations/casts').length;

  it('[ja] the casts with their state and sales, the count against the limit; suspend, resume, reset and remove, each read again', async () => {
    let casts = [
      cast({ password_change_required: true }),
      cast({
        id: 'c2',
        nickname: 'れいな',
        username: 'reina',
        status: 'suspended',
        this_month: { revenue: 0, income: 0, count: 0 },
        last_month: { revenue: 3000, income: 2000, count: 2 },
      }),
    ];
    const calls = serve(owner(), organization(), {
      'GET /organizations/casts': () => ok(list(casts)),
      'POST /organizations/casts/suspend': () => {
        casts = casts.map((c) => (c.id === 'c1' ? { ...c, status: 'suspended' as const } : c));
        return ok({ cast: casts[0] });
      },
      'POST /organizations/casts/resume': () => error(404, 'cast_not_found'),
      'POST /organizations/casts/password': (body) => {
        const b = body as { password: string };
        if (b.password === 'Temp#0000')
          return jsonResponse({
            status: 422,
            body: {
              code: 'validation',
              message: 'x',
              issues: [{ path: 'password', message: 'validation.password' }],
            },
          });
        return ok({ cast: casts[0] });
      },
      'POST /organizations/casts/remove': () => {
        casts = casts.filter((c) => c.id !== 'c2');
        return ok({ ok: true });
      },
    });
    renderApp('/ja/organization/casts');
    const rows = await screen.findAllByTestId('cast-row');
    expect(screen.getByRole('heading', { level: 1, name: 'キャスト管理' })).toBeTruthy();
    expect(rows).toHaveLength(2);
    expect(screen.getByTestId('casts-count').textContent).toBe(`所属キャスト 2 / ${MAX}人`);
    const [mio, reina] = rows as [HTMLElement, HTMLElement];
    expect(within(mio).getByText('みお')).toBeTruthy();
    expect(within(mio).getByText('@mio2026')).toBeTruthy();
    expect(within(mio).getByTestId('cast-status').textContent).toBe('有効');
    expect(within(mio).getByTestId('cast-password-pending').textContent).toBe('パスワード未設定');
    expect(within(mio).getByRole('columnheader', { name: '2026年11月' })).toBeTruthy();
    expect(within(mio).getByRole('columnheader', { name: '2026年10月' })).toBeTruthy();
    expect(within(mio).getByTestId('cast-this-revenue').textContent).toBe('12,345円');
    expect(within(mio).getByTestId('cast-this-count').textContent).toBe('7件');
    expect(within(mio).getByText('作成日 2026年11月3日')).toBeTruthy();
    expect(within(reina).getByTestId('cast-status').textContent).toBe('停止中');
    expect(within(reina).queryByTestId('cast-password-pending')).toBeNull();
    expect(within(reina).getByTestId('cast-last-revenue').textContent).toBe('3,000円');
    expect(within(reina).getByRole('button', { name: '利用再開' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'キャストを作成' }).getAttribute('href')).toBe(
      '/ja/organization/casts/new',
    );

    // Suspend: the confirmation says what happens; confirmed, the list is read again.
    fireEvent.click(within(mio).getByRole('button', { name: '利用停止' }));
    const suspend = screen.getByRole('dialog', { name: 'みおを利用停止にしますか？' });
    expect(within(suspend).getByText(/すぐにログアウトされ/).textContent).toContain(
      '検索やおすすめにも表示されなくなります',
    );
    fireEvent.click(within(suspend).getByRole('button', { name: '利用停止にする' }));
    expect(await screen.findByText('みおを利用停止にしました。')).toBeTruthy();
    expect(calls.find((c) => c.path === 'POST /organizations/casts/suspend')?.body).toEqual({
      cast_id: 'c1',
    });
    await waitFor(() => expect(reads(calls)).toBe(2), SLOW);
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('cast-row')[0] as HTMLElement).getByTestId('cast-status').textContent,
      ).toBe('停止中'),
    );

    // Resume refused: the error in the user's language.
    fireEvent.click(
      within(screen.getAllByTestId('cast-row')[1] as HTMLElement).getByRole('button', { name: '利用再開' }),
    );
    expect(await screen.findByText('キャストが見つかりません。')).toBeTruthy();

    // Reset: the dialog checks the pair, shows the server's field message, then says it is done.
    fireEvent.click(
      within(screen.getAllByTestId('cast-row')[0] as HTMLElement).getByRole('button', {
        name: 'パスワード再設定',
      }),
    );
    const reset = screen.getByRole('dialog', { name: 'みおのパスワードを再設定' });
    expect(
      within(reset).getByText(/すべての端末でログアウトされ、次回ログイン時に自分のパスワードを設定し直す/),
    ).toBeTruthy();
    const pw = within(reset).getByLabelText(/^新しい仮のパスワード(必須)?$/);
    const again = within(reset).getByLabelText(/^新しい仮のパスワード（確認用）/);
    fireEvent.change(pw, { target: { value: 'Temp#1234' } });
    fireEvent.change(again, { target: { value: 'Temp#9999' } });
    fireEvent.click(within(reset).getByRole('button', { name: '再設定する' }));
    expect(await within(reset).findByText('パスワードが一致しません。')).toBeTruthy();
    expect(calls.some((c) => c.path === 'POST /organizations/casts/password')).toBe(false);
    fireEvent.change(pw, { target: { value: 'Temp#0000' } });
    fireEvent.change(again, { target: { value: 'Temp#0000' } });
    fireEvent.click(within(reset).getByRole('button', { name: '再設定する' }));
    await waitFor(() => expect(pw.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(pw, { target: { value: 'Temp#1234' } });
    fireEvent.change(again, { target: { value: 'Temp#1234' } });
    fireEvent.click(within(reset).getByRole('button', { name: '再設定する' }));
    expect(
      await screen.findByText(
        'みおのパスワードを再設定しました。新しいパスワードをキャストに伝えてください。',
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c.path === 'POST /organizations/casts/password').at(-1)?.body).toEqual({
      cast_id: 'c1',
      password: 'Temp#1234',
      password_confirmation: 'Temp#1234',
    });
    expect(screen.queryByRole('dialog', { name: 'みおのパスワードを再設定' })).toBeNull();

    // Remove: a strong confirmation (the username typed again); the sales stay, said so.
    fireEvent.click(
      within(screen.getAllByTestId('cast-row')[1] as HTMLElement).getByRole('button', { name: '削除' }),
    );
    const remove = screen.getByRole('dialog', { name: 'れいなを削除しますか？' });
    expect(within(remove).getByText(/完全に削除され、元に戻せません/)).toBeTruthy();
    expect(within(remove).getByText('これまでの売上は、組織の売上にそのまま残ります。')).toBeTruthy();
    const confirm = within(remove).getByRole('button', { name: '完全に削除する' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(remove).getByLabelText('確認のため、ユーザー名「reina」を入力してください'), {
      target: { value: 'reina' },
    });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(await screen.findByText('れいなを削除しました。')).toBeTruthy();
    expect(calls.find((c) => c.path === 'POST /organizations/casts/remove')?.body).toEqual({ cast_id: 'c2' });
    await waitFor(() => expect(screen.getAllByTestId('cast-row')).toHaveLength(1), SLOW);
    expect(screen.getByTestId('casts-count').textContent).toBe(`所属キャスト 1 / ${MAX}人`);
  });

  it('[en] no casts yet: the empty state with the create action', async () => {
    serve(owner(), organization({ cast_count: 0 }), { 'GET /organizations/casts': () => ok(list([])) });
    renderApp('/en/organization/casts');
    const empty = await screen.findByTestId('casts-empty');
    expect(within(empty).getByText('No casts yet')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Create a cast' }).getAttribute('href')).toBe(
      '/en/organization/casts/new',
    );
    expect(screen.getByTestId('casts-count').textContent).toBe(`Casts 0 / ${MAX}`);
  });

  it('[en] at the limit: creating is disabled with the reason', async () => {
    serve(owner(), organization({ cast_count: 1, casts_max: 1 }), {
      'GET /organizations/casts': () => ok(list([cast()])),
    });
    renderApp('/en/organization/casts');
    await screen.findAllByTestId('cast-row');
    const create = screen.getByRole('button', { name: 'Create a cast' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(screen.getByText('You can have up to 1 casts. Remove a cast to create a new one.')).toBeTruthy();
  });

  it('[ja] an organization under review: told so, with the way to /organization, and no cast read', async () => {
    const calls = serve(owner(), organization({ status: 'review' }));
    renderApp('/ja/organization/casts');
    const gate = await screen.findByTestId('casts-not-approved');
    expect(
      within(gate).getByText('組織の審査が完了すると、キャストを作成・管理できるようになります。'),
    ).toBeTruthy();
    expect(within(gate).getByRole('link', { name: '組織の管理へ' }).getAttribute('href')).toBe(
      '/ja/organization',
    );
    expect(reads(calls)).toBe(0);
  });

  it('[en] another role is told whom the screen is for', async () => {
    const calls = serve(account(CREATOR, 'sakura', 'Sakura'), null);
    renderApp('/en/organization/casts');
    expect(await screen.findByTestId('org-owners-only')).toBeTruthy();
    expect(calls.some((c) => c.path.includes('/organizations'))).toBe(false);
  });

  it('[ja] a guest goes to the login page, which returns here', async () => {
    const router = renderApp('/ja/organization/casts');
    // (The login page of the role this tab saw last: the previous tests signed in an owner.)
    await waitFor(
      () => expect(router.state.location.pathname).toMatch(/^\/ja\/(user|creator)\/login$/),
      SLOW,
    );
    expect(router.state.location.search).toBe('?next=%2Forganization%2Fcasts');
  });
});

describe('/organization/casts/new', () => {
  const fetchMock = prepareScreenTest();

  const serve = (handlers: Record<string, (body: unknown) => Response>) => {
    signInForTest('me', OWNER);
    return serveApi(fetchMock, {
      'GET /chatroom/list': () => ok({ chatrooms: [], unread_total: 0, next_cursor: null }),
      'GET /mypage': () => ok(account(OWNER, 'tsukiakari', '月灯りオーナー')),
      'GET /organizations': () => ok({ organization: organization() }),
      ...handlers,
    });
  };

  it('[ja] checks the fields, shows a taken username and the limit from the server, then the login details to hand over', async () => {
    let answer: Response | null = jsonResponse({
      status: 422,
      body: {
        code: 'validation',
        message: 'x',
        issues: [{ path: 'username', message: 'errors.usernameTaken' }],
      },
    });
    const calls = serve({
      'POST /organizations/casts': (body) => {
        const out = answer ?? ok({ cast: cast({ ...(body as object), id: 'c9' }) });
        answer = null;
        return out;
      },
      'GET /organizations/casts': () => ok(list([])),
    });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp('/ja/organization/casts/new');
    const submit = await screen.findByRole('button', { name: '作成する' });
    const nickname = screen.getByRole('textbox', { name: /ニックネーム/ });
    const username = screen.getByRole('textbox', { name: /ユーザー名/ });
    const password = screen.getByLabelText(/^最初のパスワード(必須)?$/);
    const again = screen.getByLabelText(/^最初のパスワード（確認用）/);
    fireEvent.change(username, { target: { value: 'ab' } });
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.click(submit);
    expect(await screen.findByText('ユーザー名は半角英数字3〜20文字で入力してください。')).toBeTruthy();
    expect(screen.getByText('ニックネームを入力してください。')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(nickname));
    expect(calls.some((c) => c.path === 'POST /organizations/casts')).toBe(false);

    fireEvent.change(nickname, { target: { value: 'みお' } });
    fireEvent.change(username, { target: { value: 'mio2026' } });
    fireEvent.change(password, { target: { value: 'Temp#1234' } });
    fireEvent.change(again, { target: { value: 'Temp#1234' } });
    fireEvent.click(submit);
    expect(await screen.findByText('このユーザー名はすでに使われています。')).toBeTruthy();
    expect(username.getAttribute('aria-invalid')).toBe('true');

    answer = error(409, 'cast_limit', { max: MAX });
    fireEvent.click(submit);
    expect(await screen.findByText(`1つの組織で登録できるキャストは${MAX}人までです。`)).toBeTruthy();

    fireEvent.click(submit);
    expect(await screen.findByRole('heading', { name: 'キャストを作成しました' })).toBeTruthy();
    expect(calls.filter((c) => c.path === 'POST /organizations/casts').at(-1)?.body).toEqual({
      nickname: 'みお',
      username: 'mio2026',
      password: 'Temp#1234',
      password_confirmation: 'Temp#1234',
    });
    expect(screen.getByTestId('created-username').textContent).toBe('mio2026');
    expect(screen.getByTestId('created-login-url').textContent).toBe(
      `${window.location.origin}/ja/creator/login/cast`,
    );
    expect(screen.getByText('初回ログイン時に、キャストは自分で新しいパスワードを設定します。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ログインページをコピー' }));
    expect(await screen.findByText('コピーしました')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/ja/creator/login/cast`);
    expect(screen.getByRole('link', { name: 'キャスト一覧へ' }).getAttribute('href')).toBe(
      '/ja/organization/casts',
    );
  });
});
