import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { beforeAll, describe, expect, inject, it } from 'vitest';

beforeAll(() => {
  Object.assign(process.env, inject('localEnv'));
});

// The same options as functions/src/lib/aws/s3.ts; the endpoint comes from AWS_ENDPOINT_URL_S3.
const client = () => new S3Client({ forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });

describe('S3 stand-in', () => {
  it('accepts a presigned PUT and serves the object through a presigned GET', async () => {
    const s3 = client();
    const Bucket = process.env.UPLOAD_BUCKET as string;
    const Key = `uploads/${Date.now()}/写真.png`;
    const bytes = Buffer.from([137, 80, 78, 71, 1, 2, 3]);
    const putUrl = await getSignedUrl(s3, new PutObjectCommand({ Bucket, Key, ContentType: 'image/png' }), {
      expiresIn: 300,
    });
    expect(putUrl.startsWith(`${inject('s3Endpoint')}/${Bucket}/`)).toBe(true);
    const put = await fetch(putUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: bytes });
    expect(put.status).toBe(200);

    const getUrl = await getSignedUrl(s3, new GetObjectCommand({ Bucket, Key }), { expiresIn: 300 });
    const got = await fetch(getUrl);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(bytes);

    const sdkGet = await s3.send(new GetObjectCommand({ Bucket, Key }));
    expect(Buffer.from((await sdkGet.Body?.transformToByteArray()) ?? [])).toEqual(bytes);
  });

  it('checks signatures: a tampered presigned URL is refused', async () => {
    const s3 = client();
    const url = await getSignedUrl(
      s3,
      new PutObjectCommand({ Bucket: process.env.UPLOAD_BUCKET as string, Key: 'a.txt' }),
      { expiresIn: 300 },
    );
    const tampered = url.replace('a.txt', 'b.txt');
    const res = await fetch(tampered, { method: 'PUT', body: 'x' });
    expect(res.status).toBe(403);
  });

  it('refuses unsigned requests as a private bucket does: PUT, GET, HEAD, DELETE and listing', async () => {
    const s3 = client();
    const Bucket = process.env.UPLOAD_BUCKET as string;
    const Key = `unsigned/${Date.now()}.txt`;
    await s3.send(new PutObjectCommand({ Bucket, Key, Body: 'secret' }));
    const base = `${inject('s3Endpoint')}/${Bucket}`;
    const answers = await Promise.all([
      fetch(`${base}/${Key}`),
      fetch(`${base}/${Key}`, { method: 'HEAD' }),
      fetch(`${base}/unsigned/new.txt`, { method: 'PUT', body: 'x' }),
      fetch(`${base}/${Key}`, { method: 'DELETE' }),
      fetch(`${base}`),
      fetch(`${base}?list-type=2`),
      fetch(`${inject('s3Endpoint')}/`),
    ]);
    expect(answers.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect(await answers[0]?.text()).toContain('<Code>AccessDenied</Code>');
    // Nothing was written or deleted by the unsigned calls.
    const kept = await s3.send(new GetObjectCommand({ Bucket, Key }));
    expect(await kept.Body?.transformToString()).toBe('secret');
    await expect(s3.send(new GetObjectCommand({ Bucket, Key: 'unsigned/new.txt' }))).rejects.toThrow();
  });

  it('allows the site origin by CORS and refuses others', async () => {
    const preflight = (origin: string) =>
      fetch(`${inject('s3Endpoint')}/${process.env.UPLOAD_BUCKET}/x.png`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type',
        },
      });
    const allowed = await preflight(inject('url'));
    expect(allowed.status).toBe(200);
    // s3rver answers '*' on a matching preflight; a non-matching origin is refused.
    expect(allowed.headers.get('access-control-allow-origin')).toBeTruthy();
    expect(allowed.headers.get('access-control-allow-methods')).toContain('PUT');
    expect((await preflight('https://evil.example')).status).toBe(403);
  });
});
