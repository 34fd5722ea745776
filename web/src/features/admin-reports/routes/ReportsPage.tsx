/** /admin/reports: the queue of reports on users and messages, by status and reason. */
import { type ReportStatus, type ReportView, reportStatuses } from '@app/shared/schemas/admin-reports';
import { reportTypes } from '@app/shared/schemas/chat';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { pagedItems, queryErrorKey } from '../../../lib/query.ts';
import { AdminPage } from '../../admin/components/AdminPage.tsx';
import { formatDateTime } from '../../points/format.ts';
import { useReportList } from '../cache.ts';
import { nameOf, typeLabel } from '../components/labels.ts';
import '../reports.css';

const isStatus = (s: string | null): s is ReportStatus =>
  (reportStatuses as readonly string[]).includes(s ?? '');
const TYPES = reportTypes.map(String);

export default function ReportsPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const statusId = useId();
  const typeId = useId();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: ReportStatus = isStatus(statusParam) ? statusParam : 'open';
  const typeParam = params.get('type') ?? '';
  const type = TYPES.includes(typeParam) ? (typeParam as '1' | '2' | '3' | '4') : undefined;
  const query = useReportList({ status, ...(type ? { type } : {}) });
  const reports = pagedItems(query.data, (p) => p.reports);
  const error = queryErrorKey(query.error);
  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  return (
    <AdminPage title={t('admin.reports.title')}>
      <div className="admin-filters">
        <label htmlFor={statusId}>{t('admin.reports.filters.status')}</label>
        <select
          id={statusId}
          className="select"
          value={status}
          onChange={(e) => setFilter('status', e.target.value)}
        >
          {reportStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`admin.reports.statuses.${s}`)}
            </option>
          ))}
        </select>
        <label htmlFor={typeId}>{t('admin.reports.filters.type')}</label>
        <select
          id={typeId}
          className="select"
          value={type ?? ''}
          onChange={(e) => setFilter('type', e.target.value)}
        >
          <option value="">{t('admin.reports.filters.allTypes')}</option>
          {reportTypes.map((n) => (
            <option key={n} value={String(n)}>
              {typeLabel(t, n)}
            </option>
          ))}
        </select>
      </div>
      {error ? <Alert kind="error">{t(error.key, error.params ?? {})}</Alert> : null}
      {reports === null ? (
        query.isPending ? (
          <p role="status">{t('admin.reports.loading')}</p>
        ) : null
      ) : reports.length === 0 ? (
        <p>{t('admin.reports.empty')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.reports.columns.received')}</th>
                <th scope="col">{t('admin.reports.columns.type')}</th>
                <th scope="col">{t('admin.reports.columns.subject')}</th>
                <th scope="col">{t('admin.reports.columns.target')}</th>
                <th scope="col">{t('admin.reports.columns.reporter')}</th>
                <th scope="col">{t('admin.reports.columns.status')}</th>
                <th scope="col">{t('admin.reports.columns.assignee')}</th>
              </tr>
            </thead>
            <tbody>
              {reports.map((r: ReportView) => (
                <tr key={r.id}>
                  <td>
                    <LangLink to={`/admin/reports/${r.id}`}>{formatDateTime(lang, r.created_at)}</LangLink>
                  </td>
                  <td>{typeLabel(t, r.type)}</td>
                  <td>{t(`admin.reports.subjects.${r.subject}`)}</td>
                  <td>{nameOf(r.target)}</td>
                  <td>{nameOf(r.reporter)}</td>
                  <td>
                    <span className={`admin-badge admin-badge--${r.status}`}>
                      {t(`admin.reports.statuses.${r.status}`)}
                    </span>
                    {r.resolution ? ` ${t(`admin.reports.resolutions.${r.resolution}`)}` : null}
                  </td>
                  <td>{r.assignee?.name ?? t('admin.reports.unassigned')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore
        query={query}
        label={t('admin.reports.more')}
        busyLabel={t('admin.reports.loading')}
        className="admin-more"
      />
    </AdminPage>
  );
}
