import type { CreatePaymentResponse } from '@app/shared/schemas/store';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { formatDate, formatNumber } from '../../points/format.ts';
import { ChatReturnLink, isChatReturn } from './BuyLink.tsx';

/** After the payment: what was added, the new mushroom balance and its expiry. */
export function PurchaseDone({
  headingRef,
  result,
  onAgain,
  returnTo = null,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  result: CreatePaymentResponse;
  onAgain: () => void;
  /** The chat (or, with `?next=`, the page) the store was opened from: going back there comes first. */
  returnTo?: string | null;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const n = (x: number) => formatNumber(lang, x);
  return (
    <section className="done" aria-labelledby="done-heading">
      <div className="alert alert--success done__alert" role="status">
        <h2 id="done-heading" ref={headingRef} tabIndex={-1} className="done__heading">
          {t('store.done.heading')}
        </h2>
        <p>{t('store.done.lead', { count: n(result.mushrooms), price: n(result.price) })}</p>
      </div>
      <dl className="done__balance">
        <dt>{t('store.done.balance')}</dt>
        <dd data-testid="mushroom-balance">{n(result.balance.mushroom)}</dd>
      </dl>
      <p className="small muted">{t('store.done.expires', { date: formatDate(lang, result.expires_at) })}</p>
      <div className="confirm__actions">
        {returnTo ? (
          isChatReturn(returnTo) ? (
            <ChatReturnLink to={returnTo}>{t('store.done.backToChat')}</ChatReturnLink>
          ) : (
            // A `?next=` path comes without its language prefix: the link adds the current one.
            <LangLink to={returnTo} className="btn btn--primary btn--block">
              {t('store.done.backToPage')}
            </LangLink>
          )
        ) : null}
        <Button variant={returnTo ? 'secondary' : 'primary'} className="btn--block" onClick={onAgain}>
          {t('store.done.again')}
        </Button>
        <LangLink to="/mypage/points" className="btn btn--secondary btn--block">
          {t('store.done.history')}
        </LangLink>
      </div>
    </section>
  );
}
