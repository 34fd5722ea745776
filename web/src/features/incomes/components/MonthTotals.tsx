import type { Amounts, SummaryResponse } from '@app/shared/schemas/business';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { formatNumber } from '../../points/format.ts';

const FIELDS = ['revenue', 'fee', 'income'] as const;

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
      <table className="income-types">
        <caption className="income-types__caption">{t('incomes.byType.heading')}</caption>
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
      </table>
    </>
  );
}
