/**
 * /admin: the operators' dashboard (issue 17). Today's and this month's (JST) figures: sales by
 * payment type (points, the platform's fee, payments; the point kinds on demand), card purchases
 * of mushrooms in yen, new accounts by role; the queues waiting for an operator, each linking to
 * its screen; the last days' charts.
 */
import type { DashboardResponse, PeriodFigures } from '@app/shared/schemas/admin-dashboard';
import { pointKinds } from '@app/shared/schemas/points';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { queryErrorKey, unwrap } from '../../../lib/query.ts';
import { AdminPage } from '../../admin/components/AdminPage.tsx';
import { formatNumber } from '../../points/format.ts';
import { getDashboard } from '../api/getDashboard.ts';
import { DashboardCharts } from '../components/DashboardCharts.tsx';
import { formatFullDay } from '../format.ts';
import '../dashboard.css';

export const dashboardKey = ['admin', 'dashboard'] as const;

type Period = 'today' | 'month';

function Queues({ queues }: { queues: DashboardResponse['queues'] }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const w = queues.withdrawals;
  const withdrawals = w.unconfirmed + w.checking + w.reapplying;
  const r = queues.reports;
  const cards = [
    { to: '/admin/reports', name: t('admin.dashboard.queues.reports'), n: r.open + r.in_progress },
    {
      to: '/admin/organizations',
      name: t('admin.dashboard.queues.organizations'),
      n: queues.organizations_review,
    },
    { to: '/admin/withdrawals', name: t('admin.dashboard.queues.withdrawals'), n: withdrawals },
  ];
  return (
    <section className="dash-section" aria-labelledby="dash-queues">
      <h2 id="dash-queues" className="dash-section__title">
        {t('admin.dashboard.queues.heading')}
      </h2>
      <ul className="dash-queues">
        {cards.map((c) => (
          <li key={c.to}>
            <LangLink
              to={c.to}
              className={`dash-queue${c.n > 0 ? ' dash-queue--waiting' : ''}`}
              aria-label={t('admin.dashboard.queues.open', { name: c.name, n: formatNumber(lang, c.n) })}
            >
              <span className="dash-queue__name">{c.name}</span>
              <span className="dash-queue__value">
                {t('admin.dashboard.queues.value', { n: formatNumber(lang, c.n) })}
              </span>
              {c.to === '/admin/reports' ? (
                <span className="dash-queue__detail">
                  {(['open', 'in_progress'] as const)
                    .map(
                      (s) => `${t(`admin.dashboard.queues.reportStatus.${s}`)} ${formatNumber(lang, r[s])}`,
                    )
                    .join(' / ')}
                </span>
              ) : null}
              {c.to === '/admin/withdrawals' ? (
                <span className="dash-queue__detail">
                  {(['unconfirmed', 'checking', 'reapplying'] as const)
                    .map(
                      (s) =>
                        `${t(`admin.dashboard.queues.withdrawalStatus.${s}`)} ${formatNumber(lang, w[s])}`,
                    )
                    .join(' / ')}
                </span>
              ) : null}
            </LangLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PeriodCard({ period, figures }: { period: Period; figures: PeriodFigures }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const num = (n: number) => formatNumber(lang, n);
  const pts = (n: number) => t('admin.dashboard.sales.points', { points: num(n) });
  const title = t(`admin.dashboard.${period}`);
  const id = `dash-${period}`;
  return (
    <section className="dash-card" aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="dash-card__title">
        {title}
      </h2>
      <div className="dash-card__headline">
        <div className="dash-stat">
          <span className="dash-stat__label">{t('admin.dashboard.purchases.heading')}</span>
          <span className="dash-stat__value">
            {t('admin.dashboard.purchases.yen', { yen: num(figures.purchases.yen) })}
          </span>
          <span className="dash-stat__detail">
            {t('admin.dashboard.purchases.detail', {
              mushrooms: num(figures.purchases.mushrooms),
              count: figures.purchases.count,
              n: num(figures.purchases.count),
            })}
          </span>
        </div>
        <div className="dash-stat">
          <span className="dash-stat__label">
            {t('admin.dashboard.sales.heading')} · {t('admin.dashboard.sales.total')}
          </span>
          <span className="dash-stat__value">{pts(figures.total.points)}</span>
          <span className="dash-stat__detail">
            {t('admin.dashboard.sales.fee', { points: num(figures.total.fee) })} ·{' '}
            {t('admin.dashboard.sales.count', { count: figures.total.count, n: num(figures.total.count) })}
          </span>
          <span className="dash-stat__detail">
            {t('admin.dashboard.sales.paidShare', { points: num(figures.total.mushroom_points) })}
          </span>
        </div>
      </div>
      <ul className="dash-types" aria-label={t('admin.dashboard.sales.heading')}>
        {figures.sales.map((s) => {
          const type = t(`admin.dashboard.sales.types.${s.payment_type}`);
          return (
            <li key={s.payment_type} className="dash-type">
              <details>
                <summary className="dash-type__summary">
                  <span className="dash-type__name">{type}</span>
                  <span className="dash-type__value">{pts(s.points)}</span>
                  <span className="dash-type__detail">
                    {t('admin.dashboard.sales.fee', { points: num(s.fee) })} ·{' '}
                    {t('admin.dashboard.sales.count', { count: s.count, n: num(s.count) })}
                  </span>
                </summary>
                <table className="admin-table dash-kinds">
                  <caption className="visually-hidden">
                    {t('admin.dashboard.sales.kindsCaption', { type, period: title })}
                  </caption>
                  <tbody>
                    {pointKinds.map((k) => (
                      <tr key={k}>
                        <th scope="row">{t(`admin.dashboard.sales.kinds.${k}`)}</th>
                        <td>{pts(s.by_kind[k]?.points ?? 0)}</td>
                        <td>{t('admin.dashboard.sales.fee', { points: num(s.by_kind[k]?.fee ?? 0) })}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            </li>
          );
        })}
      </ul>
      <dl className="dash-accounts" aria-label={t('admin.dashboard.accounts.heading')}>
        <div className="dash-accounts__title">{t('admin.dashboard.accounts.heading')}</div>
        {(['fans', 'creators', 'owners'] as const).map((k) => (
          <div key={k} className="dash-accounts__row">
            <dt>{t(`admin.dashboard.accounts.${k}`)}</dt>
            <dd>{t('admin.dashboard.accounts.value', { n: num(figures.accounts[k]) })}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const query = useQuery({ queryKey: dashboardKey, queryFn: async () => unwrap(await getDashboard()) });
  const error = queryErrorKey(query.error);
  const data = query.data;
  return (
    <AdminPage
      title={t('admin.dashboard.title')}
      actions={
        data ? (
          <span className="dash-as-of">
            {t('admin.dashboard.asOf', { date: formatFullDay(lang, data.today) })}
          </span>
        ) : null
      }
    >
      {error ? (
        <Alert kind="error">
          {t('admin.dashboard.error')}{' '}
          <button type="button" className="btn btn--ghost" onClick={() => query.refetch()}>
            {t('admin.dashboard.retry')}
          </button>
        </Alert>
      ) : null}
      {!data && !error ? <Spinner /> : null}
      {data ? (
        <>
          <Queues queues={data.queues} />
          <div className="dash-periods">
            <PeriodCard period="today" figures={data.figures.today} />
            <PeriodCard period="month" figures={data.figures.month} />
          </div>
          <DashboardCharts series={data.series} />
        </>
      ) : null}
    </AdminPage>
  );
}
