/**
 * The check step of the media pipeline (pipeline.ts, step 2): what an upload must be before it is
 * used, and what is made of it. file-type and sharp are loaded on first use, so only the bundles
 * that check uploads carry them (sharp is native: scripts/build-functions.ts ships it beside them).
 */
import { randomUUID } from 'node:crypto';
import { type MediaPurpose, mediaConfig } from '@app/shared/media';
import { V } from '@app/shared/validation';
import { AppError, fieldError } from '../../lib/errors.ts';
import { dispositionOf, type MediaDeps, type ProcessedMedia } from './pipeline.ts';

/** Bytes `file-type` needs to tell every accepted type. */
const SNIFF_BYTES = 4100;

/** GuardDuty Malware Protection for S3 tags each scanned object with this key. */
export const SCAN_TAG = 'GuardDutyMalwareScanStatus';
export const SCAN_CLEAN = 'NO_THREATS_FOUND';

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
