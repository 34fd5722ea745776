/**
 * The media pipeline (docs/architecture.md "Media"), used by every feature that takes a file:
 *  1. `uploadTarget`: a server-chosen key under `uploads/<folder>/`, and a presigned POST whose
 *     policy fixes that key, the Content-Type and the purpose's size range, for a few minutes.
 *  2. `processUpload` (check.ts: only the bundles that check uploads carry file-type and sharp), before the upload is used: in AWS, GuardDuty's scan tag must say
 *     NO_THREATS_FOUND; the size must fit; the type read from the bytes must be the declared one;
 *     images must fit the purpose's dimensions and are re-encoded with sharp into its derivatives
 *     (metadata, EXIF and GPS dropped, orientation applied); videos and ZIPs are copied as they
 *     are. The results go under `media/` (public) or `private/`, under a fresh id: no client can
 *     write there, so nothing served can be swapped after the check.
 *  3. The caller commits its record, then `discardUpload` deletes the upload object.
 */
import { randomUUID } from 'node:crypto';
import { type MediaPurpose, mediaConfig } from '@app/shared/media';
import { V } from '@app/shared/validation';
import { fieldError } from '../../lib/errors.ts';
import type { MediaStore } from '../../lib/media-store.ts';

export interface MediaDeps {
  media: MediaStore;
  /** `guardduty`: refuse an upload GuardDuty has not tagged as clean. */
  scan: 'guardduty' | 'none';
}

export interface UploadTarget {
  key: string;
  url: string;
  fields: Record<string, string>;
  expires_in: number;
  max_bytes: number;
}

/** `uploads/<folder>/<owner path>/<ownerId>-<uuid>.<ext>` and a POST form for exactly it. */
export async function uploadTarget(
  deps: MediaDeps,
  purpose: MediaPurpose,
  contentType: string,
  ownerPath: string,
): Promise<UploadTarget> {
  const ext = purpose.types[contentType];
  if (!ext) throw fieldError('content_type', V.mediaType);
  const key = `${mediaConfig.prefixes.uploads}${purpose.folder}/${ownerPath}-${randomUUID()}.${ext}`;
  const post = await deps.media.presignedPost(
    key,
    contentType,
    { min: purpose.minBytes, max: purpose.maxBytes },
    mediaConfig.uploadSeconds,
  );
  return { key, ...post, expires_in: mediaConfig.uploadSeconds, max_bytes: purpose.maxBytes };
}

export interface ProcessedMedia {
  /** The key a record points at (the first derivative of an image, the copy of a video or ZIP). */
  key: string;
  /** The folder of everything made from this upload (deleted together). */
  folder: string;
  contentType: string;
  size: number;
}

/** The Content-Type of a processed key, from its extension. */
export function contentTypeOfKey(key: string): string {
  const ext = key.split('.').pop()?.toLowerCase() ?? '';
  return KEY_TYPES[ext] ?? 'application/octet-stream';
}
const KEY_TYPES: Record<string, string> = {
  webp: 'image/webp',
  // Chat files stored before the pipeline (`chat/<room>/<sender>-<uuid>.<ext>`, unchecked bytes):
  // served as the picture or video type their key names, never as what they were uploaded as.
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  zip: 'application/zip',
};

/** Files that a browser shows inline; anything else is served as a download. */
export const dispositionOf = (contentType: string): 'inline' | 'attachment' =>
  /^(image|video)\//.test(contentType) ? 'inline' : 'attachment';

/** After the record that uses it is committed: the upload is not needed any more. */
export async function discardUpload(deps: MediaDeps, uploadKey: string): Promise<void> {
  await deps.media.delete(uploadKey);
}

/**
 * A presigned GET of a private file, minted by a caller that checked access. With `download`, the
 * browser saves it under that file name (`Content-Disposition: attachment`); `signedAt` is the
 * caller's clock (the URL lives `expiresIn` seconds from it).
 */
export function privateUrl(
  deps: MediaDeps,
  key: string,
  expiresIn: number = mediaConfig.privateUrlSeconds,
  options: { download?: string; signedAt?: Date; contentType?: string } = {},
): Promise<string> {
  const contentType = options.contentType ?? contentTypeOfKey(key);
  return deps.media.downloadUrl(key, expiresIn, {
    contentType,
    disposition: options.download !== undefined ? 'attachment' : dispositionOf(contentType),
    fileName: options.download,
    signedAt: options.signedAt,
  });
}

/**
 * The URL of a public file (`media/…`): CloudFront serves the bucket's `media/*` on the site's own
 * host (infra/src/site-stack.ts), and the local site server does the same. Null for no key.
 */
export function publicUrl(siteUrl: string, key: string | null | undefined): string | null {
  if (!key) return null;
  if (!key.startsWith(mediaConfig.prefixes.public)) throw new Error(`Not a public media key: ${key}`);
  return new URL(`/${key}`, siteUrl).toString();
}
