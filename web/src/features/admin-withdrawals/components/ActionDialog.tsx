import { businessConfig } from '@app/shared/config';
import {
  type AdminWithdrawalResponse,
  type AdminWithdrawalView,
  adminWithdrawalApproveRequest,
  adminWithdrawalFailRequest,
  adminWithdrawalPartialRequest,
  adminWithdrawalRejectRequest,
} from '@app/shared/schemas/admin-withdrawals';
import { withdrawalFaultFields } from '@app/shared/withdrawal-states';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FieldShell, TextField } from '../../../components/Field.tsx';
import type { ApiResult } from '../../../lib/api.ts';
import { useApiForm } from '../../../lib/apiForm.ts';
import { formatMonth, formatYen } from '../../withdrawals/format.ts';
import { approveWithdrawal } from '../api/approveWithdrawal.ts';
import { failTransfer } from '../api/failTransfer.ts';
import { partiallyApproveWithdrawal } from '../api/partiallyApproveWithdrawal.ts';
import { rejectWithdrawal } from '../api/rejectWithdrawal.ts';

export type ActionKind = 'approve' | 'partial' | 'reject' | 'fail';

const SCHEMAS = {
  approve: adminWithdrawalApproveRequest,
  partial: adminWithdrawalPartialRequest,
  reject: adminWithdrawalRejectRequest,
  fail: adminWithdrawalFailRequest,
} as const;

const CALLS: Record<ActionKind, (body: never) => Promise<ApiResult<AdminWithdrawalResponse>>> = {
  approve: approveWithdrawal,
  partial: partiallyApproveWithdrawal,
  reject: rejectWithdrawal,
  fail: failTransfer,
};

const TITLES: Record<ActionKind, string> = {
  approve: 'admin.withdrawals.dialog.approveTitle',
  partial: 'admin.withdrawals.dialog.partialTitle',
  reject: 'admin.withdrawals.dialog.rejectTitle',
  fail: 'admin.withdrawals.dialog.failTitle',
};

/** A decision on one request, in a modal form: approve, approve in part, send back, or failed. */
export function ActionDialog({
  kind,
  withdrawal: w,
  onDone,
  onCancel,
}: {
  kind: ActionKind;
  withdrawal: AdminWithdrawalView;
  onDone: (withdrawal: AdminWithdrawalView) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const id = useId();
  const { form, submit, errorOf, formError, busy } = useApiForm(
    SCHEMAS[kind] as typeof adminWithdrawalRejectRequest,
    {
      id: w.id,
      version: w.version,
      ...(kind === 'reject' ? { fields: [] } : {}),
    } as never,
  );
  const register = form.register as (name: string, options?: object) => ReturnType<typeof form.register>;
  const yen = (n: number) => formatYen(lang, n);
  const reasonHint = t('admin.withdrawals.dialog.reasonHint', { max: businessConfig.admin.reasonMax });
  const onSubmit = submit(
    (body) => CALLS[kind](body as never),
    (res) => onDone(res.withdrawal),
  );
  const textArea = (name: 'notes' | 'reason', label: string, required: boolean) => {
    const areaId = `${id}-${name}`;
    const error = errorOf(name as never);
    return (
      <FieldShell id={areaId} label={label} hint={reasonHint} error={error} required={required}>
        <textarea
          id={areaId}
          className="input"
          rows={3}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${areaId}-hint${error ? ` ${areaId}-error` : ''}`}
          {...register(name)}
        />
      </FieldShell>
    );
  };
  const faultError = errorOf('fields' as never) ?? errorOf('fields.0' as never);
  return (
    <ConfirmDialog
      open
      title={t(TITLES[kind])}
      confirmLabel={t('admin.withdrawals.dialog.submit')}
      busy={busy}
      busyLabel={t('admin.withdrawals.dialog.sending')}
      onConfirm={() => void onSubmit()}
      onCancel={onCancel}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit(e);
        }}
      >
        <p>
          {t('admin.withdrawals.dialog.rowSummary', {
            name: w.creator_nickname ?? t('admin.withdrawals.noNickname'),
            month: formatMonth(lang, w.year, w.month),
            amount: yen(w.requested_amount),
          })}
        </p>
        {kind === 'approve' ? (
          <>
            <p>{t('admin.withdrawals.dialog.approveBody', { amount: yen(w.requested_amount) })}</p>
            {textArea('notes', t('admin.withdrawals.dialog.notes'), false)}
          </>
        ) : null}
        {kind === 'partial' ? (
          <>
            <TextField
              label={t('admin.withdrawals.dialog.finalizedAmount')}
              hint={t('admin.withdrawals.dialog.finalizedHint', { amount: yen(w.requested_amount) })}
              type="number"
              inputMode="numeric"
              min={0}
              required
              error={errorOf('finalized_amount' as never)}
              {...register('finalized_amount', { valueAsNumber: true })}
            />
            {textArea('notes', t('admin.withdrawals.dialog.partialNotes'), true)}
          </>
        ) : null}
        {kind === 'reject' ? (
          <>
            {textArea('reason', t('admin.withdrawals.dialog.reason'), true)}
            <fieldset className="aw-faults" aria-describedby={faultError ? `${id}-faults-error` : undefined}>
              <legend>{t('admin.withdrawals.dialog.faultFields')}</legend>
              {withdrawalFaultFields.map((f) => (
                <label key={f} className="aw-check">
                  <input type="checkbox" value={f} {...register('fields')} />
                  {t(`admin.withdrawals.fault.${f}`)}
                </label>
              ))}
              {faultError ? (
                <p id={`${id}-faults-error`} className="field__error" role="alert">
                  {t(faultError)}
                </p>
              ) : null}
            </fieldset>
          </>
        ) : null}
        {kind === 'fail' ? (
          <>
            <p>{t('admin.withdrawals.dialog.failBody')}</p>
            {textArea('reason', t('admin.withdrawals.dialog.failReason'), true)}
          </>
        ) : null}
        <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
      </form>
    </ConfirmDialog>
  );
}
