/**
 * The trigger broadcast form (/home/broadcasting/trigger/create and /{trigger_id}): the condition
 * (hours for the time-based ones only), exclude duplicated, the interval between chats, the
 * delivery window in whole Japan-time hours, the ordered chats. Checked by the contract's schema
 * on the client, sent to POST /broadcasting/trigger; the server's 422 issues come back on the
 * same fields.
 */
import { broadcastMessageParams } from '@app/shared/broadcasts';
import type { TriggerResponse, TriggerView } from '@app/shared/schemas/broadcasts';
import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { describedBy, FieldShell } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { validationValues } from '../../../lib/i18n.ts';
import { errorMessage } from '../../store/messages.ts';
import { deleteTrigger } from '../api/deleteTrigger.ts';
import { saveTrigger } from '../api/saveTrigger.ts';
import {
  END_HOURS,
  needsHours,
  START_HOURS,
  TRIGGER_CONDITIONS,
  triggerFormSchema,
  triggerValuesOf,
} from '../model.ts';
import { ChatsEditor, type ChatsFormValues, uploadsState } from './ChatsEditor.tsx';

export function TriggerForm({
  trigger,
  onSaved,
  onDeleted,
}: {
  trigger: TriggerView | null;
  onSaved: (saved: TriggerResponse) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { form, submit, errorOf, formError, setFormError, busy } = useApiForm(
    triggerFormSchema,
    triggerValuesOf(trigger),
  );
  const [confirm, setConfirm] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const condition = form.watch('condition');
  const onSubmit = submit((body) => saveTrigger(body), onSaved);
  const chatsForm = form as unknown as UseFormReturn<ChatsFormValues>;
  const fieldError = (path: string) => errorOf(path as never);

  const conditionId = `${id}-condition`;
  const conditionError = errorOf('condition');
  const hoursId = `${id}-hours`;
  const hoursError = errorOf('hours');
  const hoursHint = t('broadcasts.form.hoursHint', broadcastMessageParams);
  const intervalId = `${id}-interval`;
  const intervalError = errorOf('interval_hours');
  const intervalHint = t('broadcasts.trigger.form.intervalHint', broadcastMessageParams);
  const windowError = errorOf('window_start') ?? errorOf('window_end');
  const windowHint = t('broadcasts.trigger.form.windowHint');

  const remove = async () => {
    if (!trigger) return;
    setDeleting(true);
    try {
      const result = await deleteTrigger(trigger.id, trigger.version);
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
          {TRIGGER_CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {t(`broadcasts.conditions.trigger.${c}`)}
            </option>
          ))}
        </select>
      </FieldShell>
      {needsHours('trigger', condition) ? (
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
      <label className="choice">
        <input type="checkbox" {...form.register('exclude_duplicated')} />
        <span className="choice__label">{t('broadcasts.trigger.form.excludeDuplicated')}</span>
      </label>
      <FieldShell
        id={intervalId}
        label={t('broadcasts.trigger.form.interval')}
        hint={intervalHint}
        required
        error={intervalError}
      >
        <div className="bcast-form__hours">
          <input
            id={intervalId}
            className="input"
            type="number"
            inputMode="numeric"
            min={broadcastMessageParams.broadcast_interval_min}
            max={broadcastMessageParams.broadcast_interval_max}
            step={1}
            aria-required
            aria-invalid={intervalError ? true : undefined}
            aria-describedby={describedBy(intervalId, intervalHint, intervalError)}
            {...form.register('interval_hours', { valueAsNumber: true })}
          />
          <span aria-hidden="true">{t('broadcasts.form.hoursUnit')}</span>
        </div>
      </FieldShell>
      <fieldset
        className={`field${windowError ? ' field--error' : ''}`}
        aria-describedby={`${id}-window-hint`}
      >
        <legend className="field__label">{t('broadcasts.trigger.form.window')}</legend>
        <div className="bcast-form__window">
          <label htmlFor={`${id}-ws`}>{t('broadcasts.trigger.form.windowStart')}</label>
          <select
            id={`${id}-ws`}
            className="select"
            aria-invalid={windowError ? true : undefined}
            {...form.register('window_start', { valueAsNumber: true })}
          >
            {START_HOURS.map((h) => (
              <option key={h} value={h}>
                {t('broadcasts.trigger.form.hour', { hour: h })}
              </option>
            ))}
          </select>
          <span aria-hidden="true">〜</span>
          <label htmlFor={`${id}-we`}>{t('broadcasts.trigger.form.windowEnd')}</label>
          <select
            id={`${id}-we`}
            className="select"
            aria-invalid={windowError ? true : undefined}
            {...form.register('window_end', { valueAsNumber: true })}
          >
            {END_HOURS.map((h) => (
              <option key={h} value={h}>
                {t('broadcasts.trigger.form.hour', { hour: h })}
              </option>
            ))}
          </select>
        </div>
        <p id={`${id}-window-hint`} className="field__hint">
          {windowHint}
        </p>
        {windowError ? (
          <p className="field__error" role="alert">
            {t(windowError, validationValues)}
          </p>
        ) : null}
      </fieldset>
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
      {trigger ? (
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
        title={t('broadcasts.trigger.list.deleteTitle')}
        confirmLabel={t('broadcasts.trigger.list.delete')}
        busy={deleting}
        busyLabel={t('broadcasts.form.deleting')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirm(false)}
      >
        <p>{t('broadcasts.trigger.list.deleteBody')}</p>
      </ConfirmDialog>
    </form>
  );
}
