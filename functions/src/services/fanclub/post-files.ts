/**
 * The stream consumer of PostFileRemoval markers (streams/fanclub-post-files): deletes the media
 * prefixes a post's delete or edit dropped. Only prefixes of that creator's post folders are
 * deleted (`private/<post-image|post-video>/<creatorId>/…`); deleting what is already gone changes
 * nothing, so a record handled twice is harmless. The marker expires by TTL.
 */
import { mediaConfig, mediaPurposes } from '@app/shared/media';
import { PROFILE_ID_RE } from '@app/shared/validation';
import { logger } from '../../lib/logger.ts';
import type { StreamRecord } from '../../lib/stream.ts';
import type { MediaDeps } from '../media/pipeline.ts';

const FOLDERS = [mediaPurposes.postImage.folder, mediaPurposes.postVideo.folder];

/** A prefix of `creatorId`'s post files: its folder, then at least a post id's start. */
export function isPostFilePrefix(prefix: string, creatorId: string): boolean {
  return FOLDERS.some((folder) => {
    const root = `${mediaConfig.prefixes.private}${folder}/${creatorId}/`;
    return (
      prefix.startsWith(root) && /^[0-9A-HJKMNP-TV-Z]{26}-[A-Za-z0-9/_-]*$/.test(prefix.slice(root.length))
    );
  });
}

export async function deletePostFiles(deps: Pick<MediaDeps, 'media'>, record: StreamRecord): Promise<void> {
  const { creatorId, prefixes } = record.image;
  if (typeof creatorId !== 'string' || !PROFILE_ID_RE.test(creatorId) || !Array.isArray(prefixes)) return;
  for (const prefix of prefixes) {
    if (typeof prefix === 'string' && isPostFilePrefix(prefix, creatorId))
      await deps.media.deletePrefix(prefix);
    else logger.warn('post file prefix refused', { prefix, creatorId });
  }
}
