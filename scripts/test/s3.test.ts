import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
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

  it("serves a presigned GET naming a download (filename*=UTF-8''…) until it expires, as S3 does", async () => {
    const s3 = client();
    const Bucket = process.env.UPLOAD_BUCKET as string;
    const Key = `private/${Date.now()}/original.zip`;
    await s3.send(
      new PutObjectCommand({ Bucket, Key, Body: Buffer.from('PK zip'), ContentType: 'application/zip' }),
    );
    const disposition = `attachment; filename="???.zip"; filename*=UTF-8''${encodeURIComponent('まとめ')}.zip`;
    const presign = (signingDate: Date) =>
      getSignedUrl(s3, new GetObjectCommand({ Bucket, Key, ResponseContentDisposition: disposition }), {
        expiresIn: 300,
        signingDate,
      });
    // s3rver alone refused these (it leaves `'` and `*` unencoded in the canonical query).
    const fresh = await fetch(await presign(new Date(Date.now() - 290_000)));
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('content-disposition')).toBe(disposition);
    expect(await fresh.text()).toBe('PK zip');
    const expired = await fetch(await presign(new Date(Date.now() - 310_000)));
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
    const url = await presign(new Date());
    const renamed = url.replace(encodeURIComponent(encodeURIComponent('まとめ')), 'other');
    expect(renamed).not.toBe(url);
    expect((await fetch(renamed)).status).toBe(403);
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

  it('lists and deletes in bulk with the SDK (bucket-level calls, signed with the trailing slash)', async () => {
    const s3 = client();
    const Bucket = process.env.UPLOAD_BUCKET as string;
    const Prefix = `bulk/${Date.now()}/`;
    await Promise.all(
      ['a', 'b'].map((k) => s3.send(new PutObjectCommand({ Bucket, Key: `${Prefix}${k}`, Body: k }))),
    );
    const listed = await s3.send(new ListObjectsV2Command({ Bucket, Prefix }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual([`${Prefix}a`, `${Prefix}b`]);
    await s3.send(
      new DeleteObjectsCommand({
        Bucket,
        Delete: { Objects: [{ Key: `${Prefix}a` }, { Key: `${Prefix}b` }] },
      }),
    );
    expect((await s3.send(new ListObjectsV2Command({ Bucket, Prefix }))).KeyCount).toBe(0);
    // A forged signature on such a call is still refused.
    const forged = new S3Client({
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      credentials: {
        accessKeyId: process.env.AWS_ACCESS_KEY_ID as string,
        secretAccessKey: 'not-the-secret',
      },
    });
    await expect(forged.send(new ListObjectsV2Command({ Bucket, Prefix }))).rejects.toThrow(/signature/i);
  });

  describe('browser uploads (POST with a policy) are checked as S3 checks them', () => {
    const Bucket = () => process.env.UPLOAD_BUCKET as string;
    const png = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
    const policy = (Key: string, Expires = 60) =>
      createPresignedPost(client(), {
        Bucket: Bucket(),
        Key,
        Conditions: [
          ['eq', '$Content-Type', 'image/png'],
          ['content-length-range', 1, 64],
        ],
        Fields: { 'Content-Type': 'image/png' },
        Expires,
      });
    const post = (
      target: { url: string; fields: Record<string, string> },
      body: Buffer,
      change: Record<string, string | null> = {},
    ) => {
      const form = new FormData();
      const fields = { ...target.fields, ...change };
      for (const [k, v] of Object.entries(fields)) if (v !== null) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(body)]));
      return fetch(target.url, { method: 'POST', body: form });
    };
    const exists = (Key: string) =>
      client()
        .send(new GetObjectCommand({ Bucket: Bucket(), Key }))
        .then(
          () => true,
          () => false,
        );

    it("stores a form that keeps its policy, with the policy's Content-Type", async () => {
      const Key = `uploads/post/${Date.now()}-ok.png`;
      const target = await policy(Key);
      const res = await post(target, png);
      expect(res.status).toBe(204);
      const got = await client().send(new GetObjectCommand({ Bucket: Bucket(), Key }));
      expect(got.ContentType).toBe('image/png');
      expect(Buffer.from((await got.Body?.transformToByteArray()) ?? [])).toEqual(png);
    });

    it('refuses another key, another type, a size out of range, an extra field, a forged signature, an expired policy', async () => {
      const Key = `uploads/post/${Date.now()}-no.png`;
      const target = await policy(Key);
      const answers = await Promise.all([
        post(target, png, { key: `${Key}.html` }),
        post(target, png, { 'Content-Type': 'text/html' }),
        post(target, Buffer.alloc(65, 1)),
        post(target, Buffer.alloc(0)),
        post(target, png, { 'x-amz-meta-extra': 'x' }),
        post(target, png, { 'X-Amz-Signature': '0'.repeat(64) }),
        post(target, png, { Policy: null }),
      ]);
      const codes = await Promise.all(
        answers.map(async (r) => [r.status, /<Code>(\w+)<\/Code>/.exec(await r.text())?.[1]]),
      );
      expect(codes).toEqual([
        [403, 'AccessDenied'],
        [403, 'AccessDenied'],
        [400, 'EntityTooLarge'],
        [400, 'EntityTooSmall'],
        [403, 'AccessDenied'],
        [403, 'SignatureDoesNotMatch'],
        [403, 'AccessDenied'],
      ]);
      const expired = await policy(`${Key}-late`, -1);
      const late = await post(expired, png);
      expect([late.status, await late.text()]).toEqual([403, expect.stringContaining('Policy expired')]);
      expect(await Promise.all([exists(Key), exists(`${Key}.html`), exists(`${Key}-late`)])).toEqual([
        false,
        false,
        false,
      ]);
    });
  });
});
