import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FieldShell } from '../../../components/Field.tsx';
import type { ApiResult } from '../../../lib/api.ts';
import { useApiForm } from '../../../lib/apiForm.ts';
import { validationValues } from '../../../lib/i18n.ts';

/** Optional words the operator adds: to the person (a warning's message), or for the other operators (a note). */
export type ModerationField = 'message' | 'note';

const ROWS: Record<ModerationField, number> = { message: 3, note: 2 };
const LABEL: Record<ModerationField, string> = {
  message: 'admin.reports.confirm.warnMessage',
  note: 'admin.reports.confirm.note',
};

/**
 * The confirmation of an action on an account or a report (warn, suspend, resume, delete a
 * message, dismiss), used by the report's actions and the user page: the title and body, the
 * fields the action takes, the request sent through its contract; the server's refusal is shown
 * in the dialog (the field's message, or the form's).
 */
export function ModerationDialog<Req extends FieldValues, Res>({
  idPrefix,
  title,
  body,
  confirmLabel,
  schema,
  defaults,
  fields,
  send,
  onCancel,
  onDone,
}: {
  /** Prefix of the fields' ids (unique on the page). */
  idPrefix: string;
  title: string;
  body: string;
  confirmLabel: string;
  /** The request's contract (zod/mini). */
  schema: z.ZodMiniType;
  defaults: DefaultValues<Req>;
  fields: readonly ModerationField[];
  send: (request: Req) => Promise<ApiResult<Res>>;
  onCancel: () => void;
  onDone: (data: Res) => void;
}) {
  const { t } = useTranslation();
  const { form, submit, errorOf, formError, busy } = useApiForm<Req, Req>(schema as never, defaults);
  const confirm = submit(send, (data) => onDone(data));
  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel={confirmLabel}
      busy={busy}
      busyLabel={t('admin.reports.actions.working')}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void confirm(e);
        }}
      >
        <p>{body}</p>
        {fields.map((field) => {
          const id = `${idPrefix}-${field}`;
          const error = errorOf(field as Path<Req>);
          return (
            <FieldShell key={field} id={id} label={t(LABEL[field])} error={error}>
              <textarea
                id={id}
                className="textarea"
                rows={ROWS[field]}
                aria-invalid={error ? true : undefined}
                {...form.register(field as Path<Req>)}
              />
            </FieldShell>
          );
        })}
        {formError ? (
          <Alert kind="error">{t(formError.key, { ...validationValues, ...formError.params })}</Alert>
        ) : null}
      </form>
    </ConfirmDialog>
  );
}
