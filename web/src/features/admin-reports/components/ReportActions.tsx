import {
  type ReportAction,
  type ReportActionRequest,
  type ReportView,
  reportActionRequest,
} from '@app/shared/schemas/admin-reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FieldShell } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { validationValues } from '../../../lib/i18n.ts';
import { actOnReport } from '../api/actOnReport.ts';
import { nameOf } from './labels.ts';

const TITLE: Record<ReportAction, string> = {
  delete_message: 'deleteMessageTitle',
  warn: 'warnTitle',
  suspend: 'suspendTitle',
  dismiss: 'dismissTitle',
};
const BODY: Record<ReportAction, string> = {
  delete_message: 'deleteMessageBody',
  warn: 'warnBody',
  suspend: 'suspendBody',
  dismiss: 'dismissBody',
};
const CONFIRM: Record<ReportAction, string> = {
  delete_message: 'deleteMessage',
  warn: 'warn',
  suspend: 'suspend',
  dismiss: 'dismiss',
};
const BUTTON: Record<ReportAction, string> = {
  delete_message: 'deleteMessage',
  warn: 'warn',
  suspend: 'suspend',
  dismiss: 'dismiss',
};

/** The actions that close an open report, each behind a confirmation (with a note; a warning's words). */
export function ReportActions({
  report,
  onDone,
}: {
  report: ReportView;
  onDone: (action: ReportAction) => void;
}) {
  const { t } = useTranslation();
  const [action, setAction] = useState<ReportAction | null>(null);
  const actions: ReportAction[] = [
    ...(report.subject === 'message' ? (['delete_message'] as const) : []),
    'warn',
    ...(report.target.status === 'active' ? (['suspend'] as const) : []),
    'dismiss',
  ];
  return (
    <section className="admin-card" aria-labelledby="report-actions">
      <h2 id="report-actions" className="admin-card__title">
        {t('admin.reports.actions.heading')}
      </h2>
      <p className="admin-muted">{t('admin.reports.actions.lead')}</p>
      <div className="admin-buttons">
        {actions.map((a) => (
          <Button key={a} variant={a === 'dismiss' ? 'secondary' : 'danger'} onClick={() => setAction(a)}>
            {t(`admin.reports.actions.${BUTTON[a]}`)}
          </Button>
        ))}
      </div>
      {action ? (
        <ActionDialog
          key={action}
          report={report}
          action={action}
          onClose={() => setAction(null)}
          onDone={() => {
            setAction(null);
            onDone(action);
          }}
        />
      ) : null}
    </section>
  );
}

function ActionDialog({
  report,
  action,
  onClose,
  onDone,
}: {
  report: ReportView;
  action: ReportAction;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { form, submit, errorOf, formError, busy } = useApiForm<ReportActionRequest, ReportActionRequest>(
    reportActionRequest as never,
    { report_id: report.id, version: report.version, action, note: '', message: '' },
  );
  const onConfirm = submit(
    (body) => actOnReport({ ...body, ...(action === 'warn' ? {} : { message: undefined }) }),
    () => onDone(),
  );
  return (
    <ConfirmDialog
      open
      title={t(`admin.reports.confirm.${TITLE[action]}`, { name: nameOf(report.target) })}
      confirmLabel={t(`admin.reports.confirm.${CONFIRM[action]}`)}
      busy={busy}
      busyLabel={t('admin.reports.actions.working')}
      onConfirm={() => void onConfirm()}
      onCancel={onClose}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void onConfirm(e);
        }}
      >
        <p>{t(`admin.reports.confirm.${BODY[action]}`)}</p>
        {action === 'warn' ? (
          <FieldShell
            id="report-warn-message"
            label={t('admin.reports.confirm.warnMessage')}
            error={errorOf('message')}
          >
            <textarea
              id="report-warn-message"
              className="textarea"
              rows={3}
              aria-invalid={errorOf('message') ? true : undefined}
              {...form.register('message')}
            />
          </FieldShell>
        ) : null}
        <FieldShell id="report-action-note" label={t('admin.reports.confirm.note')} error={errorOf('note')}>
          <textarea
            id="report-action-note"
            className="textarea"
            rows={2}
            aria-invalid={errorOf('note') ? true : undefined}
            {...form.register('note')}
          />
        </FieldShell>
        {formError ? (
          <Alert kind="error">{t(formError.key, { ...validationValues, ...formError.params })}</Alert>
        ) : null}
      </form>
    </ConfirmDialog>
  );
}
