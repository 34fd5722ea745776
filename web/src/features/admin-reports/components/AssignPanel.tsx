import {
  type ReportAssignRequest,
  type ReportView,
  reportAssignRequest,
} from '@app/shared/schemas/admin-reports';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { FieldShell } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { validationValues } from '../../../lib/i18n.ts';
import { queryErrorKey } from '../../../lib/query.ts';
import { profileId, useAuth } from '../../../lib/session.ts';
import { assignReport } from '../api/assignReport.ts';
import { useOperators } from '../cache.ts';

/** Who handles the report: me, another operator (picked from the operators' list), or nobody. */
export function AssignPanel({ report, onDone }: { report: ReportView; onDone: (r: ReportView) => void }) {
  const { t } = useTranslation();
  // Read on each render: the console's own profile id (the session's cookie).
  const me = useAuth().profile?.id ?? profileId();
  const { form, submit, errorOf, formError, setFormError, busy } = useApiForm<
    ReportAssignRequest,
    ReportAssignRequest
  >(reportAssignRequest as never, { report_id: report.id, version: report.version, assignee: '' });
  const pickerId = useId();
  const operators = useOperators();
  const operatorsError = queryErrorKey(operators.error);
  // The picker lists the operators the report could move to: not the one who has it, not me (a button).
  const others = operators.data?.operators.filter((o) => o.id !== report.assignee?.id && o.id !== me);
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
            <FieldShell id={pickerId} label={t('admin.reports.assign.other')} error={errorOf('assignee')}>
              <select
                id={pickerId}
                className="select"
                aria-invalid={errorOf('assignee') ? true : undefined}
                disabled={!others}
                {...form.register('assignee')}
              >
                <option value="">
                  {operators.isPending
                    ? t('admin.reports.loading')
                    : others?.length
                      ? t('admin.reports.assign.choose')
                      : t('admin.reports.assign.noOthers')}
                </option>
                {others?.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </FieldShell>
            <Button type="submit" variant="secondary" busy={busy} disabled={!others?.length}>
              {t('admin.reports.assign.submit')}
            </Button>
          </form>
          {operatorsError ? (
            <Alert kind="error">{t(operatorsError.key, operatorsError.params ?? {})}</Alert>
          ) : null}
        </>
      )}
      {formError ? (
        <Alert kind="error">{t(formError.key, { ...validationValues, ...formError.params })}</Alert>
      ) : null}
    </section>
  );
}
