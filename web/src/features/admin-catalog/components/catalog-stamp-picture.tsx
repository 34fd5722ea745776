/**
 * A stamp's picture on its form: the current picture (uploaded, or the bundled one of a
 * configured stamp) or the picked file's preview, the upload straight to S3 (the presigned POST of
 * `POST /admin/catalog/stamps/picture-url`) with its progress. The form sends the upload's key; the
 * server checks and re-encodes it at the save.
 */
import { maxMegabytes, mediaPurposes } from '@app/shared/media';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePickButton, UploadProgress } from '../../../components/FilePick.tsx';
import { validationValues } from '../../../lib/i18n.ts';
import { useImageUpload } from '../../../lib/useImageUpload.ts';
import { getStampPictureUrl } from '../api/catalog-stamps.ts';

const STAMP = mediaPurposes.stamp;
const max = maxMegabytes(STAMP);

export function StampPictureField({
  current,
  value,
  onChange,
  error,
  onUploading,
}: {
  /** What the stamp shows now (null: a new stamp). */
  current: string | null;
  /** The new upload's key, once uploaded. */
  value: string | undefined;
  onChange: (key: string) => void;
  /** The field's message from the form (an i18n key). */
  error: string | undefined;
  onUploading: (uploading: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { accept, preview, percent, uploading, problem, pick } = useImageUpload({
    purpose: STAMP,
    getUploadUrl: (content_type) => getStampPictureUrl({ content_type }),
    messages: {
      type: { key: 'admin.catalog.stamps.form.pictureErrorType', params: { max } },
      size: { key: 'admin.catalog.stamps.form.pictureErrorSize', params: { max } },
      upload: { key: 'admin.catalog.stamps.form.pictureErrorUpload' },
    },
    onUploaded: (key) => {
      onChange(key);
    },
    onUploading,
  });
  const shown = value && preview ? preview : current;

  const message = error ? { key: error } : problem;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={`field catalog-picture${message ? ' field--error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {t('admin.catalog.stamps.form.picture')}
        {current ? null : <span className="field__req">{t('common.required')}</span>}
      </label>
      <div className="catalog-picture__row">
        <div className="catalog-picture__frame">
          {shown ? <img className="catalog-picture__img" src={shown} alt="" /> : null}
        </div>
        <FilePickButton
          id={id}
          accept={accept}
          onPick={pick}
          disabled={uploading}
          invalid={Boolean(message)}
          describedBy={message ? `${hintId} ${errorId}` : hintId}
        >
          {t(shown ? 'admin.catalog.stamps.form.pictureChange' : 'admin.catalog.stamps.form.pictureChoose')}
        </FilePickButton>
      </div>
      <div aria-live="polite">
        {percent !== null ? (
          <UploadProgress
            percent={percent}
            label={t('admin.catalog.stamps.form.pictureProgress')}
            className="catalog-picture__progress"
          >
            {t('admin.catalog.stamps.form.pictureUploading', { percent })}
          </UploadProgress>
        ) : value ? (
          <p className="field__hint">{t('admin.catalog.stamps.form.pictureReady')}</p>
        ) : null}
      </div>
      <p id={hintId} className="field__hint">
        {t('admin.catalog.stamps.form.pictureHint', { max })}
      </p>
      {message ? (
        <p id={errorId} className="field__error" role="alert">
          {t(message.key, { ...validationValues, ...message.params })}
        </p>
      ) : null}
    </div>
  );
}
