import { jwtVerify } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';

let env: Record<string, string>;
const redirectUri = 'http://localhost:9999/line-callback';

beforeAll(() => {
  env = inject('localEnv');
});

function authorizeUrl(overrides: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: env.LINE_CHANNEL_ID as string,
    redirect_uri: redirectUri,
    state: 'st-123',
    scope: 'profile openid',
    nonce: 'n-456',
    ...overrides,
  });
  return `${env.LINE_AUTHORIZE_URL}?${params}`;
}

async function chooseUser(name: string): Promise<URL> {
  const page = await fetch(authorizeUrl());
  expect(page.status).toBe(200);
  const html = await page.text();
  const link = new RegExp(`href="([^"]+)"><img[^>]*> <span>${name}</span>`).exec(html)?.[1];
  expect(link, `a button for ${name}`).toBeDefined();
  const chosen = await fetch(new URL((link as string).replaceAll('&amp;', '&'), env.SITE_URL), {
    redirect: 'manual',
  });
  expect(chosen.status).toBe(302);
  return new URL(chosen.headers.get('location') as string);
}

const tokenRequest = (code: string) =>
  fetch(`${env.LINE_API_URL}/oauth2/v2.1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: env.LINE_CHANNEL_ID as string,
      client_secret: env.LINE_CHANNEL_SECRET as string,
    }),
  });

describe('LINE Login stand-in', () => {
  it('authorize -> code -> token -> id_token (HS256, channel secret) -> verify -> profile', async () => {
    const back = await chooseUser('ひなた');
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('st-123');
    const code = back.searchParams.get('code') as string;
    expect(code).toBeTruthy();

    const tokenRes = await tokenRequest(code);
    expect(tokenRes.status).toBe(200);
    const tokens = (await tokenRes.json()) as Record<string, string | number>;
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'profile openid', expires_in: 2592000 });

    const { payload } = await jwtVerify(
      tokens.id_token as string,
      new TextEncoder().encode(env.LINE_CHANNEL_SECRET),
      {
        issuer: 'https://access.line.me',
        audience: env.LINE_CHANNEL_ID,
        algorithms: ['HS256'],
      },
    );
    expect(payload.sub).toMatch(/^U[0-9a-f]{32}$/);
    expect(payload).toMatchObject({ nonce: 'n-456', name: 'ひなた' });
    expect(payload.picture).toBe(`${env.SITE_URL}/_local/line/avatar/${payload.sub}.svg`);

    const verified = await fetch(`${env.LINE_API_URL}/oauth2/v2.1/verify`, {
      method: 'POST',
      body: new URLSearchParams({
        id_token: tokens.id_token as string,
        client_id: env.LINE_CHANNEL_ID as string,
        nonce: 'n-456',
      }),
    });
    expect(verified.status).toBe(200);
    expect(((await verified.json()) as { sub: string }).sub).toBe(payload.sub);

    const wrongNonce = await fetch(`${env.LINE_API_URL}/oauth2/v2.1/verify`, {
      method: 'POST',
      body: new URLSearchParams({
        id_token: tokens.id_token as string,
        client_id: env.LINE_CHANNEL_ID as string,
        nonce: 'x',
      }),
    });
    expect(wrongNonce.status).toBe(400);
    expect(await wrongNonce.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Invalid IdToken Nonce.',
    });

    const accessInfo = await fetch(
      `${env.LINE_API_URL}/oauth2/v2.1/verify?access_token=${encodeURIComponent(tokens.access_token as string)}`,
    );
    expect(await accessInfo.json()).toMatchObject({
      client_id: env.LINE_CHANNEL_ID,
      scope: 'profile openid',
    });

    const profile = await fetch(`${env.LINE_API_URL}/v2/profile`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toEqual({
      userId: payload.sub,
      displayName: 'ひなた',
      pictureUrl: payload.picture,
    });

    const badProfile = await fetch(`${env.LINE_API_URL}/v2/profile`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(badProfile.status).toBe(401);
  });

  it('names an inline icon, so the browser asks for no favicon the stand-in does not have', async () => {
    const html = await (await fetch(authorizeUrl())).text();
    expect(html).toContain('<link rel="icon" href="data:,">');
    const error = await (await fetch(authorizeUrl({ client_id: '999' }))).text();
    expect(error).toContain('<link rel="icon" href="data:,">');
  });

  it('uses each code once', async () => {
    const code = (await chooseUser('山田 太郎')).searchParams.get('code') as string;
    expect((await tokenRequest(code)).status).toBe(200);
    const again = await tokenRequest(code);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'invalid authorization code',
    });
  });

  it('creates a new test user from the form', async () => {
    const form = new URLSearchParams({
      response_type: 'code',
      client_id: env.LINE_CHANNEL_ID as string,
      redirect_uri: redirectUri,
      state: 's',
      scope: 'profile openid',
      displayName: '新しい人',
    });
    const res = await fetch(`${env.SITE_URL}/_local/line/authorize/new`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const code = new URL(res.headers.get('location') as string).searchParams.get('code') as string;
    const tokens = (await (await tokenRequest(code)).json()) as { access_token: string };
    const profile = await fetch(`${env.LINE_API_URL}/v2/profile`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(((await profile.json()) as { displayName: string }).displayName).toBe('新しい人');
  });

  it('refuses an unknown client_id', async () => {
    const res = await fetch(authorizeUrl({ client_id: '999' }));
    expect(res.status).toBe(400);
  });
});
