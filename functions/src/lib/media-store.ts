/**
 * The media bucket (UPLOAD_BUCKET) as the media pipeline uses it: presigned POSTs with a policy,
 * reads of what was uploaded (size, type, GuardDuty's scan tag, the bytes), writes of processed
 * files, presigned GETs of private files, deletions by key or by prefix.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import contentDisposition from 'content-disposition';
import { s3 } from './aws/s3.ts';
import { env } from './env.ts';

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export interface StoredObject {
  size: number;
  contentType: string | null;
}

export interface MediaStore {
  /** A POST form for exactly `key`, exactly `contentType`, a size in [min, max], for `expiresIn` s. */
  presignedPost(
    key: string,
    contentType: string,
    bytes: { min: number; max: number },
    expiresIn: number,
  ): Promise<PresignedPost>;
  stat(key: string): Promise<StoredObject | null>;
  /** The object's tags (GuardDuty writes `GuardDutyMalwareScanStatus`). */
  tags(key: string): Promise<Record<string, string>>;
  /** The bytes, or the first `length` of them. */
  read(key: string, length?: number): Promise<Uint8Array>;
  write(key: string, body: Uint8Array, meta: ObjectMeta): Promise<void>;
  copy(from: string, to: string, meta: ObjectMeta): Promise<void>;
  /**
   * A presigned GET. `fileName` names the saved file (an attachment's `filename*`); `signedAt` is
   * the signature's time (the injected clock's now: the URL lives `expiresIn` from it).
   */
  downloadUrl(
    key: string,
    expiresIn: number,
    response: {
      contentType: string;
      disposition: 'inline' | 'attachment';
      fileName?: string | undefined;
      signedAt?: Date | undefined;
    },
  ): Promise<string>;
  delete(key: string): Promise<void>;
  /** Deletes every object under `prefix`; returns how many went. */
  deletePrefix(prefix: string): Promise<number>;
}

export interface ObjectMeta {
  contentType: string;
  cacheControl?: string;
  contentDisposition?: string;
}

/**
 * A presigned GET of the bucket, served through the site: the distribution's `/private/*`
 * behaviour (the local cloud's `/private/` route) passes the path and the signed query to S3
 * unchanged with the bucket's own host, so S3 checks the signature as minted; the response gets
 * the site's security headers (`X-Content-Type-Options: nosniff`), which S3 cannot send itself.
 * In path style (local) the bucket's name leaves the path.
 */
export function throughSite(presigned: string, bucket: string): string {
  const url = new URL(presigned);
  const path = env().S3_FORCE_PATH_STYLE ? url.pathname.replace(`/${bucket}/`, '/') : url.pathname;
  return `${env().SITE_URL.replace(/\/$/, '')}${path}${url.search}`;
}

function notFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

export function s3MediaStore(): MediaStore {
  const Bucket = env().UPLOAD_BUCKET;
  const client = () => s3();
  return {
    async presignedPost(Key, contentType, bytes, Expires) {
      const post = await createPresignedPost(client(), {
        Bucket,
        Key,
        Conditions: [
          ['eq', '$key', Key],
          ['eq', '$Content-Type', contentType],
          ['content-length-range', bytes.min, bytes.max],
        ],
        Fields: { 'Content-Type': contentType },
        Expires,
      });
      return { url: post.url, fields: post.fields };
    },
    async stat(Key) {
      try {
        const head = await client().send(new HeadObjectCommand({ Bucket, Key }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? null };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async tags(Key) {
      const out = await client().send(new GetObjectTaggingCommand({ Bucket, Key }));
      return Object.fromEntries((out.TagSet ?? []).map((t) => [t.Key ?? '', t.Value ?? '']));
    },
    async read(Key, length) {
      const out = await client().send(
        new GetObjectCommand({ Bucket, Key, ...(length ? { Range: `bytes=0-${length - 1}` } : {}) }),
      );
      return out.Body ? out.Body.transformToByteArray() : new Uint8Array();
    },
    async write(Key, Body, meta) {
      await client().send(
        new PutObjectCommand({
          Bucket,
          Key,
          Body,
          ContentType: meta.contentType,
          CacheControl: meta.cacheControl,
          ContentDisposition: meta.contentDisposition,
        }),
      );
    },
    async copy(from, Key, meta) {
      await client().send(
        new CopyObjectCommand({
          Bucket,
          Key,
          CopySource: `${Bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
          MetadataDirective: 'REPLACE',
          ContentType: meta.contentType,
          CacheControl: meta.cacheControl,
          ContentDisposition: meta.contentDisposition,
        }),
      );
    },
    downloadUrl: async (Key, expiresIn, response) =>
      throughSite(
        await getSignedUrl(
          client(),
          new GetObjectCommand({
            Bucket,
            Key,
            ResponseContentType: response.contentType,
            ResponseContentDisposition: response.fileName
              ? contentDisposition(response.fileName, { type: response.disposition })
              : response.disposition,
          }),
          { expiresIn, ...(response.signedAt ? { signingDate: response.signedAt } : {}) },
        ),
        Bucket,
      ),
    async delete(Key) {
      await client().send(new DeleteObjectCommand({ Bucket, Key }));
    },
    async deletePrefix(Prefix) {
      let count = 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await client().send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length > 0) {
          await client().send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
          count += keys.length;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return count;
    },
  };
}
