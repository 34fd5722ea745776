import en from '@app/shared/i18n/en/errors';
import ja from '@app/shared/i18n/ja/errors';
import { okResponse } from '@app/shared/schemas/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { broadcasts, clearCookies, jsonResponse, setRawCookie, stubBoundary } from '../test/boundary.ts';
import { ApiError, apiRequest, errorMessageKey, errorParams } from './api.ts';
import { setRuntimeConfig } from './config.ts';
import { getCookie } from './cookies.ts';
import { loadingStore } from './loading.ts';
import { saveSession } from './session.ts';

const call = (loading?: 1 | 2) =>
  apiRequest({
    method: 'POST',
    path: '/mypage/user',
    body: { a: 1 },
    auth: true,
    response: okResponse,
    loading,
  });

function signIn() {
  saveSession({
    access_token: 'old-access',
    refresh_token: 'refresh-1',
    refresh_token_expires_at: '2030-01-01T00:00:00Z',
    profile_id: 'p1',
    role_id: 2,
  });
}

const headersOf = (init: RequestInit | undefined) => new Headers(init?.headers);

describe('apiRequest', () => {
  let fetchMock: ReturnType<typeof stubBoundary>;
  beforeEach(() => {
    setRuntimeConfig({ apiBase: '/api', wsUrl: '', stage: 'local' });
    clearCookies();
    fetchMock = stubBoundary();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends JSON with credentials, the bearer token and X-Profile-Id', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: 200, body: { ok: true } }));
    await expect(call()).resolves.toEqual({ ok: true, data: { ok: true } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/mypage/user');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"a":1}');
    expect(headersOf(init).get('Authorization')).toBe('Bearer old-access');
    expect(headersOf(init).get('X-Profile-Id')).toBe('p1');
    expect(headersOf(init).get('Content-Type')).toBe('application/json');
  });

  it('tells the server the language of the page (for its e-mails)', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ status: 200, body: { ok: true } }));
    window.history.pushState({}, '', '/en/creator/register');
    await apiRequest({
      method: 'POST',
      path: '/auth/register',
      body: { email: 'a@b.jp' },
      auth: false,
      response: okResponse,
    });
    window.history.pushState({}, '', '/ja/creator/register');
    await apiRequest({
      method: 'POST',
      path: '/auth/register',
      body: { email: 'a@b.jp' },
      auth: false,
      response: okResponse,
    });
    expect(fetchMock.mock.calls.map(([, init]) => headersOf(init).get('X-Lang'))).toEqual(['en', 'ja']);
  });

  it("throws 'No token' on an authenticated call without a session", async () => {
    await expect(call()).rejects.toThrow('No token');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes once on 401, stores the new token and retries', async () => {
    signIn();
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ status: 401, body: { code: 'token_expired', message: 'x' } }))
      .mockResolvedValueOnce(jsonResponse({ status: 200, body: { access_token: 'new-access' } }))
      .mockResolvedValueOnce(jsonResponse({ status: 200, body: { ok: true } }));
    await expect(call()).resolves.toEqual({ ok: true, data: { ok: true } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [refreshUrl, refreshInit] = fetchMock.mock.calls[1] ?? [];
    expect(refreshUrl).toBe('/api/auth/update_token');
    expect(JSON.parse(String(refreshInit?.body))).toEqual({ refresh_token: 'refresh-1' });
    expect(headersOf(fetchMock.mock.calls[2]?.[1]).get('Authorization')).toBe('Bearer new-access');
    expect(getCookie('access_token')).toBe('new-access');
    expect(broadcasts).toEqual([]);
  });

  it('uses the tokens another tab refreshed while it waited for the refresh lock', async () => {
    signIn();
    // Another tab holds the lock, rotates the shared refresh token, then lets this tab in.
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (_name: string, fn: () => Promise<unknown>) => {
          saveSession({
            access_token: 'other-tab-access',
            refresh_token: 'refresh-2',
            refresh_token_expires_at: '2030-01-01T00:00:00Z',
            profile_id: 'p1',
            role_id: 2,
          });
          return fn();
        },
      },
    });
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ status: 401, body: { code: 'token_expired', message: 'x' } }))
      .mockResolvedValueOnce(jsonResponse({ status: 200, body: { ok: true } }));
    await expect(call()).resolves.toEqual({ ok: true, data: { ok: true } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls.map(([u]) => u)).not.toContain('/api/auth/update_token');
    expect(headersOf(fetchMock.mock.calls[1]?.[1]).get('Authorization')).toBe('Bearer other-tab-access');
    vi.unstubAllGlobals();
  });

  it('shares one refresh among parallel 401s', async () => {
    signIn();
    let refreshes = 0;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/auth/update_token')) {
        refreshes++;
        await new Promise((r) => setTimeout(r, 5));
        return jsonResponse({ status: 200, body: { access_token: 'new-access' } });
      }
      const auth = headersOf(init).get('Authorization');
      return auth === 'Bearer new-access'
        ? jsonResponse({ status: 200, body: { ok: true } })
        : jsonResponse({ status: 401, body: { code: 'token_expired', message: 'x' } });
    });
    const results = await Promise.all([call(), call(), call()]);
    expect(results.every((r) => r?.ok)).toBe(true);
    expect(refreshes).toBe(1);
  });

  it('broadcasts auth_error, clears the session and resolves null when the refresh fails with 401', async () => {
    signIn();
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ status: 401, body: { code: 'token_expired', message: 'x' } }))
      .mockResolvedValueOnce(jsonResponse({ status: 401, body: { code: 'refresh_invalid', message: 'x' } }));
    await expect(call()).resolves.toBeNull();
    expect(broadcasts).toEqual([{ channel: 'auth_error', message: { type: 'auth_error', status: 401 } }]);
    expect(console.warn).toHaveBeenCalled();
    expect(getCookie('access_token')).toBeNull();
    expect(getCookie('refresh_token')).toBeNull();
  });

  it('resolves null without a refresh token to use', async () => {
    signIn();
    setRawCookie('refresh_token=; Path=/; Max-Age=0');
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ status: 401, body: { code: 'token_expired', message: 'x' } }),
    );
    await expect(call()).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(broadcasts).toEqual([{ channel: 'auth_error', message: { type: 'auth_error', status: 401 } }]);
  });

  it('returns a 422 body as a validation result', async () => {
    signIn();
    const body = {
      code: 'validation',
      message: 'x',
      issues: [{ path: 'gender', message: 'validation.gender' }],
    };
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: 422, body }));
    await expect(call()).resolves.toEqual({ ok: false, status: 422, body });
    expect(broadcasts).toEqual([]);
  });

  it('throws on other failures, clears the loading state and broadcasts status 500', async () => {
    signIn();
    fetchMock.mockImplementationOnce(async () => {
      expect(loadingStore.get()).toBe(2);
      return jsonResponse({
        status: 503,
        statusText: 'Service Unavailable',
        body: { code: 'internal', message: 'x' },
      });
    });
    const error = await call(2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('API call failed: Service Unavailable');
    expect((error as ApiError).code).toBe('internal');
    expect(loadingStore.get()).toBe(0);
    expect(broadcasts).toEqual([{ channel: 'auth_error', message: { type: 'auth_error', status: 500 } }]);
  });

  it('does not refresh on a 401 of an unauthenticated call', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({
        status: 401,
        statusText: 'Unauthorized',
        body: { code: 'invalid_credentials', message: 'x' },
      }),
    );
    const error = await apiRequest({
      method: 'POST',
      path: '/auth/login',
      body: {},
      auth: false,
      response: okResponse,
    }).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('invalid_credentials');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(headersOf(fetchMock.mock.calls[0]?.[1]).get('Authorization')).toBeNull();
  });
});

describe('a 429 of a rate limit', () => {
  beforeEach(() => {
    setRuntimeConfig({ apiBase: '/api', wsUrl: '', stage: 'local' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('gives its message key and the minutes to wait, in both languages', async () => {
    const fetchMock = stubBoundary();
    fetchMock.mockResolvedValueOnce(
      jsonResponse({
        status: 429,
        body: {
          code: 'rate_limited',
          message: 'errors.rateLimited',
          params: { minutes: 12 },
          retry_after: 700,
        },
      }),
    );
    const err = await apiRequest({
      method: 'POST',
      path: '/auth/login',
      body: {},
      auth: false,
      response: okResponse,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(errorMessageKey(err)).toBe('errors.rateLimited');
    expect(errorParams(err)).toEqual({ minutes: 12 });
    const interpolate = (text: string) => text.replace('{{minutes}}', String(errorParams(err)?.minutes));
    expect(interpolate(ja.rateLimited)).toContain('12分');
    expect(interpolate(en.rateLimited)).toContain('12 min');
  });
});
