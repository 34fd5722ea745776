import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { localizeParams } from '../messages.ts';
import { attachSquareCard, billingContactOf, type SquareCard, verifyBuyer } from '../square-sdk.ts';
import type { CardFormProps } from './card-form-props.ts';

/** The card form of the sandbox and production: Square's hosted card field, tokenized in the browser. */
export function SquareCardForm({ square, busy, error, onSubmit, onCancel }: CardFormProps) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const target = useRef<HTMLDivElement>(null);
  const card = useRef<SquareCard | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [tokenizing, setTokenizing] = useState(false);
  /** Why the card did not get to the API: the SDK refused the details, or 3-D Secure failed. */
  const [localError, setLocalError] = useState<'tokenizeFailed' | 'verifyFailed' | null>(null);
  const [name, setName] = useState('');

  useEffect(() => {
    if (square.environment === 'local' || !target.current) return;
    let live = true;
    attachSquareCard(square.environment, square.application_id, square.location_id, target.current)
      .then((attached) => {
        if (!live) {
          void attached.destroy();
          return;
        }
        card.current = attached;
        setState('ready');
      })
      .catch(() => {
        if (live) setState('failed');
      });
    return () => {
      live = false;
      void card.current?.destroy();
      card.current = null;
    };
  }, [square.environment, square.application_id, square.location_id]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!card.current || tokenizing || busy) return;
    setTokenizing(true);
    setLocalError(null);
    const cardholderName = name.trim() || undefined;
    try {
      const result = await card.current.tokenize();
      if (result.status !== 'OK' || !result.token) {
        setLocalError('tokenizeFailed');
        return;
      }
      let verificationToken: string | undefined;
      try {
        // 3-D Secure for storing the card on file.
        verificationToken = await verifyBuyer(square, result.token, {
          intent: 'STORE',
          billingContact: billingContactOf(cardholderName),
        });
      } catch {
        setLocalError('verifyFailed');
        return;
      }
      onSubmit(result.token, cardholderName, verificationToken);
    } catch {
      setLocalError('tokenizeFailed');
    } finally {
      setTokenizing(false);
    }
  };

  return (
    <form className="card-form form" onSubmit={submit} noValidate aria-labelledby="card-form-title">
      <h3 id="card-form-title" className="card-form__title" tabIndex={-1}>
        {t('store.cardForm.heading')}
        {square.environment === 'sandbox' ? <span className="test-badge">Sandbox</span> : null}
      </h3>
      {square.environment === 'sandbox' ? (
        <p className="card-form__note">{t('store.cardForm.sdk.sandbox')}</p>
      ) : null}
      <Alert kind="error">
        {state === 'failed'
          ? t('store.cardForm.sdk.loadFailed')
          : localError
            ? t(`store.cardForm.sdk.${localError}`)
            : error
              ? t(error.key, localizeParams(lang, error.params))
              : null}
      </Alert>
      <fieldset className="fieldset-plain field">
        <legend className="field__label">{t('store.cardForm.sdk.frameLabel')}</legend>
        <div ref={target} className="square-card" />
        {state === 'loading' ? <Spinner label={t('store.cardForm.sdk.loading')} /> : null}
      </fieldset>
      <TextField
        label={t('store.cardForm.name')}
        hint={t('store.cardForm.nameHint')}
        name="ccname"
        autoComplete="cc-name"
        placeholder={t('store.cardForm.namePlaceholder')}
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="card-form__actions">
        <Button
          type="submit"
          busy={busy || tokenizing}
          disabled={state !== 'ready'}
          busyLabel={t('store.cardForm.submitting')}
          className="btn--block"
        >
          {t('store.cardForm.submit')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy} className="btn--block">
          {t('store.cardForm.cancel')}
        </Button>
      </div>
    </form>
  );
}
