import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  builtPaths,
  isSitePath,
  prerenderedFile,
  prerenderedRoutes,
  sitePaths,
} from '@app/shared/site-routes';
import { describe, expect, it } from 'vitest';
import {
  APP_SHELL,
  type CfRequest,
  type CfResponse,
  createSiteRouter,
  createSiteStatus,
  isResponse,
  NOT_FOUND_PAGE,
  renderSiteRouterCode,
  renderSiteStatusCode,
} from '../src/site-router.ts';
import { prerenderedPageFiles } from '../src/site-stack.ts';

const appHost = 'app.example.jp';
const marketHost = 'market.example.jp';
const router = createSiteRouter({ appHost, marketHost });
const status = createSiteStatus();

function request(uri: string, host = appHost, querystring: CfRequest['querystring'] = {}): CfRequest {
  return { method: 'GET', uri, querystring, headers: { host: { value: host } } };
}

function routedUri(uri: string, visitor: { cookie?: string; acceptLanguage?: string } = {}): string {
  const req = request(uri);
  if (visitor.cookie) req.cookies = { locale: { value: visitor.cookie } };
  if (visitor.acceptLanguage) req.headers['accept-language'] = { value: visitor.acceptLanguage };
  const result = router({ request: req });
  if (isResponse(result)) throw new Error(`expected a request for ${uri}, got ${result.statusCode}`);
  return result.uri;
}

const prefixes = ['', '/en', '/ja'];

describe('site router (viewer request)', () => {
  it.each(['/home', '/creator/login/cast', '/chatroom/bob', '/mypage/signup/2'])(
    'serves the app shell for %s in all three language forms',
    (path) => {
      for (const prefix of prefixes) {
        expect(routedUri(`${prefix}${path}`)).toBe(APP_SHELL);
      }
    },
  );

  it('accepts a trailing slash', () => {
    expect(routedUri('/home/')).toBe(APP_SHELL);
    expect(routedUri('/en/home/')).toBe(APP_SHELL);
  });

  it('serves the pre-rendered landing pages: the prefix’s language, with or without a trailing slash', () => {
    expect(routedUri('/en')).toBe('/prerendered/en/prefixed/index.html');
    expect(routedUri('/ja/')).toBe('/prerendered/ja/prefixed/index.html');
    expect(routedUri('/en/creator', { cookie: 'ja' })).toBe('/prerendered/en/prefixed/creator.html');
    expect(routedUri('/ja/creator/', { acceptLanguage: 'en-US' })).toBe(
      '/prerendered/ja/prefixed/creator.html',
    );
  });

  it('serves an unprefixed landing page in the stored choice, else the browser’s first language', () => {
    expect(routedUri('/', { cookie: 'en', acceptLanguage: 'ja-JP,ja;q=0.9' })).toBe(
      '/prerendered/en/index.html',
    );
    expect(routedUri('/creator', { cookie: 'ja', acceptLanguage: 'en-US' })).toBe(
      '/prerendered/ja/creator.html',
    );
    expect(routedUri('/', { acceptLanguage: 'ja-JP,en-US;q=0.8' })).toBe('/prerendered/ja/index.html');
    expect(routedUri('/creator/', { acceptLanguage: 'JA' })).toBe('/prerendered/ja/creator.html');
    expect(routedUri('/', { acceptLanguage: 'en-GB,ja;q=0.9' })).toBe('/prerendered/en/index.html');
    expect(routedUri('/', { cookie: 'fr', acceptLanguage: 'fr-FR' })).toBe('/prerendered/en/index.html');
    expect(routedUri('/')).toBe('/prerendered/en/index.html');
  });

  it('routes to the very files the web build writes (one table from shared)', () => {
    const table = prerenderedRoutes(['ja', 'en']);
    expect(table['/creator']).toEqual({
      ja: prerenderedFile('ja', false, '/creator'),
      en: prerenderedFile('en', false, '/creator'),
    });
    expect(Object.keys(table).sort()).toEqual([
      '/',
      '/creator',
      '/en',
      '/en/creator',
      '/en/user/login',
      '/ja',
      '/ja/creator',
      '/ja/user/login',
      '/user/login',
    ]);
    expect(routedUri('/ja/user/login/', { cookie: 'en' })).toBe('/prerendered/ja/prefixed/user/login.html');
    expect(routedUri('/user/login', { acceptLanguage: 'en-GB' })).toBe('/prerendered/en/user/login.html');
  });

  it('serves child paths of screens that have them', () => {
    for (const prefix of prefixes) {
      expect(routedUri(`${prefix}/mypage/account/user`)).toBe(APP_SHELL);
      expect(routedUri(`${prefix}/mypage/account/withdraw`)).toBe(APP_SHELL);
      expect(routedUri(`${prefix}/@alice`)).toBe(APP_SHELL);
      expect(routedUri(`${prefix}/@alice/invite`)).toBe(APP_SHELL);
      expect(routedUri(`${prefix}/@alice/posts/01JABCDEFGHJKMNPQRSTVWXYZ0`)).toBe(APP_SHELL);
      expect(routedUri(`${prefix}/discovery`)).toBe(APP_SHELL);
      expect(routedUri(`${prefix}/home/liked/you`)).toBe(APP_SHELL);
      expect(routedUri(`${prefix}/home/shop`)).toBe(APP_SHELL);
      expect(routedUri(`${prefix}/home/shop/01JABCDEFGHJKMNPQRSTVWXYZ0`)).toBe(APP_SHELL);
    }
  });

  it.each([
    // Not '/home/shop/sales-status': '/home/shop/:itemId' (the item form, built) takes any segment.
    '/mypage',
    '/mypage/edit',
  ])('answers the not-found page for the spec path %s until its screen is built', (path) => {
    for (const prefix of prefixes) expect(routedUri(`${prefix}${path}`)).toBe(NOT_FOUND_PAGE);
    expect(status({ request: request(path), response: { statusCode: 200, headers: {} } }).statusCode).toBe(
      404,
    );
  });

  it('lists only spec paths as built, each once', () => {
    const spec = new Set<string>(sitePaths);
    for (const path of builtPaths) expect(spec.has(path), path).toBe(true);
    expect(new Set(builtPaths).size).toBe(builtPaths.length);
  });

  it.each([
    '/nope',
    '/home/unknown',
    '/home/liked/you/more',
    '/fr/home',
    '/en/en',
    '/enhome',
    '/alice',
    // A post's page is `/@{username}/posts/{postId}` (fan club, issue 14): one more segment is unknown.
    '/@alice/posts/01JABCDEFGHJKMNPQRSTVWXYZ0/more',
  ])('rewrites the unknown path %s to the not-found page', (path) => {
    expect(routedUri(path)).toBe(NOT_FOUND_PAGE);
  });

  it('passes assets and other files through unchanged', () => {
    expect(routedUri('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(routedUri('/assets/fonts/noto')).toBe('/assets/fonts/noto');
    expect(routedUri('/favicon.ico')).toBe('/favicon.ico');
    expect(routedUri('/config.json')).toBe('/config.json');
    expect(routedUri('/en/robots.txt')).toBe('/en/robots.txt');
  });

  it('passes the PWA files through: the web app manifest, the service worker at the root, the icons', () => {
    for (const file of ['/manifest.webmanifest', '/sw.js', '/icons/icon-192.png', '/icons/maskable-512.png'])
      expect(routedUri(file)).toBe(file);
    expect(
      status({ request: request('/sw.js'), response: { statusCode: 200, headers: {} } }).statusCode,
    ).toBe(200);
  });

  it('agrees with isSitePath from shared for every screen and some near misses', () => {
    const samples = sitePaths.flatMap((p) => {
      const concrete = p.replace(/:[A-Za-z]+/g, 'x1');
      return prefixes.flatMap((prefix) => [`${prefix}${concrete}`, `${prefix}${concrete}/zz`]);
    });
    const prerendered = prerenderedRoutes(['ja', 'en']);
    for (const uri of samples) {
      const expected =
        prerendered[uri.length > 1 ? uri.replace(/\/$/, '') : uri]?.en ??
        (isSitePath(uri) ? APP_SHELL : NOT_FOUND_PAGE);
      expect(routedUri(uri), uri).toBe(expected);
    }
  });

  it('redirects the market host to the app host keeping path and query', () => {
    const result = router({
      request: request('/@alice/posts', marketHost, {
        ref: { value: 'tw' },
        tag: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b%20c' }] },
      }),
    });
    expect(isResponse(result)).toBe(true);
    const response = result as CfResponse;
    expect(response.statusCode).toBe(301);
    expect(response.headers.location?.value).toBe(
      'https://app.example.jp/@alice/posts?ref=tw&tag=a&tag=b%20c',
    );
  });

  it('prefers the raw query string when the runtime provides it', () => {
    const req = { ...request('/x.png', 'MARKET.example.jp'), rawQueryString: () => 'a=1&b=%E3%81%82' };
    const response = router({ request: req }) as CfResponse;
    expect(response.headers.location?.value).toBe('https://app.example.jp/x.png?a=1&b=%E3%81%82');
  });

  it('redirects without a question mark when there is no query', () => {
    const response = router({ request: request('/', marketHost) }) as CfResponse;
    expect(response.headers.location?.value).toBe('https://app.example.jp/');
  });

  it('does not redirect when no market host is configured', () => {
    const plain = createSiteRouter({ appHost });
    const result = plain({ request: request('/home', marketHost) });
    expect(isResponse(result)).toBe(false);
  });

  it('rejects hosts that are not bare host names', () => {
    expect(() => renderSiteRouterCode({ appHost: 'https://app.example.jp' })).toThrow(/bare host/);
    expect(() => renderSiteRouterCode({ appHost, marketHost: 'a";alert(1)//' })).toThrow(/bare host/);
  });

  it('fits the CloudFront Functions size limit (10 KB)', () => {
    expect(Buffer.byteLength(renderSiteRouterCode({ appHost, marketHost }))).toBeLessThan(10_240);
    expect(Buffer.byteLength(renderSiteStatusCode())).toBeLessThan(10_240);
  });
});

describe('the deployment of the pre-rendered pages', () => {
  it('writes the configuration into every pre-rendered file of the build', () => {
    const files = prerenderedPageFiles(path.join(import.meta.dirname, 'fixtures', 'site'));
    expect(files).toHaveLength(12); // 3 pages × 2 languages × unprefixed and prefixed
    expect(files).toContain('prerendered/en/prefixed/creator.html');
    expect(files).toContain('prerendered/ja/user/login.html');
  });

  it('refuses a site build without them (the router would send the landing pages to a missing file)', () => {
    expect(() => prerenderedPageFiles(mkdtempSync(path.join(tmpdir(), 'kinoko-site-')))).toThrow(
      /pre-rendered pages/,
    );
  });
});

describe('site status (viewer response)', () => {
  const ok = (): CfResponse => ({ statusCode: 200, headers: {} });

  it('answers 404 for unknown paths, seen either as the original or the rewritten uri', () => {
    expect(status({ request: request('/nope'), response: ok() }).statusCode).toBe(404);
    expect(status({ request: request(NOT_FOUND_PAGE), response: ok() }).statusCode).toBe(404);
  });

  it('keeps 200 for screens and assets', () => {
    expect(status({ request: request('/ja/home'), response: ok() }).statusCode).toBe(200);
    expect(status({ request: request(APP_SHELL), response: ok() }).statusCode).toBe(200);
    expect(status({ request: request('/assets/a.js'), response: ok() }).statusCode).toBe(200);
    expect(status({ request: request('/'), response: ok() }).statusCode).toBe(200);
    expect(status({ request: request('/prerendered/ja/index.html'), response: ok() }).statusCode).toBe(200);
  });

  it('leaves other statuses alone', () => {
    const notModified = { statusCode: 304, headers: {} };
    expect(status({ request: request('/nope'), response: notModified }).statusCode).toBe(304);
  });
});
