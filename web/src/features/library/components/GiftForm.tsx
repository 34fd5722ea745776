import { businessConfig } from '@app/shared/config';
import type { SalesLineView } from '@app/shared/schemas/shop';
import { shopMessageParams } from '@app/shared/shop';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { UploadError, uploadWithProgress } from '../../../lib/upload.ts';
import { errorMessage, localizeParams, type Message, validationMessage } from '../../store/messages.ts';
import { getGiftUploadUrl, sendReturnGift } from '../api/library.ts';
import { giftAccept, giftPurposeOf } from '../upload.ts';

/**
 * A line's return gift: a message and/or one photo or video. The file goes straight to storage
 * with its presigned POST (a progress bar); then the gift is sent with the uploaded key. A failed
 * upload names the file.
 */
export function GiftForm({ line, onSent }: { line: SalesLineView; onSent: (line: SalesLineView) => void }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [message, setMessage] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Message | null>(null);
  const messageId = useId();
  const fileId = useId();
  const hintId = useId();

  const submit = async () => {
    setError(null);
    if (!message.trim() && !file) {
      setError({ key: 'validation.returnGiftContent' });
      return;
    }
    const purpose = file ? giftPurposeOf(file.type) : null;
    if (file && !purpose) {
      setError({ key: 'library.sales.giftTypeInvalid' });
      return;
    }
    setBusy(true);
    try {
      let key: string | null = null;
      if (file && purpose) {
        const target = await getGiftUploadUrl(line.id, purpose, file.type);
        if (!target) return;
        if (!target.ok) {
          setError(validationMessage(target));
          return;
        }
        setProgress(0);
        try {
          await uploadWithProgress(target.data, file, setProgress);
        } catch (err) {
          if (err instanceof UploadError) {
            setError({ key: 'library.sales.giftUploadFailed', params: { name: file.name } });
            return;
          }
          throw err;
        }
        key = target.data.key;
      }
      const res = await sendReturnGift(line.id, message, key);
      if (!res) return;
      if (!res.ok) {
        setError(validationMessage(res));
        return;
      }
      onSent(res.data);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };
  return (
    <form
      className="gift-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={messageId} className="field__label">
        {t('library.sales.giftMessage')}
      </label>
      <textarea
        id={messageId}
        className="input gift-form__message"
        rows={3}
        maxLength={businessConfig.shop.returnGiftMessageMax}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      <label htmlFor={fileId} className="field__label">
        {t('library.sales.giftFile')}
      </label>
      <input
        id={fileId}
        type="file"
        accept={giftAccept}
        aria-describedby={hintId}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <p id={hintId} className="field__hint">
        {t('library.sales.giftFileHint')}
      </p>
      {progress !== null ? (
        <div className="gift-form__progress">
          <progress max={1} value={progress} aria-label={file?.name ?? ''} />
          <span>{t('library.sales.giftUploading', { percent: Math.round(progress * 100) })}</span>
        </div>
      ) : null}
      <Alert kind="error">
        {error ? t(error.key, { ...shopMessageParams, ...localizeParams(lang, error.params ?? {}) }) : null}
      </Alert>
      <Button type="submit" busy={busy} busyLabel={t('library.sales.giftSending')}>
        {t('library.sales.giftSend')}
      </Button>
    </form>
  );
}
