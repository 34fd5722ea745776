import {
  type ReportAssignRequest,
  type ReportView,
  reportAssignRequest,
} from '@app/shared/schemas/admin-reports';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { validationValues } from '../../../lib/i18n.ts';
import { profileId, useAuth } from '../../../lib/session.ts';
import { assignReport } from '../api/assignReport.ts';

/** Who handles the report: me, another operator (by e-mail), or nobody. */
export function AssignPanel({ report, onDone }: { report: ReportView; onDone: (r: ReportView) => void }) {
  const { t } = useTranslation();
  // Read on each render: the console's own profile id (the session's cookie).
  const me = useAuth().profile?.id ?? profileId();
  const { form, submit, errorOf, formError, setFormError, busy } = useApiForm<
    ReportAssignRequest,
    ReportAssignRequest
  >(reportAssignRequest as never, { report_id: report.id, version: report.version, assignee: '' });
  const send = (assignee: string | null) =>
    submit(
      () => assignReport({ report_id: report.id, version: report.version, assignee }),
      (data) => {
        form.reset({ report_id: data.report.id, version: data.report.version, assignee: '' });
        setFormError(null);
        onDone(data.report);
      },
    );
  return (
    <section className="admin-card" aria-labelledby="report-assign">
      <h2 id="report-assign" className="admin-card__title">
        {t('admin.reports.assign.heading')}
      </h2>
      <p>{report.assignee?.name ?? t('admin.reports.unassigned')}</p>
      {report.status === 'closed' ? null : (
        <>
          <div className="admin-buttons">
            {me && report.assignee?.id !== me ? (
              <Button variant="secondary" disabled={busy} onClick={() => void send(me)()}>
                {t('admin.reports.assign.toMe')}
              </Button>
            ) : null}
            {report.assignee ? (
              <Button variant="secondary" disabled={busy} onClick={() => void send(null)()}>
                {t('admin.reports.assign.clear')}
              </Button>
            ) : null}
          </div>
          <form
            className="admin-inline-form"
            noValidate
            onSubmit={submit(
              (body) => assignReport({ ...body, version: report.version }),
              (data) => {
                form.reset({ report_id: data.report.id, version: data.report.version, assignee: '' });
                onDone(data.report);
              },
            )}
          >
            <TextField
              label={t('admin.reports.assign.other')}
              type="email"
              autoComplete="off"
              error={errorOf('assignee')}
              {...form.register('assignee')}
            />
            <Button type="submit" variant="secondary" busy={busy}>
              {t('admin.reports.assign.submit')}
            </Button>
          </form>
        </>
      )}
      {formError ? (
        <Alert kind="error">{t(formError.key, { ...validationValues, ...formError.params })}</Alert>
      ) : null}
    </section>
  );
}
