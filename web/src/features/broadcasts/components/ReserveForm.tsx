/**
 * The scheduled broadcast form (/home/broadcasting/reserve/create and /{reserve_id}): the audience
 * condition (hours for the inactivity one only), the time in Japan time, the ordered chats. Checked
 * by the contract's schema on the client (and the time's window on the device's clock), sent to
 * POST /broadcasting/reserve; the server's 422 issues come back on the same fields.
 */
import { broadcastMessageParams } from '@app/shared/broadcasts';
import type { ReserveResponse, ReserveView } from '@app/shared/schemas/broadcasts';
import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { describedBy, FieldShell } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { errorMessage } from '../../store/messages.ts';
import { deleteReserve } from '../api/deleteReserve.ts';
import { saveReserve } from '../api/saveReserve.ts';
import { needsHours, RESERVE_CONDITIONS, reserveFormSchema, reserveValuesOf } from '../model.ts';
import { ChatsEditor, type ChatsFormValues, uploadsState } from './ChatsEditor.tsx';

export function ReserveForm({
  reserve,
  onSaved,
  onDeleted,
}: {
  reserve: ReserveView | null;
  onSaved: (saved: ReserveResponse) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { form, submit, errorOf, formError, setFormError, busy } = useApiForm(
    reserveFormSchema(),
    reserveValuesOf(reserve),
  );
  const [confirm, setConfirm] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const condition = form.watch('condition');
  const onSubmit = submit((body) => saveReserve(body), onSaved);
  const chatsForm = form as unknown as UseFormReturn<ChatsFormValues>;
  const fieldError = (path: string) => errorOf(path as never);

  const hoursId = `${id}-hours`;
  const hoursError = errorOf('hours');
  const hoursHint = t('broadcasts.form.hoursHint', broadcastMessageParams);
  const atId = `${id}-at`;
  const atError = errorOf('reserved_at');
  const atHint = t('broadcasts.reserve.form.reservedAtHint', broadcastMessageParams);
  const conditionId = `${id}-condition`;
  const conditionError = errorOf('condition');

  const remove = async () => {
    if (!reserve) return;
    setDeleting(true);
    try {
      const result = await deleteReserve(reserve.id, reserve.version);
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
          {RESERVE_CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {t(`broadcasts.conditions.reserve.${c}`)}
            </option>
          ))}
        </select>
      </FieldShell>
      {needsHours('reserve', condition) ? (
        <FieldShell
          id={hoursId}
          label={t('broadcasts.form.hours')}
          hint={hoursHint}
          required
          error={hoursError}
        >
          <div className="bcast-form__hours">
            <input
              id={hoursId}
              className="input"
              type="number"
              inputMode="numeric"
              min={broadcastMessageParams.broadcast_hours_min}
              max={broadcastMessageParams.broadcast_hours_max}
              step={1}
              aria-required
              aria-invalid={hoursError ? true : undefined}
              aria-describedby={describedBy(hoursId, hoursHint, hoursError)}
              {...form.register('hours', { valueAsNumber: true })}
            />
            <span aria-hidden="true">{t('broadcasts.form.hoursUnit')}</span>
          </div>
        </FieldShell>
      ) : null}
      <FieldShell
        id={atId}
        label={t('broadcasts.reserve.form.reservedAt')}
        hint={atHint}
        required
        error={atError}
      >
        <input
          id={atId}
          className="input"
          type="datetime-local"
          required
          aria-invalid={atError ? true : undefined}
          aria-describedby={describedBy(atId, atHint, atError)}
          {...form.register('reserved_at')}
        />
      </FieldShell>
      <ChatsEditor form={chatsForm} errorOf={fieldError} />
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
      {reserve ? (
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
        title={t('broadcasts.reserve.list.deleteTitle')}
        confirmLabel={t('broadcasts.reserve.list.delete')}
        busy={deleting}
        busyLabel={t('broadcasts.form.deleting')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirm(false)}
      >
        <p>{t('broadcasts.reserve.list.deleteBody')}</p>
      </ConfirmDialog>
    </form>
  );
}
