import { type ErrorBody, type ErrorCode, errorCatalog } from '@app/shared/errors';
import type * as z from 'zod/mini';
import { runtimeConfig } from './config.ts';
import { languageOfPath } from './lang.ts';
import { clearLoading, type LoadingMode, setLoading } from './loading.ts';
import {
  accessToken,
  clearSession,
  profileId,
  refreshToken,
  saveRefreshedTokens,
  setPasswordChangeRequired,
} from './session.ts';

/** The channel the app listens on to send the user to a login page (spec 8). */
export const AUTH_ERROR_CHANNEL = 'auth_error';
export interface AuthErrorMessage {
  type: 'auth_error';
  status: number;
}

/** A non-OK answer other than 401/422: message 'API call failed: <statusText>', with the error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    statusText: string,
    readonly body: ErrorBody | null,
  ) {
    super(`API call failed: ${statusText}`);
    this.name = 'ApiError';
  }
  get code(): ErrorCode | undefined {
    return this.body?.code;
  }
}

/** A 422 answer: the JSON body handed back to the caller instead of thrown. */
export interface ValidationResult {
  ok: false;
  status: 422;
  body: ErrorBody;
}
export interface Success<T> {
  ok: true;
  data: T;
}
/** null: the session is gone (an auth error was broadcast). */
export type ApiResult<T> = Success<T> | ValidationResult | null;

export interface ApiRequest<T> {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Authenticated calls send the bearer and X-Profile-Id headers and refresh on 401. */
  auth: boolean;
  /** The zod schema of the response body. */
  response: z.ZodMiniType<T>;
  /** Loading mode to show while the call runs (1 page, 2 post-action). */
  loading?: LoadingMode;
}

function broadcastAuthError(status: number): void {
  const message: AuthErrorMessage = { type: 'auth_error', status };
  try {
    const channel = new BroadcastChannel(AUTH_ERROR_CHANNEL);
    channel.postMessage(message);
    channel.close();
  } catch (err) {
    console.warn('auth_error broadcast failed', err);
  }
}

function url(path: string, query?: ApiRequest<unknown>['query']): string {
  const base = runtimeConfig().apiBase.replace(/\/$/, '');
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

function send(req: ApiRequest<unknown>, token: string | null): Promise<Response> {
  // The language the user reads the app in: the server writes its mails in it.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Lang': languageOfPath(window.location.pathname),
  };
  if (req.body !== undefined) headers['Content-Type'] = 'application/json';
  if (req.auth && token) {
    headers.Authorization = `Bearer ${token}`;
    const pid = profileId();
    if (pid) headers['X-Profile-Id'] = pid;
  }
  return fetch(url(req.path, req.query), {
    method: req.method,
    headers,
    credentials: 'include',
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
  });
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function asErrorBody(json: unknown): ErrorBody | null {
  return json && typeof json === 'object' && 'code' in json ? (json as ErrorBody) : null;
}

/** Runs `fn` while holding the browser-wide refresh lock (Web Locks), so tabs refresh one at a time. */
function acrossTabs<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('kinoko-refresh-token', fn) : fn();
}

/** One refresh in flight, shared by every call that got a 401 meanwhile. */
let refreshing: Promise<string | null> | null = null;

/**
 * POST /auth/update_token {refresh_token}: the new access token, or null when the refresh is
 * impossible (no refresh token) or refused with 401. Other failures throw.
 */
function refreshAccessToken(): Promise<string | null> {
  if (!refreshing) {
    const stale = refreshToken();
    refreshing = acrossTabs(async () => {
      const token = refreshToken();
      if (!token) return null;
      // Another tab rotated the shared refresh token while we waited: use its new access token.
      // Sending the old one again would count as reuse and end the session everywhere.
      const current = accessToken();
      if (token !== stale && current) return current;
      const res = await fetch(url('/auth/update_token'), {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        credentials: 'include',
        body: JSON.stringify({ refresh_token: token }),
      });
      if (res.status === 401) return null;
      if (!res.ok) throw new ApiError(res.status, res.statusText, asErrorBody(await readJson(res)));
      const json = (await readJson(res)) as {
        access_token?: unknown;
        refresh_token?: unknown;
        refresh_token_expires_at?: unknown;
      } | null;
      if (!json || typeof json.access_token !== 'string') return null;
      saveRefreshedTokens({
        access_token: json.access_token,
        refresh_token: typeof json.refresh_token === 'string' ? json.refresh_token : undefined,
        refresh_token_expires_at:
          typeof json.refresh_token_expires_at === 'string' ? json.refresh_token_expires_at : undefined,
      });
      return json.access_token;
    }).finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

function sessionLost(status: number): null {
  console.warn(`Authentication failed (${status}): signing out`);
  broadcastAuthError(status);
  clearSession();
  return null;
}

/**
 * The one way the web client calls the API (spec sections 4 and 8): JSON, credentials included,
 * bearer + X-Profile-Id on authenticated calls, one refresh-and-retry on 401, 422 bodies returned,
 * other failures thrown after clearing the loading state and broadcasting auth_error 500.
 */
export async function apiRequest<T>(req: ApiRequest<T>): Promise<ApiResult<T>> {
  let token: string | null = null;
  if (req.auth) {
    token = accessToken();
    if (!token && !refreshToken()) throw new Error('No token');
  }
  if (req.loading) setLoading(req.loading);
  try {
    if (req.auth && !token) {
      // The one-hour access cookie is gone but the session still holds a refresh token.
      token = await refreshAccessToken();
      if (!token) return sessionLost(401);
    }
    let res = await send(req, token);
    if (res.status === 401 && req.auth) {
      token = await refreshAccessToken();
      if (!token) return sessionLost(401);
      res = await send(req, token);
      if (res.status === 401) return sessionLost(401);
    }
    const json = await readJson(res);
    if (res.status === 422) {
      const body = asErrorBody(json) ?? { code: 'validation', message: res.statusText };
      return { ok: false, status: 422, body };
    }
    if (!res.ok) {
      const error = new ApiError(res.status, res.statusText, asErrorBody(json));
      // A cast that has not chosen its password yet: the screens send it to the password page.
      if (error.code === 'password_change_required') setPasswordChangeRequired(true);
      throw error;
    }
    return { ok: true, data: req.response.parse(json) };
  } catch (err) {
    clearLoading();
    broadcastAuthError(500);
    throw err;
  } finally {
    if (req.loading) clearLoading();
  }
}

/** The placeholder values the API sent with a failed call (e.g. `{minutes}` of a 429). */
export function errorParams(err: unknown): Record<string, string | number> | undefined {
  return err instanceof ApiError ? err.body?.params : undefined;
}

/** The i18n key of the message for a failed call: `errors.<key>` of its code. */
export function errorMessageKey(err: unknown, fallback = 'errors.communication'): string {
  if (err instanceof ApiError && err.code) return errorCatalog[err.code]?.key ?? fallback;
  if (err instanceof Error && err.message === 'No token') return 'errors.noToken';
  return fallback;
}
