import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { queryErrorKey } from '../../../lib/query.ts';
import { formatDate, formatNumber } from '../../points/format.ts';
import '../incomes.css';
import type { Month } from '../api/incomes.ts';
import { useStatement } from '../cache.ts';
import { ByTypeTable } from '../components/MonthTotals.tsx';
import { formatMonth, monthOfYm, ymOf } from '../format.ts';

function Statement({ month }: { month: Month }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const query = useStatement(month);
  const error = queryErrorKey(query.error);
  const s = query.data;
  const yen = (n: number) => t('incomes.yen', { yen: formatNumber(lang, n) });
  return (
    <article className="page statement" aria-labelledby="statement-heading">
      <div className="statement__actions">
        <LangLink to={`/mypage/incomes?month=${ymOf(month)}`}>{t('incomes.statement.back')}</LangLink>
        {s ? (
          <button type="button" className="btn btn--primary" onClick={() => window.print()}>
            {t('incomes.statement.print')}
          </button>
        ) : null}
      </div>
      <h1 id="statement-heading" className="statement__title">
        {t('incomes.statement.heading')}
      </h1>
      <p className="statement__period">
        {t('incomes.statement.period', { month: formatMonth(lang, month) })}
      </p>
      <Alert kind="error">{error ? t(error.key, error.params ?? {}) : null}</Alert>
      {s ? (
        <>
          <dl className="statement__facts">
            <div>
              <dt>{t('incomes.statement.issuedOn')}</dt>
              <dd>{formatDate(lang, `${s.issued_on}T03:00:00.000Z`)}</dd>
            </div>
            <div>
              <dt>{t('incomes.statement.fullName')}</dt>
              <dd>{s.creator.full_name ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('incomes.statement.creatorName')}</dt>
              <dd>
                {s.creator.nickname ?? '—'}
                {s.creator.username ? ` (@${s.creator.username})` : ''}
              </dd>
            </div>
            <div>
              <dt>{t('incomes.statement.invoiceNumber')}</dt>
              <dd>{s.invoice_number ?? t('incomes.statement.invoiceNone')}</dd>
            </div>
            <div>
              <dt>{t('incomes.statement.issuer')}</dt>
              <dd>{t('common.appName')}</dd>
            </div>
          </dl>
          <ByTypeTable className="statement__table" byType={s.by_type} totals={s.totals} />
          <section className="statement__withdrawal" aria-labelledby="statement-withdrawal">
            <h2 id="statement-withdrawal">{t('incomes.statement.withdrawal')}</h2>
            {s.withdrawal ? (
              <dl className="statement__facts">
                <div>
                  <dt>{t('incomes.statement.requested')}</dt>
                  <dd>{yen(s.withdrawal.requested_amount)}</dd>
                </div>
                <div>
                  <dt>{t('incomes.statement.status')}</dt>
                  <dd>{t(`withdrawals.status.${s.withdrawal.status}`, s.withdrawal.status)}</dd>
                </div>
                {s.withdrawal.transfer_date ? (
                  <div>
                    <dt>{t('incomes.statement.transferDate')}</dt>
                    <dd>{formatDate(lang, `${s.withdrawal.transfer_date}T03:00:00.000Z`)}</dd>
                  </div>
                ) : null}
              </dl>
            ) : (
              <p>{t('incomes.statement.noWithdrawal')}</p>
            )}
          </section>
          <p className="statement__note">{t('incomes.statement.note')}</p>
        </>
      ) : error ? null : (
        <Spinner />
      )}
    </article>
  );
}

function StatementRoute() {
  const { t } = useTranslation();
  const month = monthOfYm(useParams().ym);
  if (!month)
    return (
      <section className="page">
        <h1 className="page__title">{t('incomes.statement.heading')}</h1>
        <p className="empty">{t('incomes.statement.badMonth')}</p>
      </section>
    );
  return <Statement month={month} />;
}

/** /mypage/incomes/statement/:ym: a closed month's statement, printable (A4, no header or tab bar). */
export default function StatementPage() {
  return (
    <RequireAuth>
      <StatementRoute />
    </RequireAuth>
  );
}
