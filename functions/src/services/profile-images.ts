/**
 * A profile's two public pictures, avatar and background (mypage-edit), on the media pipeline:
 *  1. `POST /mypage/profile/upload-url {kind, content_type}`: a presigned POST for
 *     `uploads/<avatar|background>/<me>-<uuid>.<ext>`.
 *  2. `POST /mypage/profile/image {kind, upload_key}`: the upload is checked and re-encoded (EXIF
 *     and GPS removed, orientation applied) into `media/<folder>/<me>-<id>/{full,thumb}.webp`; the
 *     profile (and the creator's directory entry, in the same transaction) points at `full.webp`;
 *     then the previous picture's objects and the upload are deleted. `upload_key: null` removes
 *     the picture.
 * Operators remove a picture with `removeProfileImageByOperator`, which also tells the person
 * (notice `profile_image_deleted` / `background_image_deleted`); the console's audit entry is an
 * item of the removal's transaction.
 */
import { type MediaPurpose, mediaConfig, mediaPurposes } from '@app/shared/media';
import type { MypageResponse, ProfileImageKind } from '@app/shared/schemas/mypage';
import { V } from '@app/shared/validation';
import type { ProfileItem } from '../lib/auth.ts';
import { timeId } from '../lib/crypto.ts';
import { AppError, fieldError } from '../lib/errors.ts';
import { processUpload } from './media/check.ts';
import { deletePicture } from './media/cleanup.ts';
import { discardUpload, type MediaDeps, type UploadTarget, uploadTarget } from './media/pipeline.ts';
import { getMypage, type MypageDeps } from './mypage.ts';
import { writeNotices } from './notices.ts';
import type { TxEntities, TxItems } from './points/ledger.ts';
import { directoryCommits } from './social/directory.ts';

export type ProfileImageDeps = MypageDeps & MediaDeps;

const PURPOSE: Record<ProfileImageKind, MediaPurpose> = {
  avatar: mediaPurposes.avatar,
  background: mediaPurposes.background,
};
const FIELD = { avatar: 'profileImage', background: 'backgroundImage' } as const;
const NOTICE = { avatar: 'profile_image_deleted', background: 'background_image_deleted' } as const;

/** Attempts when a concurrent change of the same picture cancels the write. */
const ATTEMPTS = 3;

export function profileUploadUrl(
  deps: MediaDeps,
  me: string,
  kind: ProfileImageKind,
  contentType: string,
): Promise<UploadTarget> {
  return uploadTarget(deps, PURPOSE[kind], contentType, me);
}

/** Items written with an operator's removal of a picture or not at all, given the key removed. */
export type PictureRemovalExtra = (tx: TxEntities, removed: string) => TxItems;

/**
 * Points the profile's picture of `kind` at `key` (null: none), with the directory entry in the
 * same transaction, conditioned on the picture being what was read; answers the key it replaced.
 * `extra` adds its items when there was a picture to replace.
 */
async function replacePicture(
  deps: ProfileImageDeps,
  profileId: string,
  kind: ProfileImageKind,
  key: string | null,
  extra?: PictureRemovalExtra,
): Promise<{ previous: string | null }> {
  const field = FIELD[kind];
  for (let attempt = 1; ; attempt++) {
    const { data: current } = await deps.db.entities.profile.get({ profileId }).go({ consistent: true });
    if (!current) throw new AppError('profile_not_found');
    const previous = current[field] ?? null;
    const now = deps.clock.now().toISOString();
    const after = { ...current, [field]: key ?? undefined, updatedAt: now };
    const result = await deps.db.transaction
      .write((tx) => [
        (key
          ? tx.profile.patch({ profileId }).set({ [field]: key, updatedAt: now })
          : tx.profile.patch({ profileId }).set({ updatedAt: now }).remove([field])
        )
          .where((attr, op) => (previous ? op.eq(attr[field], previous) : op.notExists(attr[field])))
          .commit(),
        ...directoryCommits(tx, after, now),
        ...(extra && previous ? extra(tx, previous) : []),
      ])
      .go();
    if (!result.canceled) return { previous };
    if (attempt >= ATTEMPTS) throw new AppError('too_many_requests', 'profile picture kept changing');
  }
}

export async function setProfileImage(
  deps: ProfileImageDeps,
  caller: ProfileItem,
  kind: ProfileImageKind,
  uploadKey: string | null,
): Promise<MypageResponse> {
  const me = caller.profileId;
  let stored: string | null = null;
  let folder: string | null = null;
  if (uploadKey !== null) {
    const purpose = PURPOSE[kind];
    // Only the caller's own upload for this kind.
    if (!uploadKey.startsWith(`${mediaConfig.prefixes.uploads}${purpose.folder}/${me}-`)) {
      throw fieldError('upload_key', V.chatFile);
    }
    const processed = await processUpload(deps, purpose, uploadKey, me, 'upload_key');
    stored = processed.key;
    folder = processed.folder;
  }
  let previous: string | null;
  try {
    ({ previous } = await replacePicture(deps, me, kind, stored));
  } catch (error) {
    if (folder) await deps.media.deletePrefix(folder).catch(() => undefined);
    throw error;
  }
  await Promise.all([
    deletePicture(deps, previous),
    uploadKey ? discardUpload(deps, uploadKey).catch(() => undefined) : undefined,
  ]);
  return getMypage(deps, me);
}

/**
 * Operators: removes a profile's avatar or background (terms violation) — objects, profile field,
 * directory snapshot, with `extra`'s items — and tells the person with a notice. Removing what is
 * not there does nothing (and writes no `extra`).
 */
export async function removeProfileImageByOperator(
  deps: ProfileImageDeps,
  profileId: string,
  kind: ProfileImageKind,
  extra?: PictureRemovalExtra,
): Promise<{ removed: boolean }> {
  const { previous } = await replacePicture(deps, profileId, kind, null, extra);
  if (!previous) return { removed: false };
  await deletePicture(deps, previous);
  const at = deps.clock.now();
  await writeNotices(deps.db, [
    {
      to: profileId,
      noticeId: timeId(at),
      kind: NOTICE[kind],
      params: {},
      createdAt: at.toISOString(),
    },
  ]);
  return { removed: true };
}
