import { businessConfig } from '@app/shared/config';
import type { IncomeRowView } from '@app/shared/schemas/business';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { formatDateTime, formatNumber } from '../../points/format.ts';

/** One income row: what was bought and by whom, the payment and point type, the points and the income. */
export function IncomeRowItem({ row }: { row: IncomeRowView }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const stampName =
    row.target.kind === 'stamp'
      ? (businessConfig.chat.stamps.find((s) => s.id === row.target.name)?.name[lang] ?? row.target.name)
      : row.target.name;
  const target = stampName
    ? t(`incomes.rows.targetsNamed.${row.target.kind}`, { name: stampName })
    : t(`incomes.rows.targets.${row.target.kind}`);
  const buyer = row.buyer ? (row.buyer.nickname ?? t('incomes.rows.noName')) : t('incomes.rows.buyerLeft');
  // An organization's row names the cast who made the sale.
  const cast = row.cast
    ? t('incomes.rows.cast', { name: row.cast.nickname ?? t('incomes.rows.castLeft') })
    : null;
  const minus = row.income < 0 || row.points < 0;
  return (
    <li className="history__row">
      <span className="history__title">
        {target}
        <span className="history__who"> · {buyer}</span>
        {cast ? <span className="history__who"> · {cast}</span> : null}
      </span>
      <span className={`history__points history__points--${minus ? 'minus' : 'plus'}`}>
        {t('incomes.yen', { yen: formatNumber(lang, row.income) })}
      </span>
      <span className="history__meta">
        <time dateTime={row.created_at}>{formatDateTime(lang, row.created_at)}</time> ·{' '}
        {t(`incomes.types.${row.payment_type}`)} · {t(`points.kinds.${row.point_type}`)}{' '}
        {t('incomes.rows.points', { points: formatNumber(lang, row.points) })}
      </span>
      {minus ? <span className="history__yen">{t('incomes.rows.reversed')}</span> : null}
    </li>
  );
}
