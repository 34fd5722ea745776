/**
 * The S3 stand-in: @20minutes/s3rver (checks SigV4) on its own port, with the upload bucket and CORS.
 * Like the real buckets (private, no bucket policy), it refuses every unsigned request.
 */

import { mkdirSync } from 'node:fs';
import S3rver from '@20minutes/s3rver';

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

const ACCESS_DENIED =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';

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
    if (ctx.method === 'OPTIONS' || isSignedS3Request(ctx.headers, ctx.query)) return next();
    ctx.status = 403;
    ctx.type = 'application/xml';
    ctx.body = ACCESS_DENIED;
  });
  const address = await server.run();
  return { endpoint: `http://127.0.0.1:${address.port}`, stop: () => server.close() };
}
