/**
 * The media pipeline's one table of upload purposes (docs/architecture.md "Media"): for each kind
 * of file a feature takes, the content types it accepts (with the extension its keys get), the
 * size range, the image dimensions, whether the processed file is public (CloudFront, `media/`) or
 * private (presigned GET after an access check, `private/`), and the derivatives made of an image.
 * DECISIONS.md: images are JPEG, PNG or WebP up to 20 MB, re-encoded (EXIF and GPS removed,
 * orientation applied), avatar 512 px square, background 1600 px wide, plus smaller sizes. The
 * other figures are this table's own decisions; features read them from here, never as literals.
 */

const MB = 1024 * 1024;

/** Image types every image purpose accepts (chat also takes GIF). */
export const IMAGE_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
export const VIDEO_TYPES = { 'video/mp4': 'mp4', 'video/quicktime': 'mov' } as const;
const ZIP_TYPES = { 'application/zip': 'zip' } as const;
/** Chat photos: the image types and GIF. */
export const CHAT_PHOTO_TYPES = { ...IMAGE_TYPES, 'image/gif': 'gif' } as const;

export type MediaKind = 'image' | 'video' | 'zip';
export type MediaVisibility = 'public' | 'private';

/** An image made from an upload: fitted inside `width`×`height` (or cropped to it with `cover`). */
export interface Derivative {
  name: string;
  width: number;
  height: number;
  fit: 'inside' | 'cover';
}

export interface MediaPurpose {
  kind: MediaKind;
  /** The key folder of its uploads (`uploads/<folder>/…`) and processed files. */
  folder: string;
  /** Accepted Content-Types → the extension of the upload key. */
  types: Readonly<Record<string, string>>;
  minBytes: number;
  maxBytes: number;
  visibility: MediaVisibility;
  /** Images: the smallest and largest width and height accepted (pixels). */
  minDimension?: number;
  maxDimension?: number;
  /** Images: what is made of the upload; the first is the one a message or record points at. */
  derivatives?: readonly Derivative[];
}

const image = (
  folder: string,
  visibility: MediaVisibility,
  derivatives: readonly Derivative[],
  types: Readonly<Record<string, string>> = IMAGE_TYPES,
): MediaPurpose => ({
  kind: 'image',
  folder,
  types,
  minBytes: 1,
  maxBytes: 20 * MB,
  visibility,
  minDimension: 16,
  maxDimension: 10_000,
  derivatives,
});
const video = (folder: string, visibility: MediaVisibility, maxBytes: number): MediaPurpose => ({
  kind: 'video',
  folder,
  types: VIDEO_TYPES,
  minBytes: 1,
  maxBytes,
  visibility,
});
const inside = (name: string, size: number): Derivative => ({
  name,
  width: size,
  height: size,
  fit: 'inside',
});
const square = (name: string, size: number): Derivative => ({
  name,
  width: size,
  height: size,
  fit: 'cover',
});
/** A large view and a list thumbnail. */
const photo = [inside('full', 2048), inside('thumb', 480)] as const;

export const mediaPurposes = {
  avatar: image('avatar', 'public', [square('full', 512), square('thumb', 128)]),
  background: image('background', 'public', [
    { name: 'full', width: 1600, height: 1600, fit: 'inside' },
    inside('thumb', 800),
  ]),
  chatPhoto: image('chat-photo', 'private', [inside('full', 2048)], CHAT_PHOTO_TYPES),
  chatVideo: video('chat-video', 'private', 50 * MB),
  itemImage: image('item-image', 'private', photo),
  itemThumbnail: image('item-thumbnail', 'public', [inside('full', 1200), inside('thumb', 480)]),
  itemZip: {
    kind: 'zip',
    folder: 'item-zip',
    types: ZIP_TYPES,
    minBytes: 1,
    maxBytes: 1024 * MB,
    visibility: 'private',
  },
  itemVideo: video('item-video', 'private', 2048 * MB),
  sample: image('sample', 'public', photo),
  returnGiftPhoto: image('gift-photo', 'private', photo),
  returnGiftVideo: video('gift-video', 'private', 500 * MB),
  postImage: image('post-image', 'private', photo),
  postVideo: video('post-video', 'private', 500 * MB),
  broadcastPhoto: image('broadcast-photo', 'private', [inside('full', 2048)]),
  broadcastVideo: video('broadcast-video', 'private', 50 * MB),
  logo: image('logo', 'public', [square('full', 512), square('thumb', 128)]),
  // Console: news, the banner and points (issue 17): the home screen's campaign banner (3:1).
  banner: image('banner', 'public', [{ name: 'full', width: 1800, height: 600, fit: 'inside' }]),
  /** Console: a stamp's picture (helper catalog), public like the bundled ones. */
  stamp: image('stamp', 'public', [inside('full', 480)]),
} as const satisfies Record<string, MediaPurpose>;

export type MediaPurposeName = keyof typeof mediaPurposes;

export const mediaConfig = {
  /** How long a presigned POST policy may be used. */
  uploadSeconds: 10 * 60,
  /** How long a presigned GET of private media lives (DECISIONS.md: purchased content 5 minutes). */
  privateUrlSeconds: 5 * 60,
  /** Unfinished uploads (`uploads/`) are removed by the bucket's lifecycle rule after this. */
  uploadExpiryDays: 1,
  /** A deleted object's previous version (the bucket is versioned) is removed after this. */
  deletedVersionDays: 1,
  /** Cache lifetime of public media through CloudFront (keys are never rewritten). */
  publicCacheSeconds: 365 * 24 * 60 * 60,
  /** Quality of the WebP derivatives. */
  webpQuality: 82,
  /** Key prefixes: what clients write, what the pipeline writes (public, and private). */
  prefixes: { uploads: 'uploads/', public: 'media/', private: 'private/' },
} as const;

export const purposeOf = (name: MediaPurposeName): MediaPurpose => mediaPurposes[name];

/** Whole megabytes of a purpose's size limit, for messages. */
export const maxMegabytes = (p: MediaPurpose) => Math.floor(p.maxBytes / MB);
