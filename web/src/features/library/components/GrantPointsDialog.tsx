import { businessConfig } from '@app/shared/config';
import { shopMessageParams } from '@app/shared/shop';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useModal } from '../../../components/useModal.ts';
import { formatNumber } from '../../points/format.ts';
import { errorMessage, localizeParams, type Message, validationMessage } from '../../store/messages.ts';
import { mayHaveCharged, newIdempotencyKey } from '../../store/purchase-key.ts';
import { grantPoints } from '../api/library.ts';

const S = businessConfig.shop;

/**
 * "Give points": a creator's original points to a fan (from sales status or the chat room). One
 * key per grant; a failure that may have been applied (no answer, a 5xx) keeps the key, so a retry
 * grants once.
 */
export function GrantPointsButton({ fanId, fanName }: { fanId: string; fanName: string }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [open, setOpen] = useState(false);
  const [points, setPoints] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Message | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const key = useRef<string | null>(null);
  const ref = useModal(open);
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();

  const close = () => {
    if (busy) return;
    setOpen(false);
    setPoints('');
    setError(null);
    key.current = null;
  };
  const submit = async () => {
    setError(null);
    const n = Number(points);
    if (!Number.isInteger(n) || n < S.grantMinPoints || n > S.grantMaxPoints) {
      setError({ key: 'validation.grantPoints' });
      return;
    }
    key.current ??= newIdempotencyKey();
    setBusy(true);
    try {
      const res = await grantPoints(fanId, n, key.current);
      if (!res) return;
      if (!res.ok) {
        setError(validationMessage(res));
        key.current = null;
        return;
      }
      key.current = null;
      setDone(res.data.points);
      setOpen(false);
      setPoints('');
    } catch (err) {
      if (!mayHaveCharged(err)) key.current = null;
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const message = (m: Message) => t(m.key, { ...shopMessageParams, ...localizeParams(lang, m.params ?? {}) });
  return (
    <>
      <Button
        variant="secondary"
        className="grant-button"
        onClick={() => {
          setDone(null);
          setOpen(true);
        }}
      >
        {t('library.grant.open')}
      </Button>
      {done !== null ? (
        <p className="grant-done" role="status">
          {t('library.grant.done', { points: formatNumber(lang, done) })}
        </p>
      ) : null}
      <dialog
        ref={ref}
        className="dialog"
        aria-labelledby={titleId}
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
      >
        <h2 id={titleId} className="dialog__title">
          {t('library.grant.heading')}
        </h2>
        <form
          className="dialog__body"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p>{t('library.grant.to', { name: fanName })}</p>
          <label htmlFor={inputId} className="field__label">
            {t('library.grant.points')}
          </label>
          <input
            id={inputId}
            className="input"
            type="number"
            inputMode="numeric"
            min={S.grantMinPoints}
            max={S.grantMaxPoints}
            step={1}
            value={points}
            onChange={(e) => setPoints(e.target.value)}
            aria-describedby={hintId}
            aria-invalid={error ? true : undefined}
          />
          <p id={hintId} className="field__hint">
            {t('library.grant.hint')}
          </p>
          <Alert kind="error">{error ? message(error) : null}</Alert>
          <div className="dialog__actions">
            <Button variant="secondary" onClick={close} disabled={busy}>
              {t('library.grant.cancel')}
            </Button>
            <Button type="submit" busy={busy} busyLabel={t('library.grant.submitting')}>
              {t('library.grant.submit')}
            </Button>
          </div>
        </form>
      </dialog>
    </>
  );
}
