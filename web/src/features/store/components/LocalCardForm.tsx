import { localNonceFor, localTestCards } from '@app/shared/square-sandbox';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { type CardInputError, checkCardInput, formatCardNumber, formatExpiry } from '../card-input.ts';
import { localizeParams } from '../messages.ts';
import type { CardFormProps } from './card-form-props.ts';

type Field = 'number' | 'expiry' | 'cvc';

/**
 * The card form of the local environment: no card data leaves the browser, the number becomes
 * the sandbox nonce the local Square stand-in understands. Clearly marked as a test form.
 */
export function LocalCardForm({ busy, error, onSubmit, onCancel }: CardFormProps) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const formRef = useRef<HTMLFormElement>(null);
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, CardInputError>>>({});

  const fieldError = (f: Field) => (errors[f] ? `store.cardForm.${errors[f]}` : undefined);
  const clear = (f: Field) => setErrors(({ [f]: _gone, ...rest }) => rest);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkCardInput({ number, expiry, cvc }, new Date());
    setErrors(found);
    if (Object.keys(found).length) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    onSubmit(localNonceFor(number), name.trim() || undefined);
  };

  const fillTestCard = (digits: string) => {
    const next = new Date();
    setNumber(formatCardNumber(digits));
    setExpiry(`12/${String((next.getFullYear() + 3) % 100).padStart(2, '0')}`);
    setCvc('123');
    setErrors({});
  };

  return (
    <form
      ref={formRef}
      className="card-form form"
      onSubmit={submit}
      noValidate
      aria-labelledby="card-form-title"
    >
      <h3 id="card-form-title" className="card-form__title" tabIndex={-1}>
        {t('store.cardForm.heading')}
        <span className="test-badge">{t('store.cardForm.local.badge')}</span>
      </h3>
      <p className="card-form__note">{t('store.cardForm.local.note')}</p>
      <details className="test-cards">
        <summary>{t('store.cardForm.local.testCards')}</summary>
        <ul>
          {localTestCards.map((card) => (
            <li key={card.number}>
              <span className="test-cards__number">{formatCardNumber(card.number)}</span>
              <span className="test-cards__outcome">
                {card.brand} · {t(`store.cardForm.local.outcomes.${card.outcome}`)}
              </span>
              <button
                type="button"
                className="btn btn--link test-cards__use"
                aria-label={t('store.cardForm.local.useLabel', { number: formatCardNumber(card.number) })}
                onClick={() => fillTestCard(card.number)}
              >
                {t('store.cardForm.local.use')}
              </button>
            </li>
          ))}
        </ul>
      </details>
      <Alert kind="error">{error ? t(error.key, localizeParams(lang, error.params)) : null}</Alert>
      <TextField
        label={t('store.cardForm.number')}
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 5678 9012 3456"
        required
        value={number}
        error={fieldError('number')}
        onChange={(e) => {
          setNumber(formatCardNumber(e.target.value));
          clear('number');
        }}
      />
      <TextField
        label={t('store.cardForm.expiry')}
        hint={t('store.cardForm.expiryHint')}
        name="cc-exp"
        autoComplete="cc-exp"
        inputMode="numeric"
        placeholder={t('store.cardForm.expiryPlaceholder')}
        required
        value={expiry}
        error={fieldError('expiry')}
        onChange={(e) => {
          setExpiry(formatExpiry(e.target.value));
          clear('expiry');
        }}
      />
      <TextField
        label={t('store.cardForm.cvc')}
        hint={t('store.cardForm.cvcHint')}
        name="cvc"
        autoComplete="cc-csc"
        inputMode="numeric"
        maxLength={4}
        required
        value={cvc}
        error={fieldError('cvc')}
        onChange={(e) => {
          setCvc(e.target.value.replace(/\D/g, '').slice(0, 4));
          clear('cvc');
        }}
      />
      <TextField
        label={t('store.cardForm.name')}
        hint={t('store.cardForm.nameHint')}
        name="ccname"
        autoComplete="cc-name"
        autoCapitalize="characters"
        placeholder={t('store.cardForm.namePlaceholder')}
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="card-form__actions">
        <Button type="submit" busy={busy} busyLabel={t('store.cardForm.submitting')} className="btn--block">
          {t('store.cardForm.submit')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy} className="btn--block">
          {t('store.cardForm.cancel')}
        </Button>
      </div>
    </form>
  );
}
