/**
 * The S3 stand-in: @20minutes/s3rver (checks SigV4) on its own port, with the upload bucket and CORS.
 * Like the real buckets (private, no bucket policy), it refuses every unsigned request; a browser
 * upload (POST form) is let through only when its policy holds (post-policy.ts), as in S3.
 */

import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import S3rver, { type S3rverContext } from '@20minutes/s3rver';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { LOCAL_ACCESS_KEY_ID, LOCAL_REGION, LOCAL_SECRET_ACCESS_KEY } from './env.ts';
import { checkPostPolicy } from './post-policy.ts';
import { verifySigV4Header, verifySigV4Query } from './sigv4.ts';

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

export function corsXml(origins: readonly string[]): string {
  const allowed = origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('');
  const methods = ['GET', 'PUT', 'POST', 'HEAD', 'DELETE']
    .map((m) => `<AllowedMethod>${m}</AllowedMethod>`)
    .join('');
  return `<CORSConfiguration><CORSRule>${allowed}${methods}<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

/** True when a request carries one of S3's authentication mechanisms (header, or query v2/v4). */
export function isSignedS3Request(headers: Record<string, unknown>, query: Record<string, unknown>): boolean {
  const queryKeys = Object.keys(query).map((k) => k.toLowerCase());
  return (
    'authorization' in headers || queryKeys.includes('x-amz-algorithm') || queryKeys.includes('signature')
  );
}

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message.replace(/[<>&]/g, '')}</Message></Error>`;
const ACCESS_DENIED = errorXml('AccessDenied', 'Access Denied');

/** The response headers a signed GET may override (`response-content-type`, …). */
const RESPONSE_OVERRIDES = new Set(
  [
    'content-type',
    'content-language',
    'expires',
    'cache-control',
    'content-disposition',
    'content-encoding',
  ].map((h) => `response-${h}`),
);

const SECRETS = new Map([[LOCAL_ACCESS_KEY_ID, LOCAL_SECRET_ACCESS_KEY]]);

/** A bucket-level call in path style with the SDK's trailing slash (`/<bucket>/?…`). */
function isBucketCall(ctx: S3rverContext): boolean {
  return /^\/[^/]+\/$/.test(ctx.path);
}

/** `POST /<bucket>` with a multipart form: S3's browser-based upload. */
function isPostForm(ctx: S3rverContext): boolean {
  const type = String(ctx.headers['content-type'] ?? '');
  return ctx.method === 'POST' && /^\/[^/]+\/?$/.test(ctx.path) && type.startsWith('multipart/form-data');
}

/**
 * Reads the form, checks its policy, and hands s3rver the same bytes again (it parses the form
 * itself); answers S3's error otherwise.
 */
async function checkPostForm(ctx: S3rverContext): Promise<boolean> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const fields: [string, string][] = [];
  let size = -1;
  try {
    const form = await new Request('http://s3.local/', {
      method: 'POST',
      headers: { 'content-type': String(ctx.headers['content-type']) },
      body,
    }).formData();
    for (const [name, value] of form) {
      if (name === 'file') {
        size = typeof value === 'string' ? Buffer.byteLength(value) : value.size;
        break; // S3 ignores the fields after the file
      }
      if (typeof value === 'string') fields.push([name, value]);
    }
  } catch {
    size = -1;
  }
  const bucket = ctx.path.split('/')[1] ?? '';
  const check =
    size < 0
      ? ({
          ok: false,
          status: 400,
          code: 'InvalidArgument',
          message: 'POST requires exactly one file upload per request.',
        } as const)
      : checkPostPolicy({ fields, bucket, size, now: new Date(), secrets: SECRETS });
  if (!check.ok) {
    ctx.status = check.status;
    ctx.type = 'application/xml';
    ctx.body = errorXml(check.code, check.message);
    return false;
  }
  const { headers, url, method, socket, httpVersion } = ctx.req;
  const replay = Object.assign(Readable.from([body]), { headers, url, method, socket, httpVersion });
  ctx.req = replay as unknown as S3rverContext['req'];
  ctx.request.req = ctx.req;
  return true;
}

export async function startS3(opts: {
  dir: string;
  port?: number;
  bucket: string;
  siteOrigins: readonly string[];
}): Promise<LocalS3> {
  mkdirSync(opts.dir, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: opts.port ?? 0,
    silent: true,
    directory: opts.dir,
    vhostBuckets: false,
    configureBuckets: [{ name: opts.bucket, configs: [corsXml(opts.siteOrigins)] }],
  });
  // s3rver lets anonymous requests through (a public bucket); put S3's refusal in front of it.
  // CORS preflights stay open, as in S3.
  server.middleware.unshift(async (ctx, next) => {
    if (isBucketCall(ctx) && 'authorization' in ctx.headers) {
      // s3rver verifies these without the path's trailing slash: verified here, then passed on
      // without the header (s3rver serves unsigned requests; only verified ones reach it).
      const url = ctx.req.url ?? '/';
      if (!verifySigV4Header({ method: ctx.method, url, headers: ctx.headers, secrets: SECRETS })) {
        ctx.status = 403;
        ctx.type = 'application/xml';
        ctx.body = errorXml(
          'SignatureDoesNotMatch',
          'The request signature we calculated does not match the signature you provided.',
        );
        return;
      }
      delete ctx.headers.authorization;
      return next();
    }
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && 'X-Amz-Signature' in ctx.query) {
      // A presigned GET: verified here as S3 does (sigv4.ts: s3rver mis-encodes `!'()*`), then
      // passed on without its signature (s3rver serves it, with its `response-*` overrides).
      const verdict = verifySigV4Query({
        method: ctx.method,
        url: ctx.req.url ?? '/',
        headers: ctx.headers,
        secrets: SECRETS,
        now: new Date(),
      });
      if (verdict !== 'ok') {
        ctx.status = 403;
        ctx.type = 'application/xml';
        ctx.body =
          verdict === 'expired'
            ? errorXml('AccessDenied', 'Request has expired')
            : errorXml(
                'SignatureDoesNotMatch',
                'The request signature we calculated does not match the signature you provided.',
              );
        return;
      }
      // s3rver refuses `response-*` on the now anonymous request: applied here, as S3 applies them.
      const koa = ctx as unknown as {
        request: { querystring: string };
        set(headers: Record<string, string>): void;
      };
      const kept = new URLSearchParams(koa.request.querystring);
      const overrides: Record<string, string> = {};
      for (const [name, value] of [...kept.entries()]) {
        if (/^X-Amz-/i.test(name)) kept.delete(name);
        if (RESPONSE_OVERRIDES.has(name)) {
          overrides[name.slice('response-'.length)] = value;
          kept.delete(name);
        }
      }
      koa.request.querystring = kept.toString();
      await next();
      if (ctx.status === 200 || ctx.status === 206) koa.set(overrides);
      return;
    }
    if (ctx.method === 'OPTIONS' || isSignedS3Request(ctx.headers, ctx.query)) return next();
    if (isPostForm(ctx)) return (await checkPostForm(ctx)) ? next() : undefined;
    ctx.status = 403;
    ctx.type = 'application/xml';
    ctx.body = ACCESS_DENIED;
  });
  const address = await server.run();
  return { endpoint: `http://127.0.0.1:${address.port}`, stop: () => server.close() };
}

/** Response headers of S3 that the distribution passes on (the site's own are added after). */
const PASSED_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'content-range',
  'accept-ranges',
  'cache-control',
  'etag',
  'last-modified',
];

/**
 * The distribution's `/private/*` behaviour, locally: the path and the presigned query go to the
 * S3 stand-in unchanged (path style: under the bucket), which checks the signature as minted.
 * GET and HEAD only, as the behaviour allows.
 */
export function privateMediaRoute(endpoint: string, bucket: string) {
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(403, { 'content-type': 'application/xml' }).end(ACCESS_DENIED);
      return;
    }
    const range = req.headers.range;
    const upstream = await fetch(`${endpoint}/${bucket}${url.pathname}${url.search}`, {
      method: req.method,
      headers: range ? { range } : {},
    });
    const headers: Record<string, string> = {};
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    res.writeHead(upstream.status, headers);
    res.end(req.method === 'HEAD' ? undefined : Buffer.from(await upstream.arrayBuffer()));
  };
}

/**
 * The distribution's `/media/*` behaviour, locally: public media (avatars, backgrounds, item
 * thumbnails) read from the bucket as CloudFront's origin access does (here: a request signed with
 * the local credentials), GET and HEAD only. What the pipeline wrote under `media/` is public.
 */
export function publicMediaRoute(endpoint: string, bucket: string) {
  const client = new S3Client({
    endpoint,
    region: LOCAL_REGION,
    credentials: { accessKeyId: LOCAL_ACCESS_KEY_ID, secretAccessKey: LOCAL_SECRET_ACCESS_KEY },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const forward = privateMediaRoute(endpoint, bucket);
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(403, { 'content-type': 'application/xml' }).end(ACCESS_DENIED);
      return;
    }
    let key: string;
    try {
      key = decodeURIComponent(url.pathname.slice(1));
    } catch {
      res.writeHead(404, { 'content-length': 0 }).end();
      return;
    }
    const command =
      req.method === 'HEAD'
        ? new HeadObjectCommand({ Bucket: bucket, Key: key })
        : new GetObjectCommand({ Bucket: bucket, Key: key });
    const signed = new URL(await getSignedUrl(client, command, { expiresIn: 60 }));
    await forward(req, res, new URL(`${url.pathname}${signed.search}`, url));
  };
}
