/**
 * Deleting what the pipeline stored, from the table's stream (manifest `streamConsumers`):
 * - a chat message deleted by its sender (`deleted` set, the item keeps its `file` key): the
 *   folder of that file (every derivative);
 * - a chat room closed (only leaving closes a room, and a closed room never opens again): every
 *   file of the room, processed or still uploading.
 * Deleting what is already gone changes nothing, so a record handled twice is harmless. A
 * deleted object's presigned GET URLs answer 404 from then on (403 once they expire).
 */
import { mediaConfig, mediaPurposes } from '@app/shared/media';
import { CHATROOM_ID_RE } from '@app/shared/validation';
import type { ProfileItem } from '../../lib/auth.ts';
import { logger } from '../../lib/logger.ts';
import type { StreamRecord } from '../../lib/stream.ts';
import type { MediaDeps } from './pipeline.ts';

type Deps = Pick<MediaDeps, 'media'>;

const CHAT_FOLDERS = [mediaPurposes.chatPhoto.folder, mediaPurposes.chatVideo.folder];
const ITEM_FOLDERS = (['itemThumbnail', 'itemImage', 'itemZip', 'itemVideo', 'sample'] as const)
  .map((n) => mediaPurposes[n].folder)
  .join('|');
const { prefixes } = mediaConfig;

/** The processed folder of a chat file key (`private/chat-…/<room>/<sender>-<id>/`), or null. */
export function chatFileFolder(key: string): string | null {
  const m = /^(private\/(chat-photo|chat-video)\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\/)[^/]+$/.exec(key);
  return m?.[1] ?? null;
}

/** A chat file stored before the pipeline: `chat/<room>/<sender>-<uuid>.<ext>` (deleted by its key). */
export const LEGACY_CHAT_FILE_RE = /^chat\/[A-Za-z0-9_-]{3,140}\/[A-Za-z0-9_-]{1,80}\.[A-Za-z0-9]{1,8}$/;

export async function deleteMessageFiles(deps: Deps, record: StreamRecord): Promise<void> {
  const file = record.image.file;
  if (typeof file !== 'string' || !record.image.deleted) return;
  const folder = chatFileFolder(file);
  if (folder) await deps.media.deletePrefix(folder);
  else if (LEGACY_CHAT_FILE_RE.test(file)) await deps.media.delete(file);
}

export async function deleteRoomFiles(deps: Deps, record: StreamRecord): Promise<void> {
  const room = record.image.chatroomId;
  if (typeof room !== 'string' || !CHATROOM_ID_RE.test(room) || record.image.status !== 'closed') return;
  await Promise.all([
    ...CHAT_FOLDERS.flatMap((folder) => [
      deps.media.deletePrefix(`${prefixes.private}${folder}/${room}/`),
      deps.media.deletePrefix(`${prefixes.uploads}${folder}/${room}/`),
    ]),
    // Files stored before the pipeline.
    deps.media.deletePrefix(`chat/${room}/`),
  ]);
}

/**
 * The processed folder of a stored public picture (`media/<avatar|background|logo|stamp>/<owner>-<id>/`:
 * a profile's pictures, an organization's logo, a stamp's picture), or null.
 */
export function pictureFolder(key: string | null | undefined): string | null {
  if (!key) return null;
  const folders = [
    mediaPurposes.avatar,
    mediaPurposes.background,
    mediaPurposes.logo,
    mediaPurposes.banner,
    mediaPurposes.stamp,
  ]
    .map((p) => p.folder)
    .join('|');
  const m = new RegExp(`^(${prefixes.public}(?:${folders})/[A-Za-z0-9_-]+/)[a-z]+\\.webp$`).exec(key);
  return m?.[1] ?? null;
}

/** Deletes a replaced or removed profile picture's objects; a failure leaves unreferenced files only (logged). */
export async function deletePicture(deps: Deps, key: string | null | undefined): Promise<void> {
  const folder = pictureFolder(key);
  if (!folder) return;
  await deps.media.deletePrefix(folder).catch((error: unknown) => {
    logger.warn('profile picture not deleted', { folder, error: (error as Error).message });
  });
}

/** Leaving: both pictures' objects (public files nobody may see once the account is gone). */
export async function deleteProfilePictures(
  deps: Deps,
  profile: Pick<ProfileItem, 'profileImage' | 'backgroundImage'>,
): Promise<void> {
  await Promise.all([
    deletePicture(deps, profile.profileImage),
    deletePicture(deps, profile.backgroundImage),
  ]);
}

/** The processed folder of an item file key (`media|private/<item folder>/<owner path>/<name>`), or null. */
export function itemFileFolder(key: string): string | null {
  const m = new RegExp(
    `^((?:${prefixes.public}|${prefixes.private})(?:${ITEM_FOLDERS})/[A-Za-z0-9/_-]+/)[^/]+$`,
  ).exec(key);
  return m?.[1] ?? null;
}

/** Deletes item files' folders (replaced, removed by operators); a failure leaves unreferenced files only (logged). */
export async function deleteItemFolders(deps: Deps, folders: readonly (string | null)[]): Promise<void> {
  await Promise.all(
    folders.map((folder) =>
      folder
        ? deps.media.deletePrefix(folder).catch((error: unknown) => {
            logger.warn('item files not deleted', { folder, error: (error as Error).message });
          })
        : undefined,
    ),
  );
}
