import type { PurchaseResponse, ShopItemView } from '@app/shared/schemas/shop';
import { type ReactNode, type RefObject, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { formatNumber } from '../../points/format.ts';
import type { Message } from '../../store/messages.ts';
import { useShopText } from '../messages.ts';
import type { Plan } from '../purchase-plan.ts';

type Viewer = NonNullable<ShopItemView['viewer']>;

/** The terms checkbox with its link (a new tab, so the flow is kept). */
export function TermsAgreement({
  agreed,
  onChange,
  error,
}: {
  agreed: boolean;
  onChange: (agreed: boolean) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <div className={`field terms${error ? ' field--error' : ''}`}>
      <label className="choice">
        <input
          type="checkbox"
          checked={agreed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="choice__label">{t('shop.flow.agree')}</span>
      </label>
      <p className="small">
        <LangLink to="/terms" target="_blank" rel="noopener">
          {t('shop.flow.terms')}
          <span className="visually-hidden">{t('shop.flow.termsNewTab')}</span>
        </LangLink>
      </p>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** Step 1: quantity (physical items), payment with points, the original points option, the terms. */
export function PurchaseOptions({
  item,
  viewer,
  headingRef,
  quantity,
  onQuantity,
  useOriginal,
  onUseOriginal,
  agreed,
  onAgreed,
  termsError,
  plan,
  notice,
  onNext,
  onShortfall,
  onCancel,
}: {
  item: ShopItemView;
  viewer: Viewer;
  headingRef: RefObject<HTMLHeadingElement | null>;
  quantity: number;
  onQuantity: (q: number) => void;
  useOriginal: boolean;
  onUseOriginal: (v: boolean) => void;
  agreed: boolean;
  onAgreed: (v: boolean) => void;
  termsError: string | null;
  plan: Plan;
  notice: Message | null;
  onNext: () => void;
  onShortfall: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const text = useShopText();
  const n = (x: number) => formatNumber(lang, x);
  const quantityId = useId();
  const total = item.points * quantity;
  return (
    <section className="shop-step" aria-labelledby="flow-heading">
      <h2 id="flow-heading" ref={headingRef} tabIndex={-1} className="section-title">
        {t('shop.flow.heading')}
      </h2>
      {notice ? <Alert kind="info">{text(notice)}</Alert> : null}
      {item.max_quantity > 1 ? (
        <div className="field">
          <label htmlFor={quantityId} className="field__label">
            {t('shop.flow.quantity')}
          </label>
          <select
            id={quantityId}
            className="select shop-step__quantity"
            value={quantity}
            onChange={(e) => onQuantity(Number(e.target.value))}
          >
            {Array.from({ length: item.max_quantity }, (_, i) => i + 1).map((q) => (
              <option key={q} value={q}>
                {n(q)}
              </option>
            ))}
          </select>
          <p className="field__hint">{t('shop.flow.quantityHint', { max: n(item.max_quantity) })}</p>
        </div>
      ) : null}
      <fieldset className="fieldset-plain field">
        <legend className="field__label">{t('shop.flow.payment')}</legend>
        <label className="choice">
          <input type="radio" name="payment" value="point" checked readOnly />
          <span className="choice__label">{t('shop.flow.paymentPoints')}</span>
        </label>
        {viewer.original_points > 0 ? (
          <label className="choice">
            <input type="checkbox" checked={useOriginal} onChange={(e) => onUseOriginal(e.target.checked)} />
            <span className="choice__label">
              {t('shop.flow.useOriginal', {
                nickname: item.creator.nickname ?? item.creator.username ?? '',
                points: n(viewer.original_points),
              })}
            </span>
          </label>
        ) : null}
      </fieldset>
      <PointSums
        balance={viewer.balance.mushroom}
        total={total}
        totalLabel={t('shop.flow.total')}
        testId="flow"
      />
      {plan.shortfall > 0 ? (
        <Shortfall shortfall={plan.shortfall}>
          <Button className="btn--block" onClick={onShortfall}>
            {t('shop.flow.buyShortfall', { shortfall: n(plan.shortfall) })}
          </Button>
        </Shortfall>
      ) : (
        <>
          <TermsAgreement agreed={agreed} onChange={onAgreed} error={termsError} />
          <Button className="btn--block" onClick={onNext}>
            {t('shop.flow.next')}
          </Button>
        </>
      )}
      <Button variant="secondary" className="btn--block shop-step__cancel" onClick={onCancel}>
        {t('shop.flow.cancel')}
      </Button>
    </section>
  );
}

/** Step 2: the final confirmation screen (最終確認画面) and the button that buys. */
export function PurchaseConfirm({
  item,
  headingRef,
  quantity,
  plan,
  sending,
  error,
  retrySafe,
  onBuy,
  onBack,
}: {
  item: ShopItemView;
  headingRef: RefObject<HTMLHeadingElement | null>;
  quantity: number;
  plan: Plan;
  sending: boolean;
  error: Message | null;
  retrySafe: boolean;
  onBuy: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const text = useShopText();
  const n = (x: number) => formatNumber(lang, x);
  const pts = (x: number) => t('shop.item.points', { points: n(x) });
  const rows: [string, ReactNode][] = [
    ['item', item.name],
    ['seller', item.shop.shop_name ?? item.creator.nickname ?? item.creator.username ?? ''],
    ['quantity', t('shop.confirm.quantityValue', { count: quantity })],
    [
      'unitPrice',
      t('shop.confirm.unitPriceValue', {
        points: pts(item.points),
        price: t('shop.item.price', { price: n(item.price) }),
      }),
    ],
    [
      'total',
      <strong key="total" className="confirm__total">
        {pts(item.points * quantity)}
      </strong>,
    ],
  ];
  if (plan.fromOriginal > 0) rows.push(['fromOriginal', pts(plan.fromOriginal)]);
  rows.push(['fromMushroom', pts(plan.fromMushroom)], ['after', n(plan.mushroomAfter)]);
  if (plan.fromOriginal > 0) rows.push(['originalAfter', n(plan.originalAfter)]);
  rows.push(
    ['timing', t('shop.confirm.timingValue')],
    [
      'delivery',
      item.item_type === 'physical' ? t('shop.confirm.deliveryPhysical') : t('shop.confirm.deliveryDigital'),
    ],
    ['cancel', t('shop.confirm.cancelValue')],
  );
  return (
    <section className="shop-step confirm" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading" ref={headingRef} tabIndex={-1} className="section-title">
        {t('shop.confirm.heading')}
      </h2>
      <p className="small">{t('shop.confirm.lead')}</p>
      <dl className="shop-confirm">
        {rows.map(([key, value]) => (
          <div key={key} data-testid={`confirm-${key}`}>
            <dt>{t(`shop.confirm.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="small">
        <a href="#disclosure">{t('shop.item.disclosure.heading')}</a>
      </p>
      {error ? (
        <Alert kind="error">
          {text(error)}
          {retrySafe ? <> {t('shop.confirm.retrySafe')}</> : null}
        </Alert>
      ) : null}
      <div className="confirm__actions">
        <Button className="btn--block" onClick={onBuy} busy={sending} busyLabel={t('shop.confirm.sending')}>
          {t('shop.confirm.submit')}
        </Button>
        <Button variant="secondary" className="btn--block" onClick={onBack} disabled={sending}>
          {t('shop.confirm.back')}
        </Button>
      </div>
    </section>
  );
}

/** Step 3: done, with the way to the library entry. */
export function PurchaseDone({
  item,
  result,
  headingRef,
  onBack,
}: {
  item: ShopItemView;
  result: PurchaseResponse;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const n = (x: number) => formatNumber(lang, x);
  const line = result.line_ids[0];
  return (
    <section className="shop-step done" aria-labelledby="done-heading">
      <div className="alert alert--success" role="status">
        <h2 id="done-heading" ref={headingRef} tabIndex={-1} className="done__heading">
          {t('shop.done.heading')}
        </h2>
        <p>{t('shop.done.lead', { name: item.name, points: n(result.points) })}</p>
      </div>
      <BalanceAfter balance={result.balance.mushroom} />
      <div className="confirm__actions">
        {line ? (
          <LangLink to={`/library/${line}`} className="btn btn--primary btn--block">
            {t('shop.done.library')}
          </LangLink>
        ) : null}
        <Button variant="secondary" className="btn--block" onClick={onBack}>
          {t('shop.done.back')}
        </Button>
      </div>
    </section>
  );
}

/** The buyer's mushrooms and what the purchase costs (the item's flow and the cart). */
export function PointSums({
  balance,
  total,
  totalLabel,
  testId,
}: {
  balance: number;
  total: number;
  totalLabel: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <dl className="shop-sums">
      <div>
        <dt>{t('shop.flow.balance')}</dt>
        <dd data-testid={`${testId}-balance`}>{formatNumber(lang, balance)}</dd>
      </div>
      <div className="shop-sums__total">
        <dt>{totalLabel}</dt>
        <dd data-testid={`${testId}-total`}>
          {t('shop.item.points', { points: formatNumber(lang, total) })}
        </dd>
      </div>
    </dl>
  );
}

/** The balance falls short: how much, and the way to the store (`children`). */
export function Shortfall({ shortfall, children }: { shortfall: number; children: ReactNode }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <div className="shop-short">
      <Alert kind="warning">
        <strong>{t('shop.flow.short', { shortfall: formatNumber(lang, shortfall) })}</strong>{' '}
        {t('shop.flow.shortHint')}
      </Alert>
      {children}
    </div>
  );
}

/** The mushrooms left after a purchase (done screens). */
export function BalanceAfter({ balance }: { balance: number }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <dl className="shop-sums">
      <div>
        <dt>{t('shop.done.balance')}</dt>
        <dd data-testid="done-balance">{formatNumber(lang, balance)}</dd>
      </div>
    </dl>
  );
}
