/**
 * Chat files on the media pipeline (services/media/pipeline.ts): a member gets a presigned POST
 * for a key of their own under the room's folder (`uploads/chat-photo|chat-video/<room>/<me>-…`),
 * uploads, then sends that key with `POST /chat`. Before anything is paid the upload is checked
 * and processed into `private/…`; the message keeps the processed key, and readers get presigned
 * GET URLs of it with the messages (after the room's access check).
 */
import { businessConfig } from '@app/shared/config';
import { type MediaPurpose, mediaConfig, mediaPurposes } from '@app/shared/media';
import type { ChatFileType, MessageView, UploadUrlResponse } from '@app/shared/schemas/chat';
import { V } from '@app/shared/validation';
import type { ProfileItem } from '../../lib/auth.ts';
import { fieldError } from '../../lib/errors.ts';
import { processUpload } from '../media/check.ts';
import { type ProcessedMedia, privateUrl, uploadTarget } from '../media/pipeline.ts';
import { type ChatDeps, roomTarget } from './rooms.ts';

const C = businessConfig.chat;
const CHAT_PURPOSES = [mediaPurposes.chatPhoto, mediaPurposes.chatVideo] as const;

/** The chat purpose (photo or video) that takes this content type. */
export function chatPurposeOf(contentType: string): MediaPurpose | null {
  return CHAT_PURPOSES.find((p) => contentType in p.types) ?? null;
}

/**
 * `POST /chat/upload-url`: a key `uploads/chat-…/<room>/<me>-<uuid>.<ext>` and a POST form for it.
 * The room may not exist yet: a file can be the first message, which creates it.
 */
export async function uploadUrl(
  deps: ChatDeps,
  me: ProfileItem,
  chatroomId: string,
  contentType: ChatFileType,
): Promise<UploadUrlResponse> {
  await roomTarget(deps, me, chatroomId);
  const purpose = chatPurposeOf(contentType);
  if (!purpose) throw fieldError('content_type', V.chatFile);
  return uploadTarget(deps, purpose, contentType, `${chatroomId}/${me.profileId}`);
}

/**
 * A file may be sent only by its uploader, into its room: the upload is checked and processed
 * (nothing is paid yet). The caller deletes `folder` if the message is not stored after all.
 */
export async function prepareChatFile(
  deps: ChatDeps,
  senderId: string,
  chatroomId: string,
  uploadKey: string,
): Promise<ProcessedMedia> {
  const owner = `${chatroomId}/${senderId}`;
  const purpose = CHAT_PURPOSES.find((p) =>
    uploadKey.startsWith(`${mediaConfig.prefixes.uploads}${p.folder}/${owner}-`),
  );
  if (!purpose) throw fieldError('file', V.chatFile);
  return processUpload(deps, purpose, uploadKey, owner);
}

/** The messages with presigned GET URLs for their files (the caller checked the room's access). */
export async function withFileUrls(deps: ChatDeps, views: MessageView[]): Promise<MessageView[]> {
  return Promise.all(
    views.map(async (v) => ({
      ...v,
      file_url: v.file && !v.deleted ? await privateUrl(deps, v.file, C.fileUrlSeconds) : null,
    })),
  );
}
