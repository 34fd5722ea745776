import { type BalanceView, pointKinds } from '@app/shared/schemas/points';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { formatDate, formatNumber } from '../format.ts';
import '../points.css';

/**
 * Balances by kind (mushroom, leaf, original), the nearest expiry and a warning when points
 * expire soon. Shared by the store, the point history and the easy profile.
 */
export function BalanceSummary({
  balance,
  heading,
  children,
}: {
  balance: BalanceView;
  /** Defaults to "Your points". */
  heading?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const headingId = useId();
  const { nearest_expiry: nearest, expiring_soon: soon } = balance;
  return (
    <section className="balance" aria-labelledby={headingId}>
      <h2 id={headingId} className="balance__heading">
        {heading ?? t('points.balance.heading')}
      </h2>
      <dl className="balance__kinds">
        {pointKinds.map((kind) => (
          <div key={kind} className={`balance__kind balance__kind--${kind}`}>
            <dt>
              <span className="balance__label">{t(`points.kinds.${kind}`)}</span>
              <span className="balance__hint">{t(`points.kindHints.${kind}`)}</span>
            </dt>
            <dd className="balance__value" data-testid={`balance-${kind}`}>
              {formatNumber(lang, balance[kind])}
            </dd>
          </div>
        ))}
      </dl>
      {soon ? (
        <div className="alert alert--warning balance__warning" role="note">
          {t('points.balance.expiringSoon', {
            points: formatNumber(lang, soon.points),
            date: formatDate(lang, soon.first_expires_at),
          })}
        </div>
      ) : null}
      {nearest ? (
        <p className="balance__expiry">
          {t('points.balance.nearestExpiry', {
            date: formatDate(lang, nearest.expires_at),
            kind: t(`points.kinds.${nearest.kind}`),
            points: formatNumber(lang, nearest.points),
          })}
        </p>
      ) : null}
      {children}
    </section>
  );
}
