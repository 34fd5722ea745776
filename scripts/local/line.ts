/**
 * LINE Login v2.1 stand-in: the authorize page (choose a test user), and under /api the real API
 * paths: POST /oauth2/v2.1/token, POST /oauth2/v2.1/verify (ID token), GET /oauth2/v2.1/verify
 * (access token), POST /oauth2/v2.1/revoke, GET /v2/profile. ID tokens are HS256 JWTs signed with
 * the channel secret, as LINE does for web logins.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { systemClock } from '../../functions/src/lib/clock.ts';
import { escapeHtml, parseForm, readBody, redirect, sendHtml, sendJson } from './http-util.ts';

/** The local cloud's clock (moved by `/_local/clock`), as every stand-in's: tokens age with the app's time. */
const now = () => systemClock.now().getTime();

export interface LineUser {
  userId: string;
  displayName: string;
  email: string;
}

const lineUserId = (seed: string) =>
  `U${createHash('sha256').update(`kinoko-local-line:${seed}`).digest('hex').slice(0, 32)}`;

/** Always offered on the authorize page; stable ids so seeded data can refer to them. */
export const DEFAULT_LINE_USERS: readonly LineUser[] = [
  { userId: lineUserId('hinata'), displayName: 'ひなた', email: 'hinata@line.example' },
  { userId: lineUserId('taro'), displayName: '山田 太郎', email: 'taro@line.example' },
  { userId: lineUserId('alex'), displayName: 'Alex Kim', email: 'alex@line.example' },
];

const CODE_TTL_MS = 10 * 60 * 1000;
const ACCESS_TOKEN_TTL_S = 30 * 24 * 60 * 60;
const ID_TOKEN_TTL_S = 60 * 60;
const ISSUER = 'https://access.line.me';

interface AuthCode {
  userId: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  nonce: string | undefined;
  expiresAt: number;
}

interface AccessToken {
  userId: string;
  clientId: string;
  scope: string;
  expiresAt: number;
}

const token = () => randomBytes(32).toString('base64url');

export function signHs256(payload: Record<string, unknown>, secret: string): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const input = `${part({ typ: 'JWT', alg: 'HS256' })}.${part(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

function verifyHs256(jwt: string, secret: string): Record<string, unknown> | undefined {
  const [header, payload, signature] = jwt.split('.');
  if (!header || !payload || !signature) return undefined;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export class LineStandIn {
  private readonly codes = new Map<string, AuthCode>();
  private readonly accessTokens = new Map<string, AccessToken>();
  private readonly refreshTokens = new Map<string, AccessToken>();
  private createdUsers: LineUser[] = [];

  constructor(
    private readonly opts: {
      channelId: string;
      channelSecret: string;
      siteUrl: string;
      usersFile: string | null;
    },
  ) {
    if (opts.usersFile && existsSync(opts.usersFile)) {
      this.createdUsers = JSON.parse(readFileSync(opts.usersFile, 'utf8')) as LineUser[];
    }
  }

  users(): LineUser[] {
    return [...DEFAULT_LINE_USERS, ...this.createdUsers];
  }

  addUser(displayName: string): LineUser {
    const userId = `U${randomBytes(16).toString('hex')}`;
    const user = { userId, displayName, email: `${userId.slice(1, 9)}@line.example` };
    this.createdUsers.push(user);
    if (this.opts.usersFile) writeFileSync(this.opts.usersFile, JSON.stringify(this.createdUsers, null, 2));
    return user;
  }

  pictureUrl(userId: string): string {
    return `${this.opts.siteUrl}/_local/line/avatar/${userId}.svg`;
  }

  /** `path` is below /_local/line. */
  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const route = `${method} ${path}`;
    switch (route) {
      case 'GET /authorize':
        return this.authorizePage(res, query);
      case 'GET /authorize/select':
        return this.select(res, query, query.get('user') ?? '');
      case 'POST /authorize/new': {
        const form = new URLSearchParams(parseForm(await readBody(req)));
        const name = (form.get('displayName') ?? '').trim().slice(0, 20);
        if (!name) return this.authorizePage(res, form, '表示名を入力してください。 Enter a display name.');
        return this.select(res, form, this.addUser(name).userId);
      }
      case 'GET /authorize/cancel':
        return this.cancel(res, query);
      case 'GET /users':
        return sendJson(
          res,
          200,
          this.users().map((u) => ({ ...u, pictureUrl: this.pictureUrl(u.userId) })),
        );
      case 'POST /api/oauth2/v2.1/token':
        return this.tokenEndpoint(res, parseForm(await readBody(req)));
      case 'POST /api/oauth2/v2.1/verify':
        return this.verifyIdToken(res, parseForm(await readBody(req)));
      case 'GET /api/oauth2/v2.1/verify':
        return this.verifyAccessToken(res, query.get('access_token') ?? '');
      case 'POST /api/oauth2/v2.1/revoke': {
        const form = parseForm(await readBody(req));
        if (form.client_id !== this.opts.channelId || form.client_secret !== this.opts.channelSecret) {
          return lineError(res, 400, 'invalid_client', 'invalid client');
        }
        this.accessTokens.delete(form.access_token ?? '');
        res.writeHead(200, { 'content-length': 0 });
        res.end();
        return;
      }
      case 'GET /api/v2/profile':
        return this.profile(req, res);
    }
    const avatar = /^\/avatar\/(U[0-9a-f]{32})\.svg$/.exec(path);
    if (method === 'GET' && avatar) return this.avatar(res, avatar[1] as string);
    req.resume();
    sendJson(res, 404, { message: 'Not found' });
  }

  /** Checks the authorize request; answers the error itself and returns false when invalid. */
  private checkAuthorize(res: ServerResponse, q: URLSearchParams): boolean {
    const clientId = q.get('client_id');
    const redirectUri = q.get('redirect_uri') ?? '';
    if (clientId !== this.opts.channelId) {
      errorPage(res, `client_id が正しくありません (${clientId ?? 'なし'})。 Invalid client_id.`);
      return false;
    }
    if (!/^https?:\/\/[^\s]+$/.test(redirectUri)) {
      errorPage(res, 'redirect_uri が正しくありません。 Invalid redirect_uri.');
      return false;
    }
    const problem =
      q.get('response_type') !== 'code'
        ? 'response_type must be code'
        : !q.get('state')
          ? 'state is required'
          : !q.get('scope')
            ? 'scope is required'
            : undefined;
    if (problem) {
      redirect(
        res,
        withQuery(redirectUri, {
          error: 'invalid_request',
          error_description: problem,
          state: q.get('state'),
        }),
      );
      return false;
    }
    return true;
  }

  private authorizePage(res: ServerResponse, q: URLSearchParams, message?: string) {
    if (!this.checkAuthorize(res, q)) return;
    const params = authorizeParams(q);
    const hidden = Object.entries(params)
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('');
    const buttons = this.users()
      .map(
        (u) =>
          `<li><a class="user" href="/_local/line/authorize/select?${escapeHtml(new URLSearchParams({ ...params, user: u.userId }).toString())}"><img src="${escapeHtml(this.pictureUrl(u.userId))}" alt="" width="40" height="40"> <span>${escapeHtml(u.displayName)}</span></a></li>`,
      )
      .join('');
    sendHtml(
      res,
      200,
      `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>LINEでログイン (ローカル) / Log in with LINE (local)</title>
<style>
body { font-family: system-ui, 'Hiragino Sans', 'Noto Sans JP', sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; color: #111; }
h1 { font-size: 1.3rem; } .note { color: #444; font-size: 0.9rem; }
ul { list-style: none; padding: 0; }
a.user { display: flex; align-items: center; gap: 0.75rem; padding: 0.75rem 1rem; margin: 0.5rem 0; border-radius: 8px; background: #06c755; color: #fff; text-decoration: none; font-weight: 600; }
a.user:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
a.user img { border-radius: 50%; background: #fff; }
form { margin-top: 1.5rem; display: grid; gap: 0.5rem; }
input[type=text] { padding: 0.6rem; font-size: 1rem; border: 1px solid #888; border-radius: 6px; }
button { padding: 0.6rem; font-size: 1rem; border-radius: 6px; border: 1px solid #06c755; background: #fff; color: #05662d; font-weight: 600; }
.error { color: #b00020; }
</style>
</head>
<body>
<main>
<h1>LINEでログイン (ローカル) <br><small>Log in with LINE (local stand-in)</small></h1>
<p class="note">本物のLINEではありません。ログインするテストユーザーを選んでください。<br>This is not the real LINE. Choose a test user to log in as.</p>
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
<ul>${buttons}</ul>
<form method="post" action="/_local/line/authorize/new">
${hidden}
<label for="displayName">新しいテストユーザーの表示名 / Display name of a new test user</label>
<input type="text" id="displayName" name="displayName" maxlength="20" required autocomplete="off">
<button type="submit">作成してログイン / Create and log in</button>
</form>
<p><a href="/_local/line/authorize/cancel?${escapeHtml(new URLSearchParams(params).toString())}">キャンセル / Cancel</a></p>
</main>
</body>
</html>`,
    );
  }

  private select(res: ServerResponse, q: URLSearchParams, userId: string) {
    if (!this.checkAuthorize(res, q)) return;
    const user = this.users().find((u) => u.userId === userId);
    if (!user) return errorPage(res, 'テストユーザーが見つかりません。 Unknown test user.');
    const code = token().slice(0, 20);
    this.codes.set(code, {
      userId,
      clientId: q.get('client_id') as string,
      redirectUri: q.get('redirect_uri') as string,
      scope: q.get('scope') as string,
      nonce: q.get('nonce') ?? undefined,
      expiresAt: now() + CODE_TTL_MS,
    });
    redirect(res, withQuery(q.get('redirect_uri') as string, { code, state: q.get('state') }));
  }

  private cancel(res: ServerResponse, q: URLSearchParams) {
    if (!this.checkAuthorize(res, q)) return;
    redirect(
      res,
      withQuery(q.get('redirect_uri') as string, {
        error: 'access_denied',
        error_description: 'The resource owner denied the request.',
        state: q.get('state'),
      }),
    );
  }

  private issue(userId: string, clientId: string, scope: string): { access: string; refresh: string } {
    const grant = { userId, clientId, scope, expiresAt: now() + ACCESS_TOKEN_TTL_S * 1000 };
    const access = token();
    const refresh = token();
    this.accessTokens.set(access, grant);
    this.refreshTokens.set(refresh, grant);
    return { access, refresh };
  }

  private tokenEndpoint(res: ServerResponse, form: Record<string, string>) {
    if (form.client_id !== this.opts.channelId || form.client_secret !== this.opts.channelSecret) {
      return lineError(res, 400, 'invalid_client', 'invalid client_id or client_secret');
    }
    if (form.grant_type === 'refresh_token') {
      const grant = this.refreshTokens.get(form.refresh_token ?? '');
      if (!grant) return lineError(res, 400, 'invalid_grant', 'invalid refresh token');
      this.refreshTokens.delete(form.refresh_token ?? '');
      const { access, refresh } = this.issue(grant.userId, grant.clientId, grant.scope);
      return sendJson(res, 200, {
        token_type: 'Bearer',
        scope: grant.scope,
        access_token: access,
        expires_in: ACCESS_TOKEN_TTL_S,
        refresh_token: refresh,
      });
    }
    if (form.grant_type !== 'authorization_code') {
      return lineError(
        res,
        400,
        'unsupported_grant_type',
        'grant_type must be authorization_code or refresh_token',
      );
    }
    const code = this.codes.get(form.code ?? '');
    this.codes.delete(form.code ?? ''); // single use, even when the rest is wrong
    if (!code || code.expiresAt < now())
      return lineError(res, 400, 'invalid_grant', 'invalid authorization code');
    if (code.redirectUri !== form.redirect_uri)
      return lineError(res, 400, 'invalid_grant', 'redirect_uri does not match');
    const user = this.users().find((u) => u.userId === code.userId) as LineUser;
    const { access, refresh } = this.issue(user.userId, code.clientId, code.scope);
    const scopes = code.scope.split(/[\s,]+/);
    const body: Record<string, unknown> = {
      access_token: access,
      expires_in: ACCESS_TOKEN_TTL_S,
      refresh_token: refresh,
      scope: code.scope,
      token_type: 'Bearer',
    };
    if (scopes.includes('openid')) {
      const iat = Math.floor(now() / 1000);
      body.id_token = signHs256(
        {
          iss: ISSUER,
          sub: user.userId,
          aud: this.opts.channelId,
          exp: iat + ID_TOKEN_TTL_S,
          iat,
          auth_time: iat,
          ...(code.nonce ? { nonce: code.nonce } : {}),
          amr: ['linesso'],
          ...(scopes.includes('profile')
            ? { name: user.displayName, picture: this.pictureUrl(user.userId) }
            : {}),
          ...(scopes.includes('email') ? { email: user.email } : {}),
        },
        this.opts.channelSecret,
      );
    }
    sendJson(res, 200, body);
  }

  private verifyIdToken(res: ServerResponse, form: Record<string, string>) {
    const payload = verifyHs256(form.id_token ?? '', this.opts.channelSecret);
    if (!payload || payload.iss !== ISSUER) return lineError(res, 400, 'invalid_request', 'Invalid IdToken.');
    if (form.client_id !== payload.aud)
      return lineError(res, 400, 'invalid_request', 'Invalid IdToken Audience.');
    if (typeof payload.exp !== 'number' || payload.exp * 1000 < now()) {
      return lineError(res, 400, 'invalid_request', 'IdToken expired.');
    }
    if (form.nonce !== undefined && form.nonce !== payload.nonce) {
      return lineError(res, 400, 'invalid_request', 'Invalid IdToken Nonce.');
    }
    if (form.user_id !== undefined && form.user_id !== payload.sub) {
      return lineError(res, 400, 'invalid_request', 'Invalid IdToken Subject Identifier.');
    }
    sendJson(res, 200, payload);
  }

  private verifyAccessToken(res: ServerResponse, accessToken: string) {
    const grant = this.accessTokens.get(accessToken);
    if (!grant) return lineError(res, 400, 'invalid_request', 'access token expired');
    const expiresIn = Math.floor((grant.expiresAt - now()) / 1000);
    if (expiresIn <= 0) return lineError(res, 400, 'invalid_request', 'access token expired');
    sendJson(res, 200, { scope: grant.scope, client_id: grant.clientId, expires_in: expiresIn });
  }

  private profile(req: IncomingMessage, res: ServerResponse) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const grant = this.accessTokens.get(bearer);
    if (!grant || grant.expiresAt < now()) {
      return sendJson(res, 401, {
        message: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
      });
    }
    if (!grant.scope.split(/[\s,]+/).includes('profile')) {
      return sendJson(res, 403, { message: 'Not allowed to use this API.' });
    }
    const user = this.users().find((u) => u.userId === grant.userId) as LineUser;
    sendJson(res, 200, {
      userId: user.userId,
      displayName: user.displayName,
      pictureUrl: this.pictureUrl(user.userId),
    });
  }

  private avatar(res: ServerResponse, userId: string) {
    const user = this.users().find((u) => u.userId === userId);
    const hue = Number.parseInt(userId.slice(1, 4), 16) % 360;
    const initial = escapeHtml([...(user?.displayName ?? '?')][0] ?? '?');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" fill="hsl(${hue},55%,55%)"/><text x="100" y="128" font-size="90" text-anchor="middle" fill="#fff" font-family="sans-serif">${initial}</text></svg>`;
    res.writeHead(200, {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    });
    res.end(svg);
  }
}

function authorizeParams(q: URLSearchParams): Record<string, string> {
  const names = [
    'response_type',
    'client_id',
    'redirect_uri',
    'state',
    'scope',
    'nonce',
    'prompt',
    'bot_prompt',
    'ui_locales',
  ];
  const params: Record<string, string> = {};
  for (const name of names) {
    const value = q.get(name);
    if (value !== null) params[name] = value;
  }
  return params;
}

function withQuery(base: string, params: Record<string, string | null>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
  return url.toString();
}

function lineError(res: ServerResponse, status: number, error: string, description: string): void {
  sendJson(res, status, { error, error_description: description });
}

function errorPage(res: ServerResponse, message: string): void {
  sendHtml(
    res,
    400,
    `<!doctype html><html lang="ja"><meta charset="utf-8"><link rel="icon" href="data:,"><title>LINE Login error</title><h1>エラー / Error</h1><p>${escapeHtml(message)}</p></html>`,
  );
}
