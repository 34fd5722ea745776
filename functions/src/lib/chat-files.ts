/** Chat files in the uploads bucket: presigned PUT and GET URLs, and what was uploaded under a key. */
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3 } from './aws/s3.ts';
import { env } from './env.ts';

export interface ChatFiles {
  uploadUrl(key: string, contentType: string, expiresIn: number): Promise<string>;
  downloadUrl(key: string, expiresIn: number): Promise<string>;
  /** The uploaded object's size and type, or null when nothing was uploaded under the key. */
  stat(key: string): Promise<{ size: number; contentType: string | null } | null>;
}

export function s3ChatFiles(): ChatFiles {
  const Bucket = env().UPLOAD_BUCKET;
  return {
    uploadUrl: (Key, ContentType, expiresIn) =>
      getSignedUrl(s3(), new PutObjectCommand({ Bucket, Key, ContentType }), { expiresIn }),
    downloadUrl: (Key, expiresIn) => getSignedUrl(s3(), new GetObjectCommand({ Bucket, Key }), { expiresIn }),
    async stat(Key) {
      try {
        const head = await s3().send(new HeadObjectCommand({ Bucket, Key }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? null };
      } catch (error) {
        const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
  };
}
