/**
 * Files sent straight to storage with a presigned POST form (the policy's fields, the file last),
 * reporting their progress (fetch cannot: XMLHttpRequest's upload events do). A refusal of the
 * policy is a 4xx.
 */
import type { MediaPurpose } from '@app/shared/media';
import type { UploadUrlView } from '@app/shared/schemas/uploads';

/** A failed upload: the storage's status, or 0 when the request did not complete. */
export class UploadError extends Error {
  constructor(readonly status: number) {
    super(`upload failed: ${status}`);
    this.name = 'UploadError';
  }
}

/** POSTs the form and reports the share sent, 0 to 1 (1 once stored). */
export function uploadWithProgress(
  target: Pick<UploadUrlView, 'url' | 'fields'>,
  file: Blob,
  onProgress: (share: number) => void,
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new UploadError(xhr.status));
    };
    xhr.onerror = () => reject(new UploadError(0));
    xhr.send(form);
  });
}

/** Why a picked file cannot be used for a media purpose, or null (the server checks the bytes again). */
export function fileProblem(
  purpose: Pick<MediaPurpose, 'types' | 'minBytes' | 'maxBytes'>,
  file: { type: string; size: number },
): 'type' | 'size' | null {
  if (!(file.type in purpose.types)) return 'type';
  if (file.size < purpose.minBytes || file.size > purpose.maxBytes) return 'size';
  return null;
}

/** The `accept` attribute of a file input for a media purpose. */
export const acceptOf = (purpose: Pick<MediaPurpose, 'types'>) => Object.keys(purpose.types).join(',');
