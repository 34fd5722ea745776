import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer, negotiateEncoding } from './site.ts';

const config = { apiBase: '/api', wsUrl: 'ws://localhost:1/ws', stage: 'local' };
const shell = `<!doctype html><script id="runtime-config" type="application/json">"__RUNTIME_CONFIG__"</script>${'<p>app</p>'.repeat(200)}`;
const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
const serviceWorker = "self.addEventListener('push', () => {});";

describe('the local site server', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'kinoko-site-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), shell);
    writeFileSync(join(dist, '404.html'), shell);
    writeFileSync(join(dist, 'assets', 'app-1.js'), script);
    writeFileSync(join(dist, 'sw.js'), serviceWorker);
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"kinoko"}');
    for (const lang of ['ja', 'en']) {
      mkdirSync(join(dist, 'prerendered', lang), { recursive: true });
      writeFileSync(join(dist, 'prerendered', lang, 'index.html'), `${shell}<p>landing ${lang}</p>`);
    }
    const site = createSiteServer({ distDir: dist, appHost: 'localhost', runtimeConfig: config });
    server = createServer((req, res) => site(req, res, new URL(req.url ?? '/', 'http://localhost')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** node:http (fetch would decode the body itself). */
  const get = (path: string, acceptEncoding: string, headers: Record<string, string> = {}) =>
    new Promise<{ res: { status: number; headers: Map<string, string> }; body: Buffer }>(
      (resolve, reject) => {
        httpGet(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding, ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const headers = new Map(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
            resolve({ res: { status: res.statusCode ?? 0, headers }, body: Buffer.concat(chunks) });
          });
        }).on('error', reject);
      },
    );

  it('picks brotli, else gzip, as the client accepts them', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });

  it('compresses scripts with brotli or gzip, and not without Accept-Encoding', async () => {
    const br = await get('/assets/app-1.js', 'gzip, br');
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(br.res.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 10);
    const gz = await get('/assets/app-1.js', 'gzip');
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get('/assets/app-1.js', 'identity');
    expect(plain.res.headers.get('content-encoding')).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('writes the runtime configuration into the app shell, a pre-rendered page and the not-found page', async () => {
    for (const [path, status] of [
      ['/home', 200],
      ['/', 200],
      ['/no-such-page', 404],
    ] as const) {
      const { res, body } = await get(path, 'gzip');
      expect(res.status).toBe(status);
      const html = gunzipSync(body).toString();
      expect(html).not.toContain('__RUNTIME_CONFIG__');
      expect(html).toContain(JSON.stringify(config));
    }
  });

  it('answers a landing page with its pre-rendered file in the visitor’s language', async () => {
    const page = async (headers: Record<string, string>) =>
      gunzipSync((await get('/', 'gzip', headers)).body).toString();
    expect(await page({ 'accept-language': 'ja-JP,ja;q=0.9' })).toContain('landing ja');
    expect(await page({ 'accept-language': 'ja-JP', cookie: 'locale=en' })).toContain('landing en');
    expect(await page({ 'accept-language': 'en-US' })).toContain('landing en');
  });

  it('serves the service worker and the web app manifest with their types, revalidated, never the app shell', async () => {
    const sw = await get('/sw.js', 'identity');
    expect(sw.res.status).toBe(200);
    expect(sw.res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(sw.res.headers.get('cache-control')).toBe('no-cache');
    expect(sw.body.toString()).toBe(serviceWorker);
    const manifest = await get('/manifest.webmanifest', 'identity');
    expect(manifest.res.status).toBe(200);
    expect(manifest.res.headers.get('content-type')).toBe('application/manifest+json');
    expect(manifest.body.toString()).toBe('{"name":"kinoko"}');
    // A missing file is the not-found page with 404, not the app shell with 200.
    expect((await get('/icons/none.png', 'identity')).res.status).toBe(404);
  });
});
