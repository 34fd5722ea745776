import type { StoreResponse } from '@app/shared/schemas/store';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { describedBy } from '../../../components/Field.tsx';
import { formatNumber } from '../../points/format.ts';
import { localizeParams, type Message } from '../messages.ts';
import { parseAmount, priceOf } from '../price.ts';

/** The packs and a free quantity (min–max) with its live tax-included price and the remaining allowance. */
export function PackPicker({
  store,
  value,
  onChange,
  error,
}: {
  store: StoreResponse;
  value: string;
  onChange: (value: string) => void;
  error: Message | null;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const id = useId();
  const n = (x: number) => formatNumber(lang, x);
  const amount = parseAmount(value);
  const price = amount === null ? null : priceOf(amount, store.yen_per_mushroom);
  const hint = t('store.quantity.hint', { min: n(store.min), max: n(store.max) });
  return (
    <div className="packs">
      <fieldset className="fieldset-plain">
        <legend className="store__legend">{t('store.packs.legend')}</legend>
        <p className="small muted packs__unit">
          {t('store.unitPrice', { price: n(store.yen_per_mushroom) })}
        </p>
        <div className="packs__grid">
          {store.packs.map((pack) => (
            <label key={pack.mushrooms} className="pack">
              <input
                type="radio"
                name="pack"
                value={pack.mushrooms}
                checked={amount === pack.mushrooms}
                onChange={() => onChange(String(pack.mushrooms))}
              />
              <span className="pack__count">{t('store.packs.count', { count: n(pack.mushrooms) })}</span>
              <span className="pack__price">{t('store.packs.price', { price: n(pack.price) })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className={`field packs__free${error ? ' field--error' : ''}`}>
        <label htmlFor={id} className="field__label">
          {t('store.quantity.label')}
        </label>
        <div className="packs__input">
          <input
            id={id}
            className="input"
            name="amount"
            inputMode="numeric"
            autoComplete="off"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, hint, error)}
            onChange={(e) => onChange(e.target.value)}
          />
          <output htmlFor={id} className="packs__total" aria-live="polite">
            <span className="packs__total-label">{t('store.quantity.total')}</span>{' '}
            <strong>{price === null ? '—' : t('store.quantity.totalValue', { price: n(price) })}</strong>
          </output>
        </div>
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
        {error ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {t(error.key, localizeParams(lang, error.params))}
          </p>
        ) : null}
      </div>
      <ul className="allowance small muted">
        <li>{t('store.quantity.allowanceDay', { yen: n(store.remaining_yen.day) })}</li>
        {store.remaining_yen.month !== null ? (
          <li>{t('store.quantity.allowanceMonth', { yen: n(store.remaining_yen.month) })}</li>
        ) : null}
      </ul>
    </div>
  );
}
