import type { WithdrawalFaultField, WithdrawalView } from '@app/shared/schemas/business';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { errorMessageKey, errorParams } from '../../../lib/api.ts';
import { formatDate, formatDateTime } from '../../points/format.ts';
import { reRequestWithdrawal } from '../api/reRequestWithdrawal.ts';
import { formatMonth, formatYen } from '../format.ts';
import { StatusBadge } from './StatusBadge.tsx';

/** The fault fields that the bank form changes. */
const BANK_FIELDS: readonly WithdrawalFaultField[] = [
  'bank',
  'branch',
  'account_type',
  'account_number',
  'account_owner',
];

function Request({
  withdrawal: w,
  onChanged,
  onGoToBank,
}: {
  withdrawal: WithdrawalView;
  onChanged: (withdrawal: WithdrawalView) => void | Promise<void>;
  onGoToBank: () => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ key: string; params?: Record<string, string | number> } | null>(null);
  const yen = (n: number) => formatYen(lang, n);
  const month = formatMonth(lang, w.year, w.month);

  const reapply = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await reRequestWithdrawal({ id: w.id });
      if (result === null) return;
      if (!result.ok) {
        setError({ key: result.body.issues?.[0]?.message ?? 'errors.validation' });
        return;
      }
      await onChanged(result.data.withdrawal);
    } catch (err) {
      const params = errorParams(err);
      setError({ key: errorMessageKey(err), ...(params ? { params } : {}) });
    } finally {
      setBusy(false);
    }
  };

  // A failed transfer is almost always the bank account: offer the bank form too.
  const bankAtFault =
    w.status === 'transfer_failed' || (w.rejection?.fields.some((f) => BANK_FIELDS.includes(f)) ?? false);
  return (
    <li className="wd-item" aria-label={t('withdrawals.history.itemLabel', { month })}>
      <div className="wd-item__head">
        <span className="wd-item__month">{month}</span>
        <StatusBadge status={w.status} />
      </div>
      <dl className="wd-dl">
        <dt>{t('withdrawals.fields.requestedAt')}</dt>
        <dd>{formatDateTime(lang, w.requested_at)}</dd>
        {w.reapplied_at ? (
          <>
            <dt>{t('withdrawals.fields.reappliedAt')}</dt>
            <dd>{formatDateTime(lang, w.reapplied_at)}</dd>
          </>
        ) : null}
        <dt>{t('withdrawals.fields.requested')}</dt>
        <dd>{yen(w.requested_amount)}</dd>
        <dt>{t('withdrawals.fields.finalized')}</dt>
        <dd>
          {w.finalized_amount === null ? t('withdrawals.history.notFinalized') : yen(w.finalized_amount)}
        </dd>
        <dt>
          {w.status === 'transferred'
            ? t('withdrawals.fields.transferDate')
            : t('withdrawals.fields.scheduledDate')}
        </dt>
        <dd>{formatDate(lang, w.transfer_date)}</dd>
        {w.notes ? (
          <>
            <dt>{t('withdrawals.fields.notes')}</dt>
            <dd className="break">{w.notes}</dd>
          </>
        ) : null}
      </dl>
      {w.rejection || w.transfer_failure !== null ? (
        <div className="wd-rejection">
          <p className="wd-rejection__title">
            {w.rejection ? t('withdrawals.history.rejected') : t('withdrawals.history.transferFailed')}
          </p>
          <dl className="wd-dl">
            <dt>{w.rejection ? t('withdrawals.fields.reason') : t('withdrawals.fields.failureReason')}</dt>
            <dd className="break">{w.rejection ? w.rejection.reason : w.transfer_failure}</dd>
            {w.rejection && w.rejection.fields.length > 0 ? (
              <>
                <dt>{t('withdrawals.fields.faults')}</dt>
                <dd>
                  {w.rejection.fields
                    .map((f) => t(`withdrawals.fault.${f}`))
                    .join(t('withdrawals.listSeparator'))}
                </dd>
              </>
            ) : null}
          </dl>
          {bankAtFault ? (
            <p className="small">
              {t('withdrawals.history.fixBank')}{' '}
              <Button variant="link" onClick={onGoToBank}>
                {t('withdrawals.history.toBank')}
              </Button>
            </p>
          ) : null}
          <Alert kind="error">{error ? t(error.key, error.params ?? {}) : null}</Alert>
          <Button
            className="btn--block"
            onClick={reapply}
            busy={busy}
            busyLabel={t('withdrawals.request.sending')}
          >
            {t('withdrawals.history.reapply')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** Every request, newest month first: month, dates, amounts, status and the operators' notes. */
export function WithdrawalHistory({
  withdrawals,
  onChanged,
  onGoToBank,
}: {
  withdrawals: WithdrawalView[];
  onChanged: (withdrawal: WithdrawalView) => void | Promise<void>;
  onGoToBank: () => void;
}) {
  const { t } = useTranslation();
  if (withdrawals.length === 0) return <p className="muted">{t('withdrawals.history.empty')}</p>;
  return (
    <ul className="wd-list">
      {withdrawals.map((w) => (
        <Request key={w.id} withdrawal={w} onChanged={onChanged} onGoToBank={onGoToBank} />
      ))}
    </ul>
  );
}
