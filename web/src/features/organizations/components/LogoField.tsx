/**
 * The organization's logo on its form: the current logo or the picked file's preview, the upload
 * straight to S3 (`POST /organizations/logo-url`'s presigned POST) with its progress, and removal.
 * The form sends the upload's key (or null to remove); the server re-encodes the image at the save.
 */
import { mediaPurposes } from '@app/shared/media';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePickButton, UploadProgress } from '../../../components/FilePick.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { validationValues } from '../../../lib/i18n.ts';
import { useImageUpload } from '../../../lib/useImageUpload.ts';
import { getLogoUploadUrl } from '../api/getLogoUploadUrl.ts';

/** undefined: keep the current logo; a key: the new upload; null: remove the logo. */
export type LogoValue = string | null | undefined;

export function LogoField({
  current,
  value,
  onChange,
  error,
  onUploading,
}: {
  current: string | null;
  value: LogoValue;
  onChange: (value: LogoValue) => void;
  /** The field's message from the form (an i18n key: the server's 'image processing error'). */
  error: string | undefined;
  onUploading: (uploading: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { accept, max, preview, percent, uploading, problem, pick, reset } = useImageUpload({
    purpose: mediaPurposes.logo,
    getUploadUrl: (content_type) => getLogoUploadUrl({ content_type }),
    messages: {
      type: { key: 'organizations.form.logoErrorType' },
      size: { key: 'organizations.form.logoErrorSize' },
      upload: { key: 'organizations.form.logoErrorUpload' },
    },
    onUploaded: (key) => {
      onChange(key);
    },
    onUploading,
  });
  const shown = value === null ? null : typeof value === 'string' ? preview : current;

  const onRemove = () => {
    reset();
    onChange(current ? null : undefined);
  };

  // The server's answer to the last save comes first; a refused pick until then.
  const message = error ? { key: error } : problem;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={`field org-logo${message ? ' field--error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {t('organizations.form.logo')}
      </label>
      <div className="org-logo__row">
        <div className="org-logo__frame">
          {shown ? (
            <img
              className="org-logo__img"
              src={shown}
              alt={preview && typeof value === 'string' ? t('organizations.form.logoPreview') : ''}
            />
          ) : (
            <span className="org-logo__none">{t('organizations.form.logoNone')}</span>
          )}
        </div>
        <div className="org-logo__actions">
          <FilePickButton
            id={id}
            accept={accept}
            onPick={pick}
            disabled={uploading}
            invalid={Boolean(message)}
            describedBy={message ? `${hintId} ${errorId}` : hintId}
          >
            {t(shown ? 'organizations.form.logoChange' : 'organizations.form.logoChoose')}
          </FilePickButton>
          {shown ? (
            <Button variant="secondary" disabled={uploading} onClick={onRemove}>
              {t('organizations.form.logoRemove')}
            </Button>
          ) : null}
        </div>
      </div>
      <div aria-live="polite">
        {percent !== null ? (
          <UploadProgress
            percent={percent}
            label={t('organizations.form.logoProgress')}
            className="org-logo__progress"
          >
            {t('organizations.form.logoUploading', { percent })}
          </UploadProgress>
        ) : typeof value === 'string' ? (
          <p className="field__hint">{t('organizations.form.logoReady')}</p>
        ) : value === null ? (
          <p className="field__hint">{t('organizations.form.logoRemoved')}</p>
        ) : null}
      </div>
      <p id={hintId} className="field__hint">
        {t('organizations.form.logoHint', { max })}
      </p>
      {message ? (
        <p id={errorId} className="field__error" role="alert">
          {t(message.key, { ...validationValues, ...message.params })}
        </p>
      ) : null}
    </div>
  );
}
