/**
 * The scheduled broadcast form (/home/broadcasting/reserve/create and /{reserve_id}): the audience
 * condition (hours for the inactivity one only), the time in Japan time, the ordered chats. Checked
 * by the contract's schema on the client (and the time's window on the device's clock), sent to
 * POST /broadcasting/reserve; the server's 422 issues come back on the same fields.
 */
import { broadcastMessageParams } from '@app/shared/broadcasts';
import type { ReserveResponse, ReserveView } from '@app/shared/schemas/broadcasts';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldShell } from '../../../components/Field.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { deleteReserve } from '../api/deleteReserve.ts';
import { saveReserve } from '../api/saveReserve.ts';
import { reserveFormSchema, reserveValuesOf } from '../model.ts';
import { BroadcastFormShell, type ShellValues } from './BroadcastFormShell.tsx';

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
  const atId = `${id}-at`;
  const atError = errorOf('reserved_at');
  const atHint = t('broadcasts.reserve.form.reservedAtHint', broadcastMessageParams);

  return (
    <BroadcastFormShell
      kind="reserve"
      form={form as unknown as UseFormReturn<ShellValues>}
      errorOf={(path) => errorOf(path as never)}
      formError={formError}
      setFormError={setFormError}
      busy={busy}
      onSubmit={submit((body) => saveReserve(body), onSaved)}
      existing={reserve}
      remove={deleteReserve}
      onDeleted={onDeleted}
    >
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
    </BroadcastFormShell>
  );
}
