/**
 * The dashboard's two charts (Chart.js through react-chartjs-2, loaded only in this screen's lazy
 * chunk): sales of the last days by payment type (stacked bars, points) and new accounts by role
 * (lines). Each canvas is an image labelled with its totals, and the figures day by day are in a
 * table under "show as a table" (screen readers and anyone who wants the numbers).
 */
import type { DashboardDay } from '@app/shared/schemas/admin-dashboard';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { type AdminColumn, AdminTable } from '../../admin/components/AdminTable.tsx';
import { formatNumber } from '../../points/format.ts';
import { formatDay } from '../format.ts';

ChartJS.register(CategoryScale, LinearScale, BarElement, LineElement, PointElement, Tooltip, Legend);

const SALES_KEYS = ['chat', 'product', 'subscription', 'gift'] as const;
const TYPE_OF = { chat: '1', product: '2', subscription: '3', gift: '4' } as const;
const SALES_COLORS = { chat: '#1e88e5', product: '#43a047', subscription: '#8e24aa', gift: '#fb8c00' };
const ACCOUNT_KEYS = ['fans', 'creators', 'owners'] as const;
const ACCOUNT_COLORS = { fans: '#e53935', creators: '#3949ab', owners: '#00897b' };

const sum = (series: DashboardDay[], pick: (d: DashboardDay) => number) =>
  series.reduce((s, d) => s + pick(d), 0);

export function DashboardCharts({ series }: { series: DashboardDay[] }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const days = series.length;
  const labels = series.map((d) => formatDay(lang, d.day));
  const num = (n: number) => formatNumber(lang, n);
  const options = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false as const,
    plugins: { legend: { position: 'bottom' as const } },
  };
  const salesLabel = t('admin.dashboard.charts.salesLabel', {
    days,
    ...Object.fromEntries(SALES_KEYS.map((k) => [k, num(sum(series, (d) => d.sales[k]))])),
  });
  const accountsLabel = t('admin.dashboard.charts.accountsLabel', {
    days,
    ...Object.fromEntries(ACCOUNT_KEYS.map((k) => [k, num(sum(series, (d) => d[k]))])),
  });
  const salesHeader = (k: (typeof SALES_KEYS)[number]) => t(`admin.dashboard.sales.types.${TYPE_OF[k]}`);
  const accountsHeader = (k: (typeof ACCOUNT_KEYS)[number]) => t(`admin.dashboard.accounts.${k}`);
  // The figures day by day: the day heads each row.
  const dayColumn: AdminColumn<DashboardDay> = {
    key: 'day',
    header: t('admin.dashboard.charts.day'),
    rowHeader: true,
    cell: (_, i) => labels[i],
  };
  const figureColumn = (
    key: string,
    header: string,
    pick: (d: DashboardDay) => number,
  ): AdminColumn<DashboardDay> => ({ key, header, cell: (d) => num(pick(d)) });
  return (
    <div className="dash-charts">
      <figure className="dash-chart">
        <figcaption className="dash-chart__title">{t('admin.dashboard.charts.sales', { days })}</figcaption>
        <div className="dash-chart__canvas">
          <Bar
            role="img"
            aria-label={salesLabel}
            data-testid="dash-sales-chart"
            options={{
              ...options,
              scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true } },
            }}
            data={{
              labels,
              datasets: SALES_KEYS.map((k) => ({
                label: salesHeader(k),
                data: series.map((d) => d.sales[k]),
                backgroundColor: SALES_COLORS[k],
              })),
            }}
          />
        </div>
        <details className="dash-chart__table">
          <summary>{t('admin.dashboard.charts.table')}</summary>
          <AdminTable
            columns={[
              dayColumn,
              ...SALES_KEYS.map((k) => figureColumn(k, salesHeader(k), (d) => d.sales[k])),
            ]}
            rows={series}
            rowKey={(d) => d.day}
            caption={t('admin.dashboard.charts.sales', { days })}
          />
        </details>
      </figure>
      <figure className="dash-chart">
        <figcaption className="dash-chart__title">
          {t('admin.dashboard.charts.accounts', { days })}
        </figcaption>
        <div className="dash-chart__canvas">
          <Line
            role="img"
            aria-label={accountsLabel}
            data-testid="dash-accounts-chart"
            options={{ ...options, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } }}
            data={{
              labels,
              datasets: ACCOUNT_KEYS.map((k) => ({
                label: accountsHeader(k),
                data: series.map((d) => d[k]),
                borderColor: ACCOUNT_COLORS[k],
                backgroundColor: ACCOUNT_COLORS[k],
              })),
            }}
          />
        </div>
        <details className="dash-chart__table">
          <summary>{t('admin.dashboard.charts.table')}</summary>
          <AdminTable
            columns={[dayColumn, ...ACCOUNT_KEYS.map((k) => figureColumn(k, accountsHeader(k), (d) => d[k]))]}
            rows={series}
            rowKey={(d) => d.day}
            caption={t('admin.dashboard.charts.accounts', { days })}
          />
        </details>
      </figure>
    </div>
  );
}
