/**
 * The trigger broadcast form (/home/broadcasting/trigger/create and /{trigger_id}): the condition
 * (hours for the time-based ones only), exclude duplicated, the interval between chats, the
 * delivery window in whole Japan-time hours, the ordered chats. Checked by the contract's schema
 * on the client, sent to POST /broadcasting/trigger; the server's 422 issues come back on the
 * same fields.
 */
import { broadcastMessageParams } from '@app/shared/broadcasts';
import type { TriggerResponse, TriggerView } from '@app/shared/schemas/broadcasts';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApiForm } from '../../../lib/apiForm.ts';
import { validationValues } from '../../../lib/i18n.ts';
import { deleteTrigger } from '../api/deleteTrigger.ts';
import { saveTrigger } from '../api/saveTrigger.ts';
import { END_HOURS, START_HOURS, triggerFormSchema, triggerValuesOf } from '../model.ts';
import { BroadcastFormShell, HoursField, type ShellValues } from './BroadcastFormShell.tsx';

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
  const windowError = errorOf('window_start') ?? errorOf('window_end');
  const windowHint = t('broadcasts.trigger.form.windowHint');

  return (
    <BroadcastFormShell
      kind="trigger"
      form={form as unknown as UseFormReturn<ShellValues>}
      errorOf={(path) => errorOf(path as never)}
      formError={formError}
      setFormError={setFormError}
      busy={busy}
      onSubmit={submit((body) => saveTrigger(body), onSaved)}
      existing={trigger}
      remove={deleteTrigger}
      onDeleted={onDeleted}
    >
      <label className="choice">
        <input type="checkbox" {...form.register('exclude_duplicated')} />
        <span className="choice__label">{t('broadcasts.trigger.form.excludeDuplicated')}</span>
      </label>
      <HoursField
        id={`${id}-interval`}
        label={t('broadcasts.trigger.form.interval')}
        hint={t('broadcasts.trigger.form.intervalHint', broadcastMessageParams)}
        error={errorOf('interval_hours')}
        min={broadcastMessageParams.broadcast_interval_min}
        max={broadcastMessageParams.broadcast_interval_max}
        registration={form.register('interval_hours', { valueAsNumber: true })}
      />
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
    </BroadcastFormShell>
  );
}
