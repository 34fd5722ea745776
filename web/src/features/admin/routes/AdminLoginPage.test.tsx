import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/session.ts';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { renderApp, serveApi } from '../../../test/serve.tsx';
import { tokenResponse } from '../../../test/session.ts';

/** The lazy screen and the console's catalogue load first: room on a loaded machine. */
const SLOW = { timeout: 5000 };

const EMAIL = 'ops@example.com';
const PASSWORD = 'Kinoko#Operator2026';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const RECOVERY = Array.from({ length: 10 }, (_, i) => `ABCDEFGH${String(i).padStart(2, '2')}`);

const refused = (status: number, code: string, params?: Record<string, number>) => () =>
  jsonResponse({ status, body: { code, message: code, ...(params ? { params } : {}) } });
const tokens = () => jsonResponse({ status: 200, body: tokenResponse('op1', 3) });

/** The words each case shows, in both languages (from the catalogues). */
const WORDS = {
  ja: {
    email: 'メールアドレス',
    password: 'パスワード',
    code: '確認コード',
    submit: 'ログイン',
    sending: '送信中',
    invalidCredentials: 'メールアドレスまたはパスワードが正しくありません。',
    totpInvalid: '確認コードが正しくありません。',
    totpReplayed: 'この確認コードは使用済みです。次のコードが表示されるまでお待ちください。',
    enrolHeading: '認証アプリを登録',
    qr: '認証アプリ登録用のQRコード',
    enrolSubmit: '登録してログイン',
    recoveryHeading: 'リカバリーコード',
    saved: 'リカバリーコードを安全な場所に保管しました',
    continue: '保管しました。コンソールへ進む',
    rateLimited: /15分ほど待って/,
  },
  en: {
    email: 'E-mail address',
    password: 'Password',
    code: 'Code',
    submit: 'Log in',
    sending: 'Sending',
    invalidCredentials: 'The e-mail address or password is incorrect.',
    totpInvalid: 'The code is not correct.',
    totpReplayed: 'That code was used already. Wait for the next code.',
    enrolHeading: 'Register your authenticator app',
    qr: 'QR code to register the authenticator app',
    enrolSubmit: 'Register and log in',
    recoveryHeading: 'Recovery codes',
    saved: 'I saved the recovery codes in a safe place',
    continue: 'I saved them. Go to the console',
    rateLimited: /about 15 min/,
  },
} as const;

type Lang = keyof typeof WORDS;

async function fillLogin(lang: Lang) {
  const w = WORDS[lang];
  fireEvent.input(await screen.findByLabelText(w.email, { exact: false }, SLOW), {
    target: { value: EMAIL },
  });
  fireEvent.input(screen.getByLabelText(w.password, { exact: false, selector: 'input' }), {
    target: { value: PASSWORD },
  });
}

const submitButton = (lang: Lang) => screen.getByRole('button', { name: WORDS[lang].submit });

/** The first step (password) answers `totp_required`: the code field appears. */
async function reachCodeStep(lang: Lang) {
  await fillLogin(lang);
  fireEvent.click(submitButton(lang));
  return screen.findByLabelText(WORDS[lang].code, { exact: false }, SLOW);
}

describe('/admin/login', () => {
  const fetchMock = prepareScreenTest();

  describe.each(['ja', 'en'] as const)('[%s]', (lang) => {
    const w = WORDS[lang];
    const path = `/${lang}/admin/login`;

    it('a wrong password says so, and asks for no code', async () => {
      serveApi(fetchMock, { 'POST /admin/auth/login': refused(401, 'invalid_credentials') });
      renderApp(path);
      await fillLogin(lang);
      fireEvent.click(submitButton(lang));
      expect(await screen.findByText(w.invalidCredentials, {}, SLOW)).toBeTruthy();
      expect(screen.queryByLabelText(w.code, { exact: false })).toBeNull();
    });

    it('a wrong code says so; the code goes with the e-mail and password', async () => {
      const calls = serveApi(fetchMock, {
        'POST /admin/auth/login': (body) =>
          (body as { code?: string }).code ? refused(401, 'totp_invalid')() : refused(401, 'totp_required')(),
      });
      renderApp(path);
      const code = await reachCodeStep(lang);
      fireEvent.input(code, { target: { value: '123456' } });
      fireEvent.click(submitButton(lang));
      expect(await screen.findByText(w.totpInvalid, {}, SLOW)).toBeTruthy();
      expect(calls.map((c) => c.body)).toEqual([
        { email: EMAIL, password: PASSWORD },
        { email: EMAIL, password: PASSWORD, code: '123456' },
      ]);
    });

    it('a replayed code (totp_replayed) says to wait for the next one', async () => {
      serveApi(fetchMock, {
        'POST /admin/auth/login': (body) =>
          (body as { code?: string }).code
            ? refused(401, 'totp_replayed')()
            : refused(401, 'totp_required')(),
      });
      renderApp(path);
      fireEvent.input(await reachCodeStep(lang), { target: { value: '654321' } });
      fireEvent.click(submitButton(lang));
      expect(await screen.findByText(w.totpReplayed, {}, SLOW)).toBeTruthy();
    });

    it('too many attempts (rate_limited) says how long to wait', async () => {
      serveApi(fetchMock, { 'POST /admin/auth/login': refused(429, 'rate_limited', { minutes: 15 }) });
      renderApp(path);
      await fillLogin(lang);
      fireEvent.click(submitButton(lang));
      const alert = await screen.findByText(w.rateLimited, {}, SLOW);
      expect(alert.textContent).toContain('15');
    });

    it('a recovery code is sent as typed loosely (normalized), and signs in to the console', async () => {
      const calls = serveApi(fetchMock, {
        'POST /admin/auth/login': (body) =>
          (body as { code?: string }).code ? tokens() : refused(401, 'totp_required')(),
        'GET /admin/me': () =>
          jsonResponse({ status: 200, body: { id: 'op1', name: '運営 はなこ', email: EMAIL } }),
        'GET /admin/dashboard': refused(500, 'internal'),
      });
      const router = renderApp(path);
      fireEvent.input(await reachCodeStep(lang), { target: { value: 'abcde-fghjk' } });
      fireEvent.click(submitButton(lang));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/${lang}/admin`), SLOW);
      expect(calls.filter((c) => c.path === 'POST /admin/auth/login').at(-1)?.body).toEqual({
        email: EMAIL,
        password: PASSWORD,
        code: 'ABCDEFGHJK',
      });
      expect(authStore.get().roleId).toBe(3);
      // The frame names the signed-in operator.
      expect((await screen.findByTestId('admin-operator', {}, SLOW)).textContent).toContain('運営 はなこ');
    });

    it('the submit is disabled while the login is pending', async () => {
      let answer: (r: Response) => void = () => {};
      serveApi(fetchMock, {
        'POST /admin/auth/login': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      });
      renderApp(path);
      await fillLogin(lang);
      fireEvent.click(submitButton(lang));
      const busy = await screen.findByRole('button', { name: new RegExp(w.sending) }, SLOW);
      expect((busy as HTMLButtonElement).disabled).toBe(true);
      // A second click while pending sends nothing more.
      fireEvent.click(busy);
      expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/admin/auth/login'))).toHaveLength(1);
      answer(refused(401, 'invalid_credentials')());
      expect(await screen.findByText(w.invalidCredentials, {}, SLOW)).toBeTruthy();
      expect((submitButton(lang) as HTMLButtonElement).disabled).toBe(false);
    });

    it('enrolment: the QR code and the grouped secret; a wrong or replayed code says so; then the recovery codes', async () => {
      const enrolAnswers = [refused(401, 'totp_invalid'), refused(401, 'totp_replayed')];
      let releaseEnrol: () => void = () => {};
      const calls = serveApi(fetchMock, {
        'POST /admin/auth/login': () =>
          jsonResponse({
            status: 200,
            body: {
              enrolment: {
                enrolment_token: 'enrol-token',
                secret: SECRET,
                otpauth_url: `otpauth://totp/Kinoko:${EMAIL}?secret=${SECRET}&issuer=Kinoko`,
              },
            },
          }),
        'POST /admin/auth/enrol': async () => {
          const next = enrolAnswers.shift();
          if (next) return next();
          await new Promise<void>((resolve) => {
            releaseEnrol = resolve;
          });
          return jsonResponse({
            status: 200,
            body: { ...tokenResponse('op1', 3), recovery_codes: RECOVERY },
          });
        },
      });
      renderApp(path);
      await fillLogin(lang);
      fireEvent.click(submitButton(lang));
      expect(await screen.findByRole('heading', { name: w.enrolHeading }, SLOW)).toBeTruthy();
      expect(screen.getByTitle(w.qr)).toBeTruthy();
      expect(screen.getByTestId('totp-secret').textContent).toBe(SECRET.replace(/(.{4})(?=.)/g, '$1 '));

      const code = screen.getByLabelText(w.code, { exact: false });
      const send = () => fireEvent.click(screen.getByRole('button', { name: w.enrolSubmit }));
      fireEvent.input(code, { target: { value: '111111' } });
      send();
      expect(await screen.findByText(w.totpInvalid, {}, SLOW)).toBeTruthy();
      fireEvent.input(code, { target: { value: '222222' } });
      send();
      expect(await screen.findByText(w.totpReplayed, {}, SLOW)).toBeTruthy();
      fireEvent.input(code, { target: { value: '333333' } });
      send();
      // Pending: the enrolment's submit is disabled.
      const busy = await screen.findByRole('button', { name: new RegExp(w.sending) }, SLOW);
      expect((busy as HTMLButtonElement).disabled).toBe(true);
      releaseEnrol();
      expect(await screen.findByRole('heading', { name: w.recoveryHeading }, SLOW)).toBeTruthy();
      const list = within(screen.getByTestId('recovery-codes'));
      expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual(RECOVERY);
      // Going on needs "I saved them".
      const go = screen.getByRole('button', { name: w.continue }) as HTMLButtonElement;
      expect(go.disabled).toBe(true);
      fireEvent.click(screen.getByLabelText(w.saved));
      expect(go.disabled).toBe(false);
      expect(calls.filter((c) => c.path === 'POST /admin/auth/enrol').map((c) => c.body)).toEqual([
        { enrolment_token: 'enrol-token', code: '111111' },
        { enrolment_token: 'enrol-token', code: '222222' },
        { enrolment_token: 'enrol-token', code: '333333' },
      ]);
    });
  });
});
