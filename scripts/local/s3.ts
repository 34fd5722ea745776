/** The S3 stand-in: @20minutes/s3rver (checks SigV4) on its own port, with the upload bucket and CORS. */

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
  const address = await server.run();
  return { endpoint: `http://127.0.0.1:${address.port}`, stop: () => server.close() };
}
