/** /admin/reports: the queue of reports on users and messages, by status and reason. */
import { type ReportStatus, type ReportView, reportStatuses } from '@app/shared/schemas/admin-reports';
import { reportTypes } from '@app/shared/schemas/chat';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { pagedItems, queryErrorKey } from '../../../lib/query.ts';
import { AdminPage } from '../../admin/components/AdminPage.tsx';
import { type AdminColumn, AdminTable } from '../../admin/components/AdminTable.tsx';
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
  const column = (key: string) => t(`admin.reports.columns.${key}`);
  const columns: AdminColumn<ReportView>[] = [
    {
      key: 'received',
      header: column('received'),
      cell: (r) => <LangLink to={`/admin/reports/${r.id}`}>{formatDateTime(lang, r.created_at)}</LangLink>,
    },
    { key: 'type', header: column('type'), cell: (r) => typeLabel(t, r.type) },
    { key: 'subject', header: column('subject'), cell: (r) => t(`admin.reports.subjects.${r.subject}`) },
    { key: 'target', header: column('target'), cell: (r) => nameOf(r.target) },
    { key: 'reporter', header: column('reporter'), cell: (r) => nameOf(r.reporter) },
    {
      key: 'status',
      header: column('status'),
      cell: (r) => (
        <>
          <span className={`admin-badge admin-badge--${r.status}`}>
            {t(`admin.reports.statuses.${r.status}`)}
          </span>
          {r.resolution ? ` ${t(`admin.reports.resolutions.${r.resolution}`)}` : null}
        </>
      ),
    },
    {
      key: 'assignee',
      header: column('assignee'),
      cell: (r) => r.assignee?.name ?? t('admin.reports.unassigned'),
    },
  ];
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
      ) : (
        <AdminTable
          columns={columns}
          rows={reports}
          rowKey={(r) => r.id}
          empty={t('admin.reports.empty')}
          more={{
            query,
            label: t('admin.reports.more'),
            busyLabel: t('admin.reports.loading'),
            className: 'admin-more',
          }}
        />
      )}
    </AdminPage>
  );
}
