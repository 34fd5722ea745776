/**
 * What both broadcast forms share: the form (refusing to submit while an upload runs or failed),
 * the condition with its hours for the conditions that take them, the kind's own fields
 * (`children`), the ordered chats, the form's message, save, and delete after a confirmation.
 */
import { broadcastMessageParams } from '@app/shared/broadcasts';
import { type BaseSyntheticEvent, type ReactNode, useId, useState } from 'react';
import type { UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { describedBy, FieldShell } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import type { FormMessage } from '../../../lib/apiForm.ts';
import { errorMessage } from '../../store/messages.ts';
import { needsHours, RESERVE_CONDITIONS, TRIGGER_CONDITIONS } from '../model.ts';
import { ChatsEditor, type ChatsFormValues, uploadsState } from './ChatsEditor.tsx';

type Kind = 'reserve' | 'trigger';
export type ShellValues = ChatsFormValues & { condition: number; hours?: number | null };

/** A whole number of hours with its unit (the condition's hours, a trigger's interval). */
export function HoursField(props: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  min: number;
  max: number;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  const { id, label, hint, error, min, max, registration } = props;
  return (
    <FieldShell id={id} label={label} hint={hint} required error={error}>
      <div className="bcast-form__hours">
        <input
          id={id}
          className="input"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...registration}
        />
        <span aria-hidden="true">{t('broadcasts.form.hoursUnit')}</span>
      </div>
    </FieldShell>
  );
}

export function BroadcastFormShell(props: {
  kind: Kind;
  form: UseFormReturn<ShellValues>;
  errorOf: (path: string) => string | undefined;
  formError: FormMessage | null;
  setFormError: (message: FormMessage | null) => void;
  busy: boolean;
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>;
  /** The saved broadcast being edited (delete is offered), or null for a new one. */
  existing: { id: string; version: number } | null;
  remove: (id: string, version: number) => Promise<unknown>;
  onDeleted: () => void;
  children: ReactNode;
}) {
  const { kind, form, errorOf, formError, setFormError, busy, onSubmit, existing, remove, onDeleted } = props;
  const { t } = useTranslation();
  const id = useId();
  const [confirm, setConfirm] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const condition = form.watch('condition');
  const conditionId = `${id}-condition`;
  const conditionError = errorOf('condition');
  const conditions = kind === 'reserve' ? RESERVE_CONDITIONS : TRIGGER_CONDITIONS;

  const confirmDelete = async () => {
    if (!existing) return;
    setDeleting(true);
    try {
      const result = (await remove(existing.id, existing.version)) as { ok?: boolean } | null;
      if (result?.ok) onDeleted();
    } catch (err) {
      setFormError(errorMessage(err));
    } finally {
      setDeleting(false);
      setConfirm(false);
    }
  };

  return (
    <form
      className="form bcast-form"
      noValidate
      onSubmit={(e) => {
        const uploads = uploadsState(form.getValues('chats'));
        if (uploads.uploading || uploads.failed) {
          e.preventDefault();
          setFormError({
            key: uploads.uploading ? 'broadcasts.form.waitUploads' : 'broadcasts.form.fixUploads',
          });
          return;
        }
        void onSubmit(e);
      }}
    >
      <FieldShell id={conditionId} label={t('broadcasts.form.condition')} required error={conditionError}>
        <select
          id={conditionId}
          className="select"
          aria-required
          aria-invalid={conditionError ? true : undefined}
          aria-describedby={describedBy(conditionId, null, conditionError)}
          {...form.register('condition', { valueAsNumber: true })}
        >
          <option value="">{t('broadcasts.form.conditionPlaceholder')}</option>
          {conditions.map((c) => (
            <option key={c} value={c}>
              {t(`broadcasts.conditions.${kind}.${c}`)}
            </option>
          ))}
        </select>
      </FieldShell>
      {needsHours(kind, condition) ? (
        <HoursField
          id={`${id}-hours`}
          label={t('broadcasts.form.hours')}
          hint={t('broadcasts.form.hoursHint', broadcastMessageParams)}
          error={errorOf('hours')}
          min={broadcastMessageParams.broadcast_hours_min}
          max={broadcastMessageParams.broadcast_hours_max}
          registration={form.register('hours', { valueAsNumber: true })}
        />
      ) : null}
      {props.children}
      <ChatsEditor form={form as unknown as UseFormReturn<ChatsFormValues>} errorOf={errorOf} />
      <div aria-live="polite">
        {formError ? (
          <Alert kind="error">{t(formError.key, { ...broadcastMessageParams, ...formError.params })}</Alert>
        ) : null}
      </div>
      <Button
        type="submit"
        busy={busy}
        busyLabel={t('broadcasts.form.saving')}
        className="bcast-form__submit"
      >
        {t('broadcasts.form.save')}
      </Button>
      {existing ? (
        <Button
          variant="danger"
          className="bcast-form__submit"
          disabled={busy}
          onClick={() => setConfirm(true)}
        >
          {t('broadcasts.form.delete')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirm}
        title={t(`broadcasts.${kind}.list.deleteTitle`)}
        confirmLabel={t(`broadcasts.${kind}.list.delete`)}
        busy={deleting}
        busyLabel={t('broadcasts.form.deleting')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirm(false)}
      >
        <p>{t(`broadcasts.${kind}.list.deleteBody`)}</p>
      </ConfirmDialog>
    </form>
  );
}
