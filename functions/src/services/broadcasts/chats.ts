/**
 * A broadcast's chats on the media pipeline (scheduled and trigger broadcasts alike): the form's
 * file chats name either the creator's own new upload (`uploads/broadcast-photo|broadcast-video/
 * <me>/<me>-…`, from `POST /broadcasting/upload-url`) or a processed key the same broadcast holds
 * already. New uploads are checked and processed before the write into
 * `private/<folder>/<me>/<broadcastId>-<uuid>/`; the chat keeps the processed key. Any other key is
 * refused on its chat's field.
 */
import { mediaConfig, mediaPurposes } from '@app/shared/media';
import {
  BROADCAST_FILE_RE,
  type BroadcastChatInput,
  type BroadcastChatView,
  type BroadcastUploadPurpose,
  broadcastPurposeOf,
  broadcastUploadPurposes,
} from '@app/shared/schemas/broadcasts';
import type { UploadUrlView } from '@app/shared/schemas/uploads';
import { V } from '@app/shared/validation';
import type { ProfileItem } from '../../lib/auth.ts';
import { fieldError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { processUpload } from '../media/check.ts';
import { deleteItemFolders } from '../media/cleanup.ts';
import {
  discardUpload,
  type MediaDeps,
  type ProcessedMedia,
  privateUrl,
  uploadTarget,
} from '../media/pipeline.ts';
import type { BroadcastChat } from './delivery.ts';

/** Where a creator's uploads go: `uploads/<folder>/<me>/<me>-<uuid>.<ext>`. */
const uploadOwnerPath = (me: string) => `${me}/${me}`;
/** Where a broadcast's processed files go: `private/<folder>/<me>/<broadcastId>-<uuid>/`. */
const fileOwnerPath = (me: string, broadcastId: string) => `${me}/${broadcastId}`;
export const folderOfKey = (key: string) => key.slice(0, key.lastIndexOf('/') + 1);

/** Every processed file of a broadcast, as key prefixes (a deleted reserve's clean-up). */
export const broadcastFilePrefixes = (creatorId: string, broadcastId: string) =>
  broadcastUploadPurposes.map(
    (p) =>
      `${mediaConfig.prefixes.private}${mediaPurposes[p].folder}/${fileOwnerPath(creatorId, broadcastId)}-`,
  );

/** `POST /broadcasting/upload-url`: a presigned POST for a photo or a video of a broadcast's chat. */
export function broadcastUploadUrl(
  deps: MediaDeps,
  me: ProfileItem,
  contentType: string,
): Promise<UploadUrlView> {
  const purpose = broadcastPurposeOf(contentType);
  if (!purpose) throw fieldError('content_type', V.mediaType);
  return uploadTarget(deps, mediaPurposes[purpose], contentType, uploadOwnerPath(me.profileId));
}

export interface ResolvedChats {
  chats: BroadcastChat[];
  /** What this request processed (deleted again if the write does not commit). */
  processed: ProcessedMedia[];
  /** The uploads used (discarded after the commit). */
  uploads: string[];
}

/** The purpose of a new upload of this creator, or null (someone else's, or not an upload). */
function uploadPurposeOf(me: string, ref: string): BroadcastUploadPurpose | null {
  return (
    broadcastUploadPurposes.find((p) =>
      ref.startsWith(`${mediaConfig.prefixes.uploads}${mediaPurposes[p].folder}/${uploadOwnerPath(me)}-`),
    ) ?? null
  );
}

/**
 * The chats to store: messages as they are, files as processed keys. `held` are the files the
 * broadcast holds now (an edit may keep them). On any refusal what was processed is deleted.
 */
export async function resolveChats(
  deps: MediaDeps,
  me: string,
  broadcastId: string,
  input: readonly BroadcastChatInput[],
  held: readonly BroadcastChat[],
): Promise<ResolvedChats> {
  const heldKeys = new Set(held.flatMap((c) => (c.file ? [c.file] : [])));
  const seen = new Set<string>();
  const fresh: { index: number; ref: string; purpose: BroadcastUploadPurpose }[] = [];
  input.forEach((chat, index) => {
    if (chat.kind !== 'file' || chat.file === null) return;
    const ref = chat.file;
    const path = `chats.${index}.file`;
    if (seen.has(ref)) throw fieldError(path, V.broadcastFile);
    seen.add(ref);
    if (BROADCAST_FILE_RE.test(ref)) {
      if (!heldKeys.has(ref)) throw fieldError(path, V.broadcastFile);
      return;
    }
    const purpose = uploadPurposeOf(me, ref);
    if (!purpose) throw fieldError(path, V.broadcastFile);
    fresh.push({ index, ref, purpose });
  });
  const results = await Promise.allSettled(
    fresh.map((f) =>
      processUpload(
        deps,
        mediaPurposes[f.purpose],
        f.ref,
        fileOwnerPath(me, broadcastId),
        `chats.${f.index}.file`,
      ),
    ),
  );
  const processed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const refused = results.find((r) => r.status === 'rejected');
  if (refused) {
    await deleteItemFolders(
      deps,
      processed.map((p) => p.folder),
    );
    throw refused.reason;
  }
  const made = new Map(fresh.map((f, i) => [f.ref, (processed[i] as ProcessedMedia).key]));
  return {
    chats: input.map(
      (c): BroadcastChat =>
        c.kind === 'text'
          ? { kind: 'text', text: c.text }
          : { kind: 'file', file: made.get(c.file as string) ?? (c.file as string) },
    ),
    processed,
    uploads: fresh.map((f) => f.ref),
  };
}

/** After a commit: the uploads are not needed any more (a failure leaves a file the bucket's rule expires). */
export async function discardUploads(deps: MediaDeps, uploads: readonly string[]): Promise<void> {
  await Promise.all(uploads.map((u) => discardUpload(deps, u).catch(() => undefined)));
}

/** Deletes files a reserve no longer holds (after the commit); a failure only logs. */
export async function deleteFiles(deps: MediaDeps, prefixes: readonly string[]): Promise<void> {
  await Promise.all(
    prefixes.map((prefix) =>
      deps.media.deletePrefix(prefix).catch((error: unknown) => {
        logger.warn('broadcast files not deleted', { prefix, error: (error as Error).message });
      }),
    ),
  );
}

/** Folders of the files `before` held that `after` does not. */
export function droppedFolders(before: readonly BroadcastChat[], after: readonly BroadcastChat[]): string[] {
  const kept = new Set(after.flatMap((c) => (c.file ? [c.file] : [])));
  return before.flatMap((c) => (c.file && !kept.has(c.file) ? [folderOfKey(c.file)] : []));
}

/** The chats as the creator sees them, a file with a presigned GET for the preview. */
export function chatViewsOf(deps: MediaDeps, chats: readonly BroadcastChat[]): Promise<BroadcastChatView[]> {
  const video = `/${mediaPurposes.broadcastVideo.folder}/`;
  return Promise.all(
    chats.map(async (c) =>
      c.kind === 'file' && c.file
        ? {
            kind: 'file' as const,
            text: null,
            file: c.file,
            file_url: await privateUrl(deps, c.file),
            file_type: c.file.includes(video) ? ('video' as const) : ('image' as const),
          }
        : { kind: 'text' as const, text: c.text ?? '', file: null, file_url: null, file_type: null },
    ),
  );
}
