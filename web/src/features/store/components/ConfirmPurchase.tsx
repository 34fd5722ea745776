import { businessConfig } from '@app/shared/config';
import type { CardView } from '@app/shared/schemas/store';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { formatDate, formatNumber } from '../../points/format.ts';
import { localizeParams, type Message } from '../messages.ts';
import { expiryFrom, taxIncludedIn } from '../price.ts';
import { useCardName } from './CardSection.tsx';
import { PurchaseLegalLinks } from './LegalLinks.tsx';

/**
 * The final confirmation screen (最終確認画面) the Specified Commercial Transactions Act asks for:
 * item and quantity, total price with tax, payment method and timing, delivery, expiry,
 * cancellation, links to the terms and the notice, and the button that places the order.
 */
export function ConfirmPurchase({
  headingRef,
  amount,
  price,
  unitPrice,
  taxRate,
  card,
  sending,
  error,
  retrySafe = false,
  onBuy,
  onBack,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  amount: number;
  price: number;
  unitPrice: number;
  taxRate: number;
  card: CardView;
  sending: boolean;
  error: Message | null;
  /** The failure may have charged the card: pressing again settles that payment, never a second. */
  retrySafe?: boolean;
  onBuy: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const cardName = useCardName();
  const n = (x: number) => formatNumber(lang, x);
  const days = businessConfig.points.lotDays;
  const rows: [string, ReactNode][] = [
    ['item', t('store.confirm.itemValue')],
    ['quantity', t('store.confirm.quantityValue', { count: n(amount) })],
    ['unitPrice', t('store.confirm.unitPriceValue', { price: n(unitPrice) })],
    [
      'total',
      <>
        <strong className="confirm__total">{t('store.confirm.totalValue', { price: n(price) })}</strong>
        <span className="confirm__tax">
          {t('store.confirm.tax', { tax: n(taxIncludedIn(price, taxRate)) })}
        </span>
      </>,
    ],
    [
      'payment',
      <>
        {t('store.confirm.paymentValue')}
        <span className="confirm__card">{cardName(card)}</span>
      </>,
    ],
    ['paymentTiming', t('store.confirm.paymentTimingValue')],
    ['delivery', t('store.confirm.deliveryValue')],
    [
      'expiry',
      t('store.confirm.expiryValue', {
        days: n(days),
        date: formatDate(lang, expiryFrom(new Date(), days).toISOString()),
      }),
    ],
    ['cancel', t('store.confirm.cancelValue')],
  ];
  return (
    <section className="confirm" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading" ref={headingRef} tabIndex={-1} className="page__title">
        {t('store.confirm.heading')}
      </h2>
      <p className="page__lead">{t('store.confirm.lead')}</p>
      <dl className="confirm__list">
        {rows.map(([key, value]) => (
          <div key={key} className={`confirm__row confirm__row--${key}`}>
            <dt>{t(`store.confirm.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="small confirm__links-lead">{t('store.confirm.linksLead')}</p>
      <PurchaseLegalLinks />
      <div aria-live="assertive">
        <Alert kind="error">
          {error ? (
            <>
              {t(error.key, localizeParams(lang, error.params))}
              {retrySafe ? <span className="confirm__retry">{t('store.confirm.retrySafe')}</span> : null}
            </>
          ) : null}
        </Alert>
      </div>
      <div className="confirm__actions">
        <Button
          className="btn--block btn--buy"
          onClick={onBuy}
          busy={sending}
          busyLabel={t('store.confirm.submitting')}
        >
          {t('store.confirm.submit')}
        </Button>
        <Button variant="secondary" className="btn--block" onClick={onBack} disabled={sending}>
          {t('store.confirm.back')}
        </Button>
      </div>
    </section>
  );
}
