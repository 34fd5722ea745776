import type { SummaryResponse } from '@app/shared/schemas/business';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { formatNumber } from '../../points/format.ts';
import type { Month } from '../api/incomes.ts';
import { formatMonth, formatMonthShort } from '../format.ts';

const W = 360;
const H = 160;
const TOP = 18;
const BOTTOM = 22;

/**
 * The last 12 months' income as bars (the month shown highlighted, the best month's figure on
 * top). A plain SVG: twelve bars need no chart library in this lazy chunk. The figures are in a
 * visually hidden table for screen readers; the drawing itself is hidden from them.
 */
export function IncomeChart({ chart, current }: { chart: SummaryResponse['chart']; current: Month }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const max = Math.max(0, ...chart.map((c) => c.income));
  const slot = W / Math.max(chart.length, 1);
  const barWidth = Math.min(20, slot * 0.6);
  const plot = H - TOP - BOTTOM;
  const best = max > 0 ? chart.findIndex((c) => c.income === max) : -1;
  return (
    <figure className="income-chart">
      <figcaption className="income-chart__caption">{t('incomes.chart.heading')}</figcaption>
      <svg
        className="income-chart__svg"
        viewBox={`0 0 ${W} ${H}`}
        aria-hidden="true"
        focusable="false"
        data-testid="income-chart"
      >
        <line x1={0} x2={W} y1={H - BOTTOM} y2={H - BOTTOM} className="income-chart__axis" />
        {chart.map((c, i) => {
          const height = max > 0 ? (Math.max(0, c.income) / max) * plot : 0;
          const x = i * slot + (slot - barWidth) / 2;
          const selected = c.year === current.year && c.month === current.month;
          return (
            <g key={`${c.year}-${c.month}`}>
              <rect
                x={x}
                y={H - BOTTOM - height}
                width={barWidth}
                height={Math.max(height, c.income > 0 ? 1 : 0)}
                rx={3}
                className={`income-chart__bar${selected ? ' income-chart__bar--current' : ''}`}
              />
              {i === best ? (
                <text x={i * slot + slot / 2} y={H - BOTTOM - height - 5} className="income-chart__value">
                  {formatNumber(lang, c.income)}
                </text>
              ) : null}
              <text
                x={i * slot + slot / 2}
                y={H - 6}
                className={`income-chart__label${selected ? ' income-chart__label--current' : ''}`}
              >
                {formatMonthShort(lang, c)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>{t('incomes.chart.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('incomes.chart.month')}</th>
            <th scope="col">{t('incomes.totals.income')}</th>
          </tr>
        </thead>
        <tbody>
          {chart.map((c) => (
            <tr key={`${c.year}-${c.month}`}>
              <th scope="row">{formatMonth(lang, c)}</th>
              <td>{t('incomes.yen', { yen: formatNumber(lang, c.income) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
