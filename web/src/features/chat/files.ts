/**
 * Chat files: which files a chat takes (shared/src/schemas/chat.ts `chatFileTypes`), the upload
 * to the presigned URL, and how a message's file is shown.
 */
import { businessConfig } from '@app/shared/config';
import { type ChatFileType, chatFileTypes, type UploadUrlResponse } from '@app/shared/schemas/chat';

export const acceptedTypes = Object.keys(chatFileTypes) as ChatFileType[];
export const acceptAttribute = acceptedTypes.join(',');

const imageExtensions = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp']);
const videoExtensions = new Set(['mp4', 'mov']);

/** Why a picked file cannot be sent, or null. */
export function fileProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(acceptedTypes as string[]).includes(file.type)) return 'type';
  if (file.size <= 0 || file.size > businessConfig.chat.fileMaxBytes) return 'size';
  return null;
}

/** What a stored file key shows as: a picture, a video, or something else. */
export function fileKind(key: string | null): 'image' | 'video' | 'other' {
  const ext = key?.split('.').pop()?.toLowerCase() ?? '';
  if (imageExtensions.has(ext)) return 'image';
  if (videoExtensions.has(ext)) return 'video';
  return 'other';
}

/** A picked file is the same one again (a retry) when name, size and date agree. */
export const fileIdentity = (file: File) => `file:${file.name}:${file.size}:${file.lastModified}`;

export class UploadError extends Error {
  constructor(readonly status: number) {
    super(`upload failed: ${status}`);
    this.name = 'UploadError';
  }
}

/** PUTs the bytes to the presigned URL with the headers the API named. */
export async function uploadFile(target: UploadUrlResponse, file: Blob): Promise<void> {
  let res: Response;
  try {
    res = await fetch(target.url, { method: 'PUT', headers: target.headers, body: file });
  } catch {
    // The storage was not reached: nothing was sent yet, so nothing can have been paid.
    throw new UploadError(0);
  }
  if (!res.ok) throw new UploadError(res.status);
}
