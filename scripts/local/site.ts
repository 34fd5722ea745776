/**
 * Serves web/dist routed by the very code CloudFront runs (infra/src/site-router.ts): the
 * viewer-request function picks the file (app shell, asset, or the not-found page), the
 * viewer-response function sets 404 on the not-found page. Like the deployment, the app shell gets
 * the runtime configuration written in; like CloudFront, responses are compressed (brotli or gzip
 * by Accept-Encoding) so what is measured locally is what users get.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { businessConfig } from '@app/shared/config';
import { inlineRuntimeConfig, type RuntimeConfig } from '@app/shared/runtime-config';
import { prerenderedFiles } from '@app/shared/site-routes';
import {
  type CfRequest,
  type CfResponse,
  createSiteRouter,
  createSiteStatus,
  isResponse,
  NOT_FOUND_PAGE,
} from '../../infra/src/site-router.ts';
import { LocalCloudError } from './errors.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.mp3': 'audio/mpeg',
};

/** CloudFront compresses these types, from 1,000 bytes on. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg\+xml)/;
const MIN_COMPRESS_BYTES = 1000;

export type Encoding = 'br' | 'gzip';

/** The encoding CloudFront would pick: brotli, else gzip, when the client accepts it (q > 0). */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 9 });
}

/** The files of a web build the site router answers with that `distDir` lacks (site paths). */
export function missingSiteFiles(distDir: string): string[] {
  const files = ['/index.html', `/${NOT_FOUND_PAGE}`, ...prerenderedFiles(businessConfig.languages)];
  return files.filter((f) => !existsSync(join(distDir, f)));
}

export function checkSiteBuild(distDir: string): void {
  const missing = missingSiteFiles(distDir);
  if (missing.length > 0) {
    throw new LocalCloudError(
      `The web build in ${distDir} lacks ${missing.join(', ')}: run \`npm run build:web\` (npm start builds it for you).`,
    );
  }
}

function viewerRequest(req: IncomingMessage, url: URL): { request: CfRequest } {
  const headers: CfRequest['headers'] = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'cookie')
      headers[name] = { value: Array.isArray(value) ? value.join(',') : value };
  }
  const querystring: NonNullable<CfRequest['querystring']> = {};
  for (const [key, value] of url.searchParams) {
    const existing = querystring[key];
    if (existing) existing.multiValue = [...(existing.multiValue ?? [{ value: existing.value }]), { value }];
    else querystring[key] = { value };
  }
  const cookies: NonNullable<CfRequest['cookies']> = {};
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = pair.trim().split('=');
    if (name) cookies[name] = { value: rest.join('=') };
  }
  return { request: { method: req.method ?? 'GET', uri: url.pathname, querystring, headers, cookies } };
}

export function createSiteServer(opts: { distDir: string; appHost: string; runtimeConfig: RuntimeConfig }) {
  const distDir = resolve(opts.distDir);
  // Hashed assets never change under one name: each is compressed once per encoding.
  const compressed = new Map<string, Buffer>();
  const bodyOf = (
    file: string,
    uri: string,
    accepted: Encoding | null,
    type: string,
  ): { body: Buffer; encoding: Encoding | null } => {
    const raw = readFileSync(file);
    const isShell = extname(file) === '.html';
    const body = isShell ? Buffer.from(inlineRuntimeConfig(raw.toString('utf8'), opts.runtimeConfig)) : raw;
    if (!accepted || !COMPRESSIBLE.test(type) || body.length < MIN_COMPRESS_BYTES) {
      return { body, encoding: null };
    }
    if (!uri.startsWith('/assets/')) return { body: compress(body, accepted), encoding: accepted };
    const key = `${accepted} ${file} ${statSync(file).mtimeMs}`;
    let cached = compressed.get(key);
    if (!cached) {
      cached = compress(body, accepted);
      compressed.set(key, cached);
    }
    return { body: cached, encoding: accepted };
  };
  const router = createSiteRouter({ appHost: opts.appHost });
  const status = createSiteStatus();

  const fileFor = (uri: string): string | undefined => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(uri);
    } catch {
      return undefined;
    }
    const file = resolve(distDir, `.${decoded}`);
    if (!file.startsWith(distDir + sep)) return undefined;
    return existsSync(file) && statSync(file).isFile() ? file : undefined;
  };

  return (req: IncomingMessage, res: ServerResponse, url: URL): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-length': 0 });
      res.end();
      return;
    }
    const event = viewerRequest(req, url);
    const routed = router(event);
    if (isResponse(routed)) {
      const headers = Object.fromEntries(Object.entries(routed.headers).map(([k, v]) => [k, v.value]));
      res.writeHead(routed.statusCode, routed.statusDescription, { ...headers, 'content-length': 0 });
      res.end();
      return;
    }
    let file = fileFor(routed.uri);
    let uri = routed.uri;
    let response: CfResponse = { statusCode: 200, statusDescription: 'OK', headers: {} };
    if (!file) {
      // A missing object: what the distribution answers for it is the not-found page with 404.
      uri = NOT_FOUND_PAGE;
      file = join(distDir, NOT_FOUND_PAGE);
      response = { statusCode: 404, statusDescription: 'Not Found', headers: {} };
    }
    response = status({ request: { ...routed, uri }, response });
    const immutable = uri.startsWith('/assets/');
    const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const { body, encoding } = bodyOf(file, uri, negotiateEncoding(req.headers['accept-encoding']), type);
    res.writeHead(response.statusCode, response.statusDescription, {
      'content-type': type,
      'content-length': body.length,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'Accept-Encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    if (req.method === 'HEAD') res.end();
    else res.end(body);
  };
}
