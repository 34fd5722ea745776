/**
 * A picture field's upload: the picked file is checked against its media purpose, previewed, sent
 * straight to storage with the presigned POST the API answers (with its progress), and its key
 * handed on. The screen keeps its own texts and what it does with the key.
 */
import { type IMAGE_TYPES, type MediaPurpose, maxMegabytes } from '@app/shared/media';
import type { UploadUrlView } from '@app/shared/schemas/uploads';
import { type ChangeEvent, useEffect, useState } from 'react';
import type { ApiResult } from './api.ts';
import { errorMessage, type Message, validationMessage } from './messages.ts';
import { acceptOf, fileProblem, uploadWithProgress } from './upload.ts';

export type ImageType = keyof typeof IMAGE_TYPES;

export interface ImageUploadOptions {
  purpose: MediaPurpose;
  /** The API call answering the presigned POST for a file of this type. */
  getUploadUrl: (contentType: ImageType) => Promise<ApiResult<Pick<UploadUrlView, 'key' | 'url' | 'fields'>>>;
  /** What a wrong type, a wrong size and a failed upload show. */
  messages: { type: Message; size: Message; upload: Message };
  /** What any other failure shows (by default the call's own message). */
  failure?: (err: unknown) => Message;
  /**
   * The stored file's key. It may finish the work (a save) and answer a problem to show; the
   * preview stays until reset.
   */
  onUploaded: (key: string) => undefined | Message | Promise<undefined | Message>;
  /** Told when an upload starts and ends (a form keeps its save button off meanwhile). */
  onUploading?: (uploading: boolean) => void;
}

export function useImageUpload({
  purpose,
  getUploadUrl,
  messages,
  failure = errorMessage,
  onUploaded,
  onUploading,
}: ImageUploadOptions) {
  const [preview, setPreview] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<Message | null>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const refuse = (message: Message) => {
    setProblem(message);
    setPreview(null);
  };

  /** The file input's change: the file is checked, then uploaded (the input is cleared for a re-pick). */
  async function pick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setProblem(null);
    const bad = fileProblem(purpose, file);
    if (bad) {
      setProblem(messages[bad]);
      return;
    }
    setPreview(URL.createObjectURL(file));
    setPercent(0);
    onUploading?.(true);
    try {
      const target = await getUploadUrl(file.type as ImageType);
      if (!target) {
        setPreview(null);
        return;
      }
      if (!target.ok) return refuse(validationMessage(target));
      try {
        await uploadWithProgress(target.data, file, (share) => setPercent(Math.round(share * 100)));
      } catch {
        return refuse(messages.upload);
      }
      setPercent(null);
      const refused = await onUploaded(target.data.key);
      if (refused) refuse(refused);
    } catch (err) {
      refuse(failure(err));
    } finally {
      setPercent(null);
      onUploading?.(false);
    }
  }

  /** Forgets the picked file and any problem. */
  const reset = () => {
    setProblem(null);
    setPreview(null);
  };

  return {
    accept: acceptOf(purpose),
    max: maxMegabytes(purpose),
    preview,
    /** The upload's progress, 0 to 100, while it runs; null otherwise. */
    percent,
    uploading: percent !== null,
    problem,
    setProblem,
    pick,
    reset,
  };
}
