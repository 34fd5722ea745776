import { localNonceFor, localTestCards } from '@app/shared/square-sandbox';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { type CardInput, cardInputSchema, formatCardNumber, formatExpiry } from '../card-input.ts';
import { localizeParams } from '../messages.ts';
import type { CardFormProps } from './card-form-props.ts';

/**
 * The card form of the local environment: no card data leaves the browser, the number becomes
 * the sandbox nonce the local Square stand-in understands. Clearly marked as a test form.
 */
export function LocalCardForm({ busy, error, onSubmit, onCancel }: CardFormProps) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const form = useForm<CardInput>({
    resolver: zodResolver(cardInputSchema()),
    defaultValues: { number: '', expiry: '', cvc: '', name: '' },
    mode: 'onSubmit',
    shouldFocusError: true,
  });
  const errorOf = (f: 'number' | 'expiry' | 'cvc') => form.formState.errors[f]?.message;
  /** A registered input whose typed value is reformatted (spaces in the number, the expiry's slash). */
  const formatted = (f: 'number' | 'expiry' | 'cvc', format: (v: string) => string) => {
    const field = form.register(f);
    return {
      ...field,
      onChange: (e: { target: HTMLInputElement }) => {
        e.target.value = format(e.target.value);
        return field.onChange(e);
      },
    };
  };

  const submit = form.handleSubmit((card) => {
    onSubmit(localNonceFor(card.number), card.name.trim() || undefined);
  });

  const fillTestCard = (digits: string) => {
    const next = new Date();
    form.reset({
      number: formatCardNumber(digits),
      expiry: `12/${String((next.getFullYear() + 3) % 100).padStart(2, '0')}`,
      cvc: '123',
      name: form.getValues('name'),
    });
  };

  return (
    <form className="card-form form" onSubmit={submit} noValidate aria-labelledby="card-form-title">
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
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 5678 9012 3456"
        required
        error={errorOf('number')}
        {...formatted('number', formatCardNumber)}
      />
      <TextField
        label={t('store.cardForm.expiry')}
        hint={t('store.cardForm.expiryHint')}
        autoComplete="cc-exp"
        inputMode="numeric"
        placeholder={t('store.cardForm.expiryPlaceholder')}
        required
        error={errorOf('expiry')}
        {...formatted('expiry', formatExpiry)}
      />
      <TextField
        label={t('store.cardForm.cvc')}
        hint={t('store.cardForm.cvcHint')}
        autoComplete="cc-csc"
        inputMode="numeric"
        maxLength={4}
        required
        error={errorOf('cvc')}
        {...formatted('cvc', (v) => v.replace(/\D/g, '').slice(0, 4))}
      />
      <TextField
        label={t('store.cardForm.name')}
        hint={t('store.cardForm.nameHint')}
        autoComplete="cc-name"
        autoCapitalize="characters"
        placeholder={t('store.cardForm.namePlaceholder')}
        maxLength={100}
        {...form.register('name')}
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
