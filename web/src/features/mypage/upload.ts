/**
 * Profile pictures: which files the avatar and background take (shared/src/media.ts purposes
 * `avatar`, `background`) and the upload through the presigned POST form with progress (fetch
 * cannot report upload progress; XMLHttpRequest can).
 */
import { type MediaPurpose, maxMegabytes, mediaPurposes } from '@app/shared/media';
import type { UploadUrlResponse } from '@app/shared/schemas/chat';
import type { ProfileImageKind } from '@app/shared/schemas/mypage';

export const purposeOfKind = (kind: ProfileImageKind) => mediaPurposes[kind];

export const imageAccept = (kind: ProfileImageKind) => Object.keys(purposeOfKind(kind).types).join(',');

export const imageMaxMegabytes = (kind: ProfileImageKind) => maxMegabytes(purposeOfKind(kind));

/** Why a picked file cannot be used for a media purpose, or null (the server checks the bytes again). */
export function fileProblem(
  purpose: Pick<MediaPurpose, 'types' | 'minBytes' | 'maxBytes'>,
  file: { type: string; size: number },
): 'type' | 'size' | null {
  if (!(file.type in purpose.types)) return 'type';
  if (file.size < purpose.minBytes || file.size > purpose.maxBytes) return 'size';
  return null;
}

/** Why a picked file cannot be used for this kind, or null. */
export const imageProblem = (kind: ProfileImageKind, file: { type: string; size: number }) =>
  fileProblem(purposeOfKind(kind), file);

/** POSTs the form (the policy's fields, then the file) and reports the share sent, 0 to 1. */
export function uploadWithProgress(
  target: UploadUrlResponse,
  file: Blob,
  onProgress: (share: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`upload ${xhr.status}`));
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.send(form);
  });
}
