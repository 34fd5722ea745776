/**
 * The media pipeline (docs/architecture.md "Media"), used by every feature that takes a file:
 *  1. `uploadTarget`: a server-chosen key under `uploads/<folder>/`, and a presigned POST whose
 *     policy fixes that key, the Content-Type and the purpose's size range, for a few minutes.
 *  2. `processUpload`, before the upload is used: in AWS, GuardDuty's scan tag must say
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
import { AppError, fieldError } from '../../lib/errors.ts';
import type { MediaStore } from '../../lib/media-store.ts';

export interface MediaDeps {
  media: MediaStore;
  /** `guardduty`: refuse an upload GuardDuty has not tagged as clean. */
  scan: 'guardduty' | 'none';
}

/** GuardDuty Malware Protection for S3 tags each scanned object with this key. */
export const SCAN_TAG = 'GuardDutyMalwareScanStatus';
export const SCAN_CLEAN = 'NO_THREATS_FOUND';

/** Bytes `file-type` needs to tell every accepted type. */
const SNIFF_BYTES = 4100;

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
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  zip: 'application/zip',
};

/** Files that a browser shows inline; anything else is served as a download. */
export const dispositionOf = (contentType: string): 'inline' | 'attachment' =>
  /^(image|video)\//.test(contentType) ? 'inline' : 'attachment';

/** The upload's declared type (the POST policy fixed it) from its key's extension. */
function declaredType(purpose: MediaPurpose, uploadKey: string): string | null {
  const ext = uploadKey.split('.').pop() ?? '';
  return Object.entries(purpose.types).find(([, e]) => e === ext)?.[0] ?? null;
}

/**
 * Checks an upload and writes what is served from it under `<media|private>/<folder>/<ownerPath>-<id>/`.
 * Refusals are 422s on `field` (nothing written); a scan still under way is 409 `media_scanning`.
 */
export async function processUpload(
  deps: MediaDeps,
  purpose: MediaPurpose,
  uploadKey: string,
  ownerPath: string,
  field = 'file',
): Promise<ProcessedMedia> {
  const declared = declaredType(purpose, uploadKey);
  if (!declared) throw fieldError(field, V.mediaType);
  const stat = await deps.media.stat(uploadKey);
  if (!stat) throw fieldError(field, V.chatFile);
  if (stat.size < purpose.minBytes || stat.size > purpose.maxBytes) throw fieldError(field, V.mediaSize);
  if (deps.scan === 'guardduty') {
    const status = (await deps.media.tags(uploadKey))[SCAN_TAG];
    if (status === undefined) throw new AppError('media_scanning');
    if (status !== SCAN_CLEAN) throw fieldError(field, V.mediaUnsafe);
  }
  const { fileTypeFromBuffer } = await import('file-type');
  const head = await deps.media.read(uploadKey, purpose.kind === 'image' ? undefined : SNIFF_BYTES);
  const sniffed = (await fileTypeFromBuffer(head))?.mime;
  if (sniffed !== declared) throw fieldError(field, V.mediaType);

  const root = purpose.visibility === 'public' ? mediaConfig.prefixes.public : mediaConfig.prefixes.private;
  const folder = `${root}${purpose.folder}/${ownerPath}-${randomUUID()}/`;
  const cacheControl =
    purpose.visibility === 'public'
      ? `public, max-age=${mediaConfig.publicCacheSeconds}, immutable`
      : 'private, no-store';

  if (purpose.kind !== 'image') {
    const key = `${folder}original.${purpose.types[declared]}`;
    await deps.media.copy(uploadKey, key, {
      contentType: declared,
      cacheControl,
      contentDisposition: dispositionOf(declared),
    });
    return { key, folder, contentType: declared, size: stat.size };
  }

  const derivatives = await encodeImage(purpose, head, field);
  await Promise.all(
    derivatives.map((d) =>
      deps.media.write(`${folder}${d.name}.webp`, d.bytes, { contentType: 'image/webp', cacheControl }),
    ),
  );
  const first = derivatives[0] as (typeof derivatives)[number];
  return { key: `${folder}${first.name}.webp`, folder, contentType: 'image/webp', size: first.bytes.length };
}

/** The purpose's derivatives as WebP: orientation applied, metadata (EXIF, GPS, ICC) dropped. */
export async function encodeImage(purpose: MediaPurpose, bytes: Uint8Array, field = 'file') {
  const { default: sharp } = await import('sharp');
  const max = purpose.maxDimension ?? Number.MAX_SAFE_INTEGER;
  const options = { animated: true, limitInputPixels: max * max, failOn: 'error' as const };
  let meta: {
    width?: number;
    height?: number;
    pageHeight?: number;
    autoOrient?: { width: number; height: number };
  };
  try {
    meta = await sharp(bytes, options).metadata();
  } catch {
    throw fieldError(field, V.mediaType);
  }
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.pageHeight ?? meta.height ?? 0;
  if (
    width < (purpose.minDimension ?? 1) ||
    height < (purpose.minDimension ?? 1) ||
    width > max ||
    height > max
  ) {
    throw fieldError(field, V.mediaDimensions);
  }
  try {
    return await Promise.all(
      (purpose.derivatives ?? []).map(async (d) => ({
        name: d.name,
        bytes: new Uint8Array(
          await sharp(bytes, options)
            .autoOrient()
            .resize({ width: d.width, height: d.height, fit: d.fit, withoutEnlargement: true })
            .webp({ quality: mediaConfig.webpQuality })
            .toBuffer(),
        ),
      })),
    );
  } catch {
    throw fieldError(field, V.mediaType);
  }
}

/** After the record that uses it is committed: the upload is not needed any more. */
export async function discardUpload(deps: MediaDeps, uploadKey: string): Promise<void> {
  await deps.media.delete(uploadKey);
}

/** A presigned GET of a private file, minted by a caller that checked access. */
export function privateUrl(
  deps: MediaDeps,
  key: string,
  expiresIn: number = mediaConfig.privateUrlSeconds,
): Promise<string> {
  const contentType = contentTypeOfKey(key);
  return deps.media.downloadUrl(key, expiresIn, {
    contentType,
    disposition: dispositionOf(contentType),
  });
}
