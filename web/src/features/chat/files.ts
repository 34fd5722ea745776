/**
 * Chat files: which files a chat takes (shared/src/media.ts: chat photos and videos), the upload
 * with the presigned POST form, and how a message's file is shown.
 */
import { type MediaPurpose, maxMegabytes, mediaPurposes } from '@app/shared/media';
import { type ChatFileType, chatFileTypes, type UploadUrlResponse } from '@app/shared/schemas/chat';

export const acceptedTypes = Object.keys(chatFileTypes) as ChatFileType[];
export const acceptAttribute = acceptedTypes.join(',');

/** The purpose (photo or video) whose limits apply to a file of this type. */
export function chatPurposeOf(type: string): MediaPurpose | null {
  const { chatPhoto, chatVideo } = mediaPurposes;
  return type in chatPhoto.types ? chatPhoto : type in chatVideo.types ? chatVideo : null;
}

/** The largest file of this type in whole MB (for the size message). */
export const maxMegabytesOf = (type: string) => {
  const p = chatPurposeOf(type);
  return p ? maxMegabytes(p) : 0;
};

const imageExtensions = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp']);
const videoExtensions = new Set(['mp4', 'mov']);

/** Why a picked file cannot be sent, or null. */
export function fileProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  const purpose = chatPurposeOf(file.type);
  if (!purpose) return 'type';
  if (file.size < purpose.minBytes || file.size > purpose.maxBytes) return 'size';
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

/**
 * POSTs the bytes with the presigned form: the policy's fields in their order, the file last (S3
 * ignores fields after it). A refusal of the policy (type, size, key, expiry) is a 4xx.
 */
export async function uploadFile(target: UploadUrlResponse, file: Blob): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(target.url, { method: 'POST', body: form });
  } catch {
    // The storage was not reached: nothing was sent yet, so nothing can have been paid.
    throw new UploadError(0);
  }
  if (!res.ok) throw new UploadError(res.status);
}
