/**
 * /organization/sales: the owner's organization's sales by JST month, in total and per cast (a
 * removed cast keeps its row, unnamed), month by month up to the current one. The withdrawals of
 * these rewards are the owner's own (the income and withdrawal screens).
 */
import type { OrganizationSalesResponse, SalesFigures } from '@app/shared/schemas/organizations';
import { jstMonth } from '@app/shared/time';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { queryErrorKey } from '../../../lib/query.ts';
import type { Month } from '../../incomes/api/incomes.ts';
import { formatMonth, monthOfYm, shiftMonth, ymOf } from '../../incomes/format.ts';
import { formatNumber } from '../../points/format.ts';
import '../../incomes/incomes.css';
import { organizationKeys, useOrganizationSales } from '../cache.ts';
import { OwnerGate } from '../components/OwnerGate.tsx';
import '../organizations.css';
import { MonthPicker } from '../../incomes/components/MonthPicker.tsx';

function Figures({ figures, testId }: { figures: SalesFigures; testId?: string }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const yen = (n: number) => t('incomes.yen', { yen: formatNumber(lang, n) });
  return (
    <dl className="org-figures" data-testid={testId}>
      <div>
        <dt>{t('organizations.sales.revenue')}</dt>
        <dd>{yen(figures.revenue)}</dd>
      </div>
      <div>
        <dt>{t('organizations.sales.income')}</dt>
        <dd>{yen(figures.income)}</dd>
      </div>
      <div>
        <dt>{t('organizations.sales.count')}</dt>
        <dd>{t('organizations.sales.countValue', { n: formatNumber(lang, figures.count) })}</dd>
      </div>
    </dl>
  );
}

function Sales() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [params, setParams] = useSearchParams();
  const asked = monthOfYm(params.get('month') ?? undefined);
  // The current month: the API's, once read without a month; before that, the browser's (JST).
  const client = useQueryClient();
  const current = client.getQueryData<OrganizationSalesResponse>(organizationKeys.sales(null));
  const currentMonth = monthOfYm(current?.month) ?? (monthOfYm(jstMonth(new Date())) as Month);
  const query = useOrganizationSales(asked, true);
  const data = query.data;
  const error = queryErrorKey(query.error);
  const month: Month | null = asked ?? monthOfYm(data?.month);
  const latest = month === null || ymOf(month) >= ymOf(currentMonth);
  const go = (delta: number) => {
    if (!month) return;
    const next = shiftMonth(month, delta);
    setParams(ymOf(next) >= ymOf(currentMonth) ? {} : { month: ymOf(next) });
  };

  return (
    <>
      <MonthPicker
        label={month ? formatMonth(lang, month) : null}
        onMove={go}
        canGoBack={!!month}
        canGoForward={!latest}
      />
      <Alert kind="error">{error ? t(error.key, error.params ?? {}) : null}</Alert>
      {error?.key === 'errors.organizationNotFound' ? (
        <p>
          <LangLink to="/organization">{t('organizations.menu.organization')}</LangLink>
        </p>
      ) : null}
      {!data ? (
        error ? null : (
          <Spinner />
        )
      ) : (
        <>
          <section className="org-card" aria-labelledby="org-sales-total">
            <h3 id="org-sales-total" className="org-card__heading">
              {t('organizations.sales.total')}
            </h3>
            <Figures figures={data.total} testId="org-sales-total" />
          </section>
          <section aria-labelledby="org-sales-casts">
            <h3 id="org-sales-casts" className="section-title">
              {t('organizations.sales.byCast')}
            </h3>
            {data.casts.length === 0 ? (
              <p className="empty">{t('organizations.sales.empty')}</p>
            ) : (
              <ul className="org-sales" aria-labelledby="org-sales-casts">
                {data.casts.map((c) => (
                  <li key={c.cast_id} className="org-sales__row">
                    <p className="org-sales__who">
                      {c.nickname === null ? (
                        <span className="muted">{t('organizations.sales.removedCast')}</span>
                      ) : (
                        <>
                          <span className="org-sales__name">{c.nickname}</span>
                          {c.username ? <span className="muted"> @{c.username}</span> : null}
                        </>
                      )}
                    </p>
                    <Figures figures={c} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <section className="org-card org-withdraw" aria-labelledby="org-withdraw">
        <h3 id="org-withdraw" className="org-card__heading">
          {t('organizations.sales.withdrawHeading')}
        </h3>
        <p>{t('organizations.sales.withdrawBody')}</p>
        <div className="org-card__links">
          <LangLink className="btn btn--secondary btn--block" to="/mypage/incomes">
            {t('organizations.sales.incomesLink')}
          </LangLink>
          <LangLink className="btn btn--secondary btn--block" to="/mypage/account/withdraw">
            {t('organizations.sales.withdrawLink')}
          </LangLink>
        </div>
      </section>
    </>
  );
}

export default function OrganizationSalesPage() {
  const { t } = useTranslation();
  return (
    <section className="page org" aria-labelledby="org-sales-heading">
      <h1 id="org-sales-heading" className="page__title">
        {t('common.titles.organizationSales')}
      </h1>
      <p className="muted">{t('organizations.sales.lead')}</p>
      <OwnerGate>{() => <Sales />}</OwnerGate>
    </section>
  );
}
