/**
 * Chat files: a member gets a presigned PUT URL for a key of their own under the room's folder,
 * uploads, then sends the key with `POST /chat`; readers get presigned GET URLs with the messages.
 */
import { randomUUID } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import {
  type ChatFileType,
  chatFileTypes,
  type MessageView,
  type UploadUrlResponse,
} from '@app/shared/schemas/chat';
import { V } from '@app/shared/validation';
import { fieldError } from '../../lib/errors.ts';
import { type ChatDeps, openRoomOf } from './rooms.ts';

const C = businessConfig.chat;

/** `POST /chat/upload-url`: a key `chat/<room>/<me>-<uuid>.<ext>` and where to PUT it. */
export async function uploadUrl(
  deps: ChatDeps,
  me: string,
  chatroomId: string,
  contentType: ChatFileType,
): Promise<UploadUrlResponse> {
  await openRoomOf(deps.db, me, chatroomId);
  const key = `chat/${chatroomId}/${me}-${randomUUID()}.${chatFileTypes[contentType]}`;
  return {
    key,
    url: await deps.files.uploadUrl(key, contentType, C.fileUrlSeconds),
    headers: { 'content-type': contentType },
    expires_in: C.fileUrlSeconds,
    max_bytes: C.fileMaxBytes,
  };
}

/** A file may be sent only by its uploader, into its room, once uploaded and not too large. */
export async function checkUploaded(deps: ChatDeps, senderId: string, chatroomId: string, key: string) {
  if (!key.startsWith(`chat/${chatroomId}/${senderId}-`)) throw fieldError('file', V.chatFile);
  const stat = await deps.files.stat(key);
  if (!stat || stat.size === 0 || stat.size > C.fileMaxBytes) throw fieldError('file', V.chatFile);
}

/** The messages with presigned GET URLs for their files. */
export async function withFileUrls(deps: ChatDeps, views: MessageView[]): Promise<MessageView[]> {
  return Promise.all(
    views.map(async (v) => ({
      ...v,
      file_url: v.file && !v.deleted ? await deps.files.downloadUrl(v.file, C.fileUrlSeconds) : null,
    })),
  );
}
