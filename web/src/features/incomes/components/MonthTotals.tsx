import type { Amounts, SummaryResponse } from '@app/shared/schemas/business';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { formatNumber } from '../../points/format.ts';

const FIELDS = ['revenue', 'fee', 'income'] as const;

/**
 * The month's revenue, fee and income by payment type: the income screen's table and the
 * statement's (which adds the month's total as `totals`).
 */
export function ByTypeTable({
  byType,
  totals,
  className,
}: {
  byType: SummaryResponse['by_type'];
  totals?: Amounts;
  className: string;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const yen = (n: number) => t('incomes.yen', { yen: formatNumber(lang, n) });
  return (
    <table className={className}>
      <caption className={`${className}__caption`}>{t('incomes.byType.heading')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('incomes.byType.type')}</th>
          {FIELDS.map((f) => (
            <th key={f} scope="col">
              {t(`incomes.totals.${f}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {byType.map((row) => (
          <tr key={row.payment_type}>
            <th scope="row">{t(`incomes.types.${row.payment_type}`)}</th>
            {FIELDS.map((f) => (
              <td key={f}>{yen(row[f])}</td>
            ))}
          </tr>
        ))}
      </tbody>
      {totals ? (
        <tfoot>
          <tr>
            <th scope="row">{t('incomes.statement.total')}</th>
            {FIELDS.map((f) => (
              <td key={f}>{yen(totals[f])}</td>
            ))}
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}

/** The month's revenue, fee and income, and the same by payment type (a table). */
export function MonthTotals({ totals, byType }: { totals: Amounts; byType: SummaryResponse['by_type'] }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const yen = (n: number) => t('incomes.yen', { yen: formatNumber(lang, n) });
  return (
    <>
      <dl className="income-totals">
        {FIELDS.map((f) => (
          <div key={f} className={`income-totals__item income-totals__item--${f}`}>
            <dt>{t(`incomes.totals.${f}`)}</dt>
            <dd>{yen(totals[f])}</dd>
          </div>
        ))}
      </dl>
      <ByTypeTable className="income-types" byType={byType} />
    </>
  );
}
