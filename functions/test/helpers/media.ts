/** Media pipeline helpers: upload targets, POST forms, the bucket's objects, test images. */
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { inject } from 'vitest';
import type { Member } from './chat.ts';
import { api } from './cloud.ts';

export interface Target {
  key: string;
  url: string;
  fields: Record<string, string>;
}

/** `POST /chat/upload-url` for a type; fails the test unless it answers 200. */
export async function chatTarget(m: Member, chatroomId: string, contentType: string): Promise<Target> {
  const res = await api('/chat/upload-url', {
    token: m.token,
    body: { chatroom_id: chatroomId, content_type: contentType },
  });
  if (res.status !== 200) throw new Error(`upload-url: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Target;
}

/** POSTs a form as a browser does: the fields (with changes), then the file. */
export function postForm(target: Target, bytes: Uint8Array, change: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...target.fields, ...change })) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]));
  return fetch(target.url, { method: 'POST', body: form });
}

const client = () => {
  const env = inject('localEnv');
  return new S3Client({
    endpoint: inject('s3Endpoint'),
    region: env.AWS_REGION,
    credentials: {
      accessKeyId: env.AWS_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '',
    },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
};

/** Keys of the media bucket under a prefix. */
export async function keysUnder(prefix: string): Promise<string[]> {
  const out = await client().send(
    new ListObjectsV2Command({ Bucket: inject('localEnv').UPLOAD_BUCKET, Prefix: prefix }),
  );
  return (out.Contents ?? []).map((o) => o.Key ?? '');
}

export async function exists(key: string): Promise<boolean> {
  try {
    await client().send(new HeadObjectCommand({ Bucket: inject('localEnv').UPLOAD_BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  }
}

/**
 * A 40×20 JPEG taken "rotated" (EXIF orientation 6: shown 20×40), with a camera make and GPS
 * coordinates in its EXIF.
 */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'KinokoCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '35/1 40/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '139/1 45/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** True when EXIF bytes hold a GPS IFD pointer (tag 0x8825, either byte order). */
export const hasGpsIfd = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

export const png = (width = 24, height = 24, background = '#3a6') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** The start of an MP4 (an `ftyp` box): enough for the type check; videos are not re-encoded. */
export const mp4 = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2'),
    Buffer.alloc(256, 7),
  ]);

/** Writes an object of the media bucket directly (files an item holds once processed). */
export async function putObject(key: string, body: Uint8Array, contentType: string): Promise<void> {
  const { PutObjectCommand } = await import('@aws-sdk/client-s3');
  await client().send(
    new PutObjectCommand({
      Bucket: inject('localEnv').UPLOAD_BUCKET,
      Key: key,
      Body: body,
      ContentType: contentType,
    }),
  );
}
