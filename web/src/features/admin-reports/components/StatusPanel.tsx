import {
  type ReportStatusRequest,
  type ReportView,
  reportStatusRequest,
} from '@app/shared/schemas/admin-reports';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { FieldShell } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { validationValues } from '../../../lib/i18n.ts';
import { setReportStatus } from '../api/setReportStatus.ts';

/** An open report's status (open / in progress) and the operators' note. */
export function StatusPanel({ report, onDone }: { report: ReportView; onDone: (r: ReportView) => void }) {
  const { t } = useTranslation();
  const statusId = useId();
  const noteId = useId();
  const { form, submit, errorOf, formError, busy } = useApiForm<ReportStatusRequest, ReportStatusRequest>(
    reportStatusRequest as never,
    {
      report_id: report.id,
      version: report.version,
      status: report.status === 'in_progress' ? 'in_progress' : 'open',
      note: report.note,
    },
  );
  return (
    <section className="admin-card" aria-labelledby="report-status">
      <h2 id="report-status" className="admin-card__title">
        {t('admin.reports.status.heading')}
      </h2>
      <form
        noValidate
        onSubmit={submit(
          (body) => setReportStatus({ ...body, version: report.version }),
          (data) => onDone(data.report),
        )}
      >
        <FieldShell id={statusId} label={t('admin.reports.status.label')} error={errorOf('status')}>
          <select id={statusId} className="select" {...form.register('status')}>
            <option value="open">{t('admin.reports.statuses.open')}</option>
            <option value="in_progress">{t('admin.reports.statuses.in_progress')}</option>
          </select>
        </FieldShell>
        <FieldShell id={noteId} label={t('admin.reports.status.note')} error={errorOf('note')}>
          <textarea
            id={noteId}
            className="textarea"
            rows={3}
            aria-invalid={errorOf('note') ? true : undefined}
            {...form.register('note')}
          />
        </FieldShell>
        <Button type="submit" variant="secondary" busy={busy}>
          {t('admin.reports.status.save')}
        </Button>
        {formError ? (
          <Alert kind="error">{t(formError.key, { ...validationValues, ...formError.params })}</Alert>
        ) : null}
      </form>
    </section>
  );
}
