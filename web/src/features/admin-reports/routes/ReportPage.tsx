/** /admin/reports/:reportId: one report, both people, the message in its room, and what to do. */
import type { ReportAction, ReportDetailResponse, ReportView } from '@app/shared/schemas/admin-reports';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { queryErrorKey } from '../../../lib/query.ts';
import { AdminPage } from '../../admin/components/AdminPage.tsx';
import { formatDateTime } from '../../points/format.ts';
import { reportKeys, useReport } from '../cache.ts';
import { AssignPanel } from '../components/AssignPanel.tsx';
import { typeLabel } from '../components/labels.ts';
import { MessageContext } from '../components/MessageContext.tsx';
import { PersonCard } from '../components/PersonCard.tsx';
import { ReportActions } from '../components/ReportActions.tsx';
import { StatusPanel } from '../components/StatusPanel.tsx';
import '../reports.css';

export default function ReportPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const id = useParams().reportId ?? '';
  const client = useQueryClient();
  const query = useReport(id);
  const [done, setDone] = useState<string | null>(null);
  const error = queryErrorKey(query.error);
  const key = reportKeys.detail(id);

  /** A change's answer: the report in the cache; the lists read again. */
  const changed = (report: ReportView, message: string) => {
    client.setQueryData<ReportDetailResponse>(key, (d) => (d ? { ...d, report } : d));
    void client.invalidateQueries({ queryKey: ['admin-reports', 'list'] });
    setDone(message);
  };
  const acted = (action: ReportAction) => {
    void client.invalidateQueries({ queryKey: reportKeys.all });
    void client.invalidateQueries({ queryKey: reportKeys.users });
    setDone(t(`admin.reports.done.${action}`));
  };

  const data = query.data;
  return (
    <AdminPage
      title={t('admin.reports.detail.heading')}
      actions={<LangLink to="/admin/reports">{t('admin.reports.detail.back')}</LangLink>}
    >
      {error ? <Alert kind="error">{t(error.key, error.params ?? {})}</Alert> : null}
      {done ? <Alert kind="success">{done}</Alert> : null}
      {!data ? (
        query.isPending ? (
          <p role="status">{t('admin.reports.loading')}</p>
        ) : null
      ) : (
        <div className="admin-report">
          <section
            className="admin-card admin-report__summary"
            aria-label={t('admin.reports.detail.heading')}
          >
            <dl className="admin-facts">
              <dt>{t('admin.reports.detail.received')}</dt>
              <dd>{formatDateTime(lang, data.report.created_at)}</dd>
              <dt>{t('admin.reports.columns.type')}</dt>
              <dd>{typeLabel(t, data.report.type)}</dd>
              <dt>{t('admin.reports.columns.subject')}</dt>
              <dd>{t(`admin.reports.subjects.${data.report.subject}`)}</dd>
              <dt>{t('admin.reports.columns.status')}</dt>
              <dd>
                <span className={`admin-badge admin-badge--${data.report.status}`}>
                  {t(`admin.reports.statuses.${data.report.status}`)}
                </span>
                {data.report.resolution
                  ? ` ${t(`admin.reports.resolutions.${data.report.resolution}`)}`
                  : null}
              </dd>
              <dt>{t('admin.reports.detail.detail')}</dt>
              <dd className="admin-pre">{data.report.detail || t('admin.reports.detail.noDetail')}</dd>
            </dl>
            {data.report.status === 'closed' && data.report.resolution ? (
              <p>
                {t('admin.reports.detail.closed', {
                  resolution: t(`admin.reports.resolutions.${data.report.resolution}`),
                })}
              </p>
            ) : null}
          </section>
          <div className="admin-report__people">
            <PersonCard heading={t('admin.reports.detail.target')} person={data.target} />
            <PersonCard heading={t('admin.reports.detail.reporter')} person={data.reporter} />
          </div>
          {data.context ? (
            <MessageContext context={data.context} />
          ) : (
            <p className="admin-card">{t('admin.reports.detail.userReport')}</p>
          )}
          <AssignPanel report={data.report} onDone={(r) => changed(r, t('admin.reports.assign.done'))} />
          {data.report.status === 'closed' ? null : (
            <>
              <StatusPanel
                key={data.report.version}
                report={data.report}
                onDone={(r) => changed(r, t('admin.reports.status.done'))}
              />
              <ReportActions report={data.report} onDone={acted} />
            </>
          )}
        </div>
      )}
    </AdminPage>
  );
}
