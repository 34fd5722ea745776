import {
  type ReportAction,
  type ReportActionRequest,
  type ReportResponse,
  type ReportView,
  reportActionRequest,
} from '@app/shared/schemas/admin-reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/SubmitButton.tsx';
import { actOnReport } from '../api/actOnReport.ts';
import { nameOf } from './labels.ts';
import { ModerationDialog } from './ModerationDialog.tsx';

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
  return (
    <ModerationDialog<ReportActionRequest, ReportResponse>
      idPrefix="report-action"
      title={t(`admin.reports.confirm.${TITLE[action]}`, { name: nameOf(report.target) })}
      body={t(`admin.reports.confirm.${BODY[action]}`)}
      confirmLabel={t(`admin.reports.confirm.${CONFIRM[action]}`)}
      schema={reportActionRequest}
      defaults={{ report_id: report.id, version: report.version, action, note: '', message: '' }}
      fields={action === 'warn' ? ['message', 'note'] : ['note']}
      send={(body) => actOnReport({ ...body, ...(action === 'warn' ? {} : { message: undefined }) })}
      onCancel={onClose}
      onDone={() => onDone()}
    />
  );
}
