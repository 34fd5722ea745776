import { ROLE } from '@app/shared/roles';
import { paymentTypes, type SummaryResponse } from '@app/shared/schemas/business';
import { jstMonth } from '@app/shared/time';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { pagedItems, queryErrorKey } from '../../../lib/query.ts';
import { useAuth } from '../../../lib/session.ts';
import { useAccount } from '../../mypage/account-store.ts';
import { CastRewardsNote } from '../../organizations/components/CastRewardsNote.tsx';
import { formatDate, formatNumber } from '../../points/format.ts';
import '../../points/points.css';
import '../incomes.css';
import type { Month } from '../api/incomes.ts';
import { type IncomeFilter, incomeKeys, useIncomeRows, useSummary } from '../cache.ts';
import { IncomeChart } from '../components/IncomeChart.tsx';
import { IncomeRowItem } from '../components/IncomeRowItem.tsx';
import { MonthPicker } from '../components/MonthPicker.tsx';
import { MonthTotals } from '../components/MonthTotals.tsx';
import { formatMonth, monthOfYm, shiftMonth, ymOf } from '../format.ts';

const FILTERS: readonly IncomeFilter[] = ['all', ...paymentTypes];

function Incomes() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const role = useAuth().profile?.role_id;
  const allowed = role !== undefined && role !== ROLE.FAN;
  // A cast's rewards are its organization's: no withdrawal here (issue 16).
  const castOf = useAccount().data?.cast_of ?? null;
  const [params, setParams] = useSearchParams();
  // No `?month=`: the current month as the API's clock has it (the summary names it).
  const asked = monthOfYm(params.get('month') ?? undefined);
  // The current month: the API's, once read without a month; before that, the browser's.
  const client = useQueryClient();
  const current = client.getQueryData<SummaryResponse>(incomeKeys.summary(null));
  const currentMonth = current
    ? { year: current.year, month: current.month }
    : monthOfYm(jstMonth(new Date()));
  const [filter, setFilter] = useState<IncomeFilter>('all');
  const summary = useSummary(asked, allowed);
  const rowsQuery = useIncomeRows(asked, filter, allowed);
  const rows = pagedItems(rowsQuery.data, (p) => p.rows);
  const error = queryErrorKey(summary.error ?? rowsQuery.error);
  const month: Month | null =
    asked ?? (summary.data ? { year: summary.data.year, month: summary.data.month } : null);
  const latest = asked === null || (currentMonth !== null && ymOf(asked) >= ymOf(currentMonth));
  const go = (delta: number) => {
    if (!month) return;
    const next = shiftMonth(month, delta);
    const isCurrent = currentMonth !== null && ymOf(next) >= ymOf(currentMonth);
    setParams(isCurrent ? {} : { month: ymOf(next) });
  };
  const yen = (n: number) => t('incomes.yen', { yen: formatNumber(lang, n) });

  if (role === ROLE.FAN)
    return (
      <section className="page" aria-labelledby="incomes-heading">
        <h1 id="incomes-heading" className="page__title">
          {t('incomes.heading')}
        </h1>
        <p className="empty">{t('incomes.creatorsOnly')}</p>
      </section>
    );

  const data = summary.data;
  return (
    <section className="page incomes" aria-labelledby="incomes-heading">
      <h1 id="incomes-heading" className="page__title">
        {t('incomes.heading')}
      </h1>
      <MonthPicker
        label={month ? formatMonth(lang, month) : null}
        onMove={go}
        canGoBack={!!month}
        canGoForward={!latest}
      />
      <Alert kind="error">{error ? t(error.key, error.params ?? {}) : null}</Alert>
      {data && month ? (
        <>
          <section className="income-card" aria-labelledby="income-month-heading">
            <h3 id="income-month-heading" className="income-card__heading">
              {t(data.closed ? 'incomes.totals.headingClosed' : 'incomes.totals.headingOpen')}
            </h3>
            <MonthTotals totals={data.totals} byType={data.by_type} />
            {data.closed ? (
              <p className="income-card__link">
                <LangLink to={`/mypage/incomes/statement/${ymOf(month)}`}>
                  {t('incomes.statementLink')}
                </LangLink>
              </p>
            ) : null}
          </section>
          <IncomeChart chart={data.chart} current={month} />
          <section className="income-card income-withdraw" aria-labelledby="income-withdraw-heading">
            <h3 id="income-withdraw-heading" className="income-card__heading">
              {t(castOf ? 'organizations.sales.withdrawHeading' : 'incomes.withdrawable.label')}
            </h3>
            {castOf ? (
              <CastRewardsNote organization={castOf.name} />
            ) : (
              <>
                <p className="income-withdraw__amount">{yen(data.withdrawable_amount)}</p>
                <p className="income-withdraw__hint">
                  {t('incomes.withdrawable.unpaid', { yen: yen(data.unpaid_amount) })}
                </p>
                <LangLink to="/mypage/account/withdraw" className="btn btn--primary btn--block">
                  {t('incomes.withdrawable.link')}
                </LangLink>
              </>
            )}
          </section>
          {data.campaign ? (
            <p className="income-campaign">
              {t('incomes.campaign', {
                rate: Math.round(data.campaign.rate * 100),
                date: formatDate(lang, data.campaign.ends_at),
              })}
            </p>
          ) : null}
        </>
      ) : error ? null : (
        <Spinner />
      )}
      <h2 className="section-title">{t('incomes.rows.heading')}</h2>
      <fieldset className="filter">
        <legend className="visually-hidden">{t('incomes.filter.legend')}</legend>
        <div className="filter__options">
          {FILTERS.map((f) => (
            <label key={f} className="filter__option">
              <input
                type="radio"
                name="payment-type"
                value={String(f)}
                checked={filter === f}
                onChange={() => setFilter(f)}
              />
              <span>{f === 'all' ? t('incomes.filter.all') : t(`incomes.types.${f}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {rows === null ? (
        rowsQuery.error ? null : (
          <Spinner />
        )
      ) : rows.length === 0 ? (
        <p className="empty">{t(filter === 'all' ? 'incomes.rows.empty' : 'incomes.rows.emptyFiltered')}</p>
      ) : (
        <>
          <ol className="history" aria-label={t('incomes.rows.listLabel')}>
            {rows.map((row) => (
              <IncomeRowItem key={row.id} row={row} />
            ))}
          </ol>
          <LoadMore
            query={rowsQuery}
            label={t('incomes.rows.more')}
            busyLabel={t('incomes.rows.loadingMore')}
            className="history__more"
          />
        </>
      )}
    </section>
  );
}

/** /mypage/incomes: a month's income (totals, by type, the chart) and its rows, month by month. */
export default function IncomesPage() {
  return (
    <RequireAuth>
      <Incomes />
    </RequireAuth>
  );
}
