/**
 * A file uploaded with its presigned POST form (the policy's fields, the file last), reporting its
 * progress (fetch cannot: XMLHttpRequest's upload events do). A refusal of the policy is a 4xx.
 */
import { mediaPurposes } from '@app/shared/media';
import type { UploadUrlView } from '@app/shared/schemas/shop';

export class GiftUploadError extends Error {
  constructor(readonly status: number) {
    super(`upload failed: ${status}`);
    this.name = 'GiftUploadError';
  }
}

export function uploadWithProgress(
  target: Pick<UploadUrlView, 'url' | 'fields'>,
  file: Blob,
  onProgress: (fraction: number) => void,
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
      } else reject(new GiftUploadError(xhr.status));
    };
    xhr.onerror = () => reject(new GiftUploadError(0));
    xhr.send(form);
  });
}

/** The return gift purpose of a picked file, or null when neither a photo nor a video. */
export function giftPurposeOf(type: string): 'returnGiftPhoto' | 'returnGiftVideo' | null {
  if (type in mediaPurposes.returnGiftPhoto.types) return 'returnGiftPhoto';
  if (type in mediaPurposes.returnGiftVideo.types) return 'returnGiftVideo';
  return null;
}

/** The `accept` attribute of the gift's file input. */
export const giftAccept = [
  ...Object.keys(mediaPurposes.returnGiftPhoto.types),
  ...Object.keys(mediaPurposes.returnGiftVideo.types),
].join(',');
