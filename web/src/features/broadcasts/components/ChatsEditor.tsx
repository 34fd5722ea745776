/**
 * The ordered chats of a broadcast (both forms): add, remove, move up or down; each a message or a
 * photo/video uploaded straight to S3 (presigned POST from `POST /broadcasting/upload-url`) with
 * its progress and a preview. Every control is a native button, select, textarea or file input:
 * all of it works from the keyboard; a moved chat keeps the focus on its button.
 */
import { broadcastMessageParams } from '@app/shared/broadcasts';
import { businessConfig } from '@app/shared/config';
import { maxMegabytes, mediaPurposes } from '@app/shared/media';
import { broadcastPurposeOf } from '@app/shared/schemas/broadcasts';
import { useId } from 'react';
import { type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { uploadWithProgress } from '../../../lib/upload.ts';
import { broadcastUploadUrl } from '../api/broadcastUploadUrl.ts';
import { type ChatValue, newChat } from '../model.ts';

const B = businessConfig.broadcasts;
const ACCEPT = [
  ...Object.keys(mediaPurposes.broadcastPhoto.types),
  ...Object.keys(mediaPurposes.broadcastVideo.types),
].join(',');

export interface ChatsFormValues {
  chats: ChatValue[];
}

export function ChatsEditor({
  form,
  errorOf,
  disabled = false,
}: {
  form: UseFormReturn<ChatsFormValues>;
  /** The i18n key of a field's error (the form's `errorOf`). */
  errorOf: (path: string) => string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { fields, append, remove, move } = useFieldArray({
    control: form.control,
    name: 'chats',
    keyName: 'key',
  });
  const chats = useWatch({ control: form.control, name: 'chats' }) ?? [];
  const listError = errorOf('chats');

  /** Updates the chat `uid` wherever it is now (uploads finish after moves). */
  const patch = (uid: string, p: Partial<ChatValue>) => {
    const index = form.getValues('chats').findIndex((c) => c.uid === uid);
    if (index < 0) return;
    const current = form.getValues(`chats.${index}`);
    form.setValue(`chats.${index}`, { ...current, ...p }, { shouldDirty: true });
    if (p.file !== undefined) form.clearErrors(`chats.${index}.file`);
  };

  const upload = async (uid: string, file: File) => {
    const purpose = broadcastPurposeOf(file.type);
    const base = {
      file: null,
      fileName: file.name,
      fileType: file.type.startsWith('video/') ? ('video' as const) : ('image' as const),
      preview: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null,
    };
    if (!purpose) {
      patch(uid, {
        ...base,
        progress: null,
        uploadError: { key: 'broadcasts.chats.fileType', params: { name: file.name } },
      });
      return;
    }
    const p = mediaPurposes[purpose];
    if (file.size < p.minBytes || file.size > p.maxBytes) {
      patch(uid, {
        ...base,
        progress: null,
        uploadError: { key: 'broadcasts.chats.fileSize', params: { name: file.name, max: maxMegabytes(p) } },
      });
      return;
    }
    patch(uid, { ...base, progress: 0, uploadError: null });
    try {
      const target = await broadcastUploadUrl(file.type);
      if (!target) return;
      if (!target.ok) throw new Error('upload-url refused');
      await uploadWithProgress(target.data, file, (share) => patch(uid, { progress: share }));
      patch(uid, { file: target.data.key, progress: null });
    } catch {
      patch(uid, {
        progress: null,
        uploadError: { key: 'broadcasts.chats.uploadFailed', params: { name: file.name } },
      });
    }
  };

  const moveTo = (from: number, to: number, uid: string, dir: 'up' | 'down') => {
    move(from, to);
    requestAnimationFrame(() => {
      const button = document.getElementById(`${id}-${uid}-${dir}`) as HTMLButtonElement | null;
      (button && !button.disabled ? button : document.getElementById(`${id}-${uid}-kind`))?.focus();
    });
  };

  return (
    <fieldset className="chats-editor" aria-describedby={`${id}-hint`}>
      <legend className="field__label">{t('broadcasts.chats.legend')}</legend>
      <p id={`${id}-hint`} className="field__hint">
        {t('broadcasts.chats.hint', broadcastMessageParams)}
      </p>
      {listError ? (
        <p className="field__error" role="alert">
          {t(listError, broadcastMessageParams)}
        </p>
      ) : null}
      <ol className="chats-editor__list">
        {fields.map((field, index) => {
          const chat = chats[index] ?? (field as unknown as ChatValue);
          const n = index + 1;
          const base = `${id}-${chat.uid}`;
          const textError = errorOf(`chats.${index}.text`);
          const fileError = errorOf(`chats.${index}.file`);
          const textHint = t('broadcasts.chats.textHint', broadcastMessageParams);
          return (
            <li key={field.key} className="chats-editor__item" data-testid="chat-item">
              <div className="chats-editor__head">
                <span className="chats-editor__n">{t('broadcasts.chats.item', { n })}</span>
                <label className="visually-hidden" htmlFor={`${base}-kind`}>
                  {t('broadcasts.chats.kindLabel', { n })}
                </label>
                <select
                  id={`${base}-kind`}
                  className="select chats-editor__kind"
                  disabled={disabled}
                  {...form.register(`chats.${index}.kind`, {
                    onChange: () => form.clearErrors([`chats.${index}.text`, `chats.${index}.file`]),
                  })}
                >
                  <option value="text">{t('broadcasts.chats.kinds.text')}</option>
                  <option value="file">{t('broadcasts.chats.kinds.file')}</option>
                </select>
              </div>
              {chat.kind === 'text' ? (
                <div className={`field${textError ? ' field--error' : ''}`}>
                  <label htmlFor={`${base}-text`} className="visually-hidden">
                    {t('broadcasts.chats.textLabel', { n })}
                  </label>
                  <textarea
                    id={`${base}-text`}
                    className="textarea"
                    rows={4}
                    maxLength={B.textMax + 100}
                    disabled={disabled}
                    aria-invalid={textError ? true : undefined}
                    aria-describedby={describedBy(`${base}-text`, textHint, textError)}
                    {...form.register(`chats.${index}.text`)}
                  />
                  <p id={`${base}-text-hint`} className="field__hint">
                    {textHint}
                  </p>
                  {textError ? (
                    <p id={`${base}-text-error`} className="field__error" role="alert">
                      {t(textError, broadcastMessageParams)}
                    </p>
                  ) : null}
                </div>
              ) : (
                <div className={`field${fileError || chat.uploadError ? ' field--error' : ''}`}>
                  {chat.preview ? (
                    chat.fileType === 'video' ? (
                      // biome-ignore lint/a11y/useMediaCaption: the creator's own video, shown as a preview
                      <video
                        className="chats-editor__preview"
                        src={chat.preview}
                        controls
                        preload="metadata"
                      />
                    ) : (
                      <img
                        className="chats-editor__preview"
                        src={chat.preview}
                        alt={t('broadcasts.chats.previewAlt', { n })}
                      />
                    )
                  ) : null}
                  {chat.fileName ? <p className="small muted">{chat.fileName}</p> : null}
                  {chat.progress !== null ? (
                    <div className="chats-editor__progress">
                      <progress max={1} value={chat.progress} aria-labelledby={`${base}-progress`} />
                      <span id={`${base}-progress`}>
                        {t('broadcasts.chats.uploading', { percent: Math.round(chat.progress * 100) })}
                      </span>
                    </div>
                  ) : null}
                  <label htmlFor={`${base}-file`} className="btn btn--secondary chats-editor__pick">
                    {chat.file || chat.preview ? t('broadcasts.chats.replace') : t('broadcasts.chats.pick')}
                  </label>
                  <input
                    id={`${base}-file`}
                    className="visually-hidden"
                    type="file"
                    data-testid="chat-file"
                    accept={ACCEPT}
                    disabled={disabled || chat.progress !== null}
                    aria-invalid={fileError || chat.uploadError ? true : undefined}
                    aria-describedby={`${base}-file-hint`}
                    onChange={(e) => {
                      const picked = e.currentTarget.files?.[0];
                      e.currentTarget.value = '';
                      if (picked) void upload(chat.uid, picked);
                    }}
                  />
                  <p id={`${base}-file-hint`} className="field__hint">
                    {t('broadcasts.chats.fileHint')}
                  </p>
                  {chat.uploadError ? (
                    <p className="field__error" role="alert">
                      {t(chat.uploadError.key, chat.uploadError.params)}
                    </p>
                  ) : fileError ? (
                    <p className="field__error" role="alert">
                      {t(fileError, broadcastMessageParams)}
                    </p>
                  ) : null}
                </div>
              )}
              <div className="chats-editor__actions">
                <Button
                  id={`${base}-up`}
                  variant="secondary"
                  disabled={disabled || index === 0}
                  aria-label={t('broadcasts.chats.upLabel', { n })}
                  onClick={() => moveTo(index, index - 1, chat.uid, 'up')}
                >
                  {t('broadcasts.chats.up')}
                </Button>
                <Button
                  id={`${base}-down`}
                  variant="secondary"
                  disabled={disabled || index === fields.length - 1}
                  aria-label={t('broadcasts.chats.downLabel', { n })}
                  onClick={() => moveTo(index, index + 1, chat.uid, 'down')}
                >
                  {t('broadcasts.chats.down')}
                </Button>
                <Button
                  variant="link"
                  disabled={disabled || fields.length === 1}
                  aria-label={t('broadcasts.chats.removeLabel', { n })}
                  onClick={() => remove(index)}
                >
                  {t('broadcasts.chats.remove')}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        disabled={disabled || fields.length >= B.chatsMax}
        onClick={() => {
          append(newChat());
          form.clearErrors('chats');
        }}
      >
        {t('broadcasts.chats.add')}
      </Button>
    </fieldset>
  );
}

/** Whether a chat is still uploading, or failed to (the form waits, or asks to fix it). */
export const uploadsState = (chats: readonly ChatValue[]) => ({
  uploading: chats.some((c) => c.kind === 'file' && c.progress !== null),
  failed: chats.some((c) => c.kind === 'file' && c.uploadError !== null),
});
