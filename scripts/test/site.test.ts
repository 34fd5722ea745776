import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SAMPLE_OPERATOR } from '@app/shared/operator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../infra/src/security-headers.ts';
import { type LocalCloud, startLocalCloud } from '../local/cloud.ts';
import { fixtureRoot } from './fixtures/routes.ts';

let cloud: LocalCloud;

beforeAll(async () => {
  cloud = await startLocalCloud({
    port: 0,
    dataDir: null,
    site: true,
    siteDir: join(fixtureRoot, 'site'),
    quiet: true,
    stage: 'test',
    httpRoutes: [],
  });
});

afterAll(async () => {
  await cloud?.stop();
});

const get = async (path: string) => {
  const res = await fetch(`${cloud.url}${path}`, { redirect: 'manual' });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

describe('site server (CloudFront routing function)', () => {
  it('answers the app shell for known screens, with and without a language prefix', async () => {
    for (const path of ['/home', '/ja/store', '/en/home', '/chatroom/someone', '/mypage/signup/2?x=1']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('APP');
      expect(res.type).toBe('text/html; charset=utf-8');
    }
  });

  it('answers the pre-rendered pages in the visitor’s language, prefixed ones in theirs', async () => {
    const page = async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${cloud.url}${path}`, { headers });
      expect(res.status, path).toBe(200);
      return /PRERENDERED [^<]*/.exec(await res.text())?.[0];
    };
    expect(await page('/', { 'accept-language': 'ja-JP,ja;q=0.9' })).toBe('PRERENDERED ja index');
    expect(await page('/', { 'accept-language': 'en-US' })).toBe('PRERENDERED en index');
    expect(await page('/user/login', { cookie: 'locale=en', 'accept-language': 'ja' })).toBe(
      'PRERENDERED en user/login',
    );
    expect(await page('/ja/user/login/', { cookie: 'locale=en' })).toBe('PRERENDERED ja prefixed/user/login');
    expect(await page('/en/creator')).toBe('PRERENDERED en prefixed/creator');
  });

  it('refuses to start on a build without its pre-rendered pages', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kinoko-site-'));
    cpSync(join(fixtureRoot, 'site'), dir, { recursive: true });
    rmSync(join(dir, 'prerendered', 'en', 'user', 'login.html'));
    const started = startLocalCloud({
      port: 0,
      dataDir: null,
      site: true,
      siteDir: dir,
      quiet: true,
      httpRoutes: [],
    });
    await expect(started).rejects.toThrow(/lacks \/prerendered\/en\/user\/login\.html.*npm run build:web/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the not-found page with status 404 for unknown and unbuilt screens and missing files', async () => {
    for (const path of [
      '/nope',
      '/en/home/unknown/deep',
      '/assets/missing.js',
      '/missing.png',
      // spec paths whose screen is not built yet
      '/mypage/edit',
      '/ja/mypage/edit',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.text, path).toContain('NOT FOUND');
    }
  });

  it('serves files as they are', async () => {
    const js = await get('/assets/app-abc123.js');
    expect(js).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
    expect(js.text).toContain('console.log');
    expect((await get('/build.json')).text).toContain('fixture');
  });

  it('sends the security headers of the CloudFront policy (one definition) on the site, config and API', async () => {
    const expected = securityHeaders({
      websocket: `ws://localhost:${new URL(cloud.url).port}`,
      uploads: cloud.s3Endpoint,
    });
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    for (const path of ['/', '/en/home', '/nope', '/assets/app-abc123.js', '/config.json', '/api/nope']) {
      const res = await fetch(`${cloud.url}${path}`);
      await res.arrayBuffer();
      for (const [name, value] of Object.entries(expected))
        expect(res.headers.get(name), `${path} ${name}`).toBe(value);
    }
    // The local stand-ins are not behind the distribution.
    const outbox = await fetch(`${cloud.url}/_local/outbox`);
    await outbox.arrayBuffer();
    expect(outbox.headers.get('content-security-policy')).toBeNull();
  });

  it('does not let a path escape the build folder', async () => {
    const res = await get('/%2e%2e/routes.ts');
    expect(res.status).toBe(404);
  });

  it('serves /config.json for the web client', async () => {
    const res = await fetch(`${cloud.url}/config.json`);
    expect(await res.json()).toEqual({
      stage: 'test',
      apiBase: '/api',
      wsUrl: `${cloud.wsUrl}`,
      // The legal pages' operator details: the samples outside a deployed stage.
      operator: SAMPLE_OPERATOR,
    });
  });
});
