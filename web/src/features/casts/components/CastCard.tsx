import type { CastView, SalesFigures } from '@app/shared/schemas/organizations';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { formatDate, formatMonth, formatNumber } from '../../points/format.ts';

export type CastAction = 'reset' | 'suspend' | 'resume' | 'remove';

/** One cast: who, its state, this and last month's sales, and the owner's actions on it. */
export function CastCard({
  cast,
  months,
  busy,
  onAction,
}: {
  cast: CastView;
  /** The JST months of `this_month` and `last_month` ('2026-11'), as the list answered them. */
  months: { this: string; last: string };
  busy: boolean;
  onAction: (action: CastAction, cast: CastView) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const name = cast.nickname || cast.username;
  const yen = (n: number) => t('incomes.yen', { yen: formatNumber(lang, n) });
  const columns: { which: 'this' | 'last'; figures: SalesFigures }[] = [
    { which: 'this', figures: cast.this_month },
    { which: 'last', figures: cast.last_month },
  ];
  return (
    <li className={`cast-card cast-card--${cast.status}`} data-testid="cast-row">
      <div className="cast-card__who">
        <Avatar peer={cast} size={48} />
        <div className="cast-card__names">
          <p className="cast-card__nickname">{name}</p>
          <p className="cast-card__username">@{cast.username}</p>
        </div>
      </div>
      <p className="cast-card__badges">
        <span className={`cast-badge cast-badge--${cast.status}`} data-testid="cast-status">
          {t(`casts.list.status.${cast.status}`)}
        </span>
        {cast.password_change_required ? (
          <span
            className="cast-badge cast-badge--password"
            title={t('casts.list.passwordPendingHint')}
            data-testid="cast-password-pending"
          >
            {t('casts.list.passwordPending')}
          </span>
        ) : null}
      </p>
      <table className="cast-sales">
        <caption>{t('casts.list.sales')}</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">{formatMonth(lang, months.this)}</th>
            <th scope="col">{formatMonth(lang, months.last)}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('casts.list.revenue')}</th>
            {columns.map((c) => (
              <td key={c.which} data-testid={`cast-${c.which}-revenue`}>
                {yen(c.figures.revenue)}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">{t('casts.list.count')}</th>
            {columns.map((c) => (
              <td key={c.which} data-testid={`cast-${c.which}-count`}>
                {t('casts.list.countValue', { n: formatNumber(lang, c.figures.count) })}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <p className="cast-card__created">
        {t('casts.list.createdAt', { date: formatDate(lang, cast.created_at) })}
      </p>
      <fieldset className="cast-card__actions" aria-label={t('casts.list.actionsLabel', { name })}>
        <Button variant="secondary" disabled={busy} onClick={() => onAction('reset', cast)}>
          {t('casts.list.resetPassword')}
        </Button>
        {cast.status === 'active' ? (
          <Button variant="secondary" disabled={busy} onClick={() => onAction('suspend', cast)}>
            {t('casts.list.suspend')}
          </Button>
        ) : (
          <Button
            variant="primary"
            busy={busy}
            busyLabel={t('casts.resume.busy')}
            onClick={() => onAction('resume', cast)}
          >
            {t('casts.list.resume')}
          </Button>
        )}
        <Button variant="danger" disabled={busy} onClick={() => onAction('remove', cast)}>
          {t('casts.list.remove')}
        </Button>
      </fieldset>
    </li>
  );
}
