import { businessConfig } from '@app/shared/config';
import type { WithdrawalHistoryResponse, WithdrawalView } from '@app/shared/schemas/business';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { errorMessageKey, errorParams } from '../../../lib/api.ts';
import { formatDate } from '../../points/format.ts';
import { requestWithdrawal } from '../api/requestWithdrawal.ts';
import { formatMonth, formatYen } from '../format.ts';

interface Message {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * The months that can be requested and the request: the minimum, the fee, the net amount and the
 * transfer date are shown before applying, then a confirmation. Without a bank account the
 * request cannot be sent: the form says so and leads to the bank form.
 */
export function RequestForm({
  history,
  onRequested,
  onGoToBank,
}: {
  history: WithdrawalHistoryResponse;
  onRequested: (withdrawal: WithdrawalView) => void | Promise<void>;
  onGoToBank: () => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const eligible = history.months.filter((m) => m.eligible);
  const [picked, setPicked] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Message | null>(null);
  const keyOf = (m: { year: number; month: number }) => `${m.year}-${m.month}`;
  const chosen = history.months.find((m) => m.eligible && keyOf(m) === picked) ?? eligible[0] ?? null;
  const yen = (n: number) => formatYen(lang, n);

  if (history.months.length === 0) return <p className="muted">{t('withdrawals.request.none')}</p>;

  const send = async () => {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      const result = await requestWithdrawal({ year: chosen.year, month: chosen.month });
      if (result === null) return;
      if (!result.ok) {
        setError({ key: result.body.issues?.[0]?.message ?? 'errors.validation' });
        return;
      }
      setConfirming(false);
      setPicked(null);
      await onRequested(result.data.withdrawal);
    } catch (err) {
      const params = errorParams(err);
      setError({ key: errorMessageKey(err), ...(params ? { params } : {}) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wd-request">
      <fieldset className="wd-months" disabled={confirming || busy}>
        <legend>{t('withdrawals.request.months')}</legend>
        {history.months.map((m) => (
          <label key={keyOf(m)} className={`wd-month${m.eligible ? '' : ' wd-month--below'}`}>
            <input
              type="radio"
              name="withdraw-month"
              value={keyOf(m)}
              disabled={!m.eligible}
              checked={chosen !== null && keyOf(chosen) === keyOf(m)}
              onChange={() => setPicked(keyOf(m))}
            />
            <span className="wd-month__label">{formatMonth(lang, m.year, m.month)}</span>
            <span className="wd-month__amount">{yen(m.amount)}</span>
            {m.eligible ? null : (
              <span className="wd-month__note small">
                {t('withdrawals.request.belowMinimum', { minimum: yen(history.minimum_yen) })}
              </span>
            )}
          </label>
        ))}
      </fieldset>

      {chosen ? (
        <section
          className={`wd-summary${confirming ? ' wd-summary--confirm' : ''}`}
          aria-label={t('withdrawals.request.summary')}
        >
          {confirming ? <h3 className="wd-summary__title">{t('withdrawals.request.confirmTitle')}</h3> : null}
          <dl className="wd-dl">
            <dt>{t('withdrawals.fields.month')}</dt>
            <dd>{formatMonth(lang, chosen.year, chosen.month)}</dd>
            <dt>{t('withdrawals.fields.requested')}</dt>
            <dd>{yen(chosen.amount)}</dd>
            <dt>{t('withdrawals.fields.fee')}</dt>
            <dd>{yen(chosen.fee)}</dd>
            <dt>{t('withdrawals.fields.net')}</dt>
            <dd className="wd-strong">{yen(chosen.net_amount)}</dd>
            <dt>{t('withdrawals.fields.scheduledDate')}</dt>
            <dd>{formatDate(lang, history.transfer_date)}</dd>
          </dl>
          <p className="small muted">
            {t('withdrawals.request.rules', {
              minimum: yen(history.minimum_yen),
              cutoff: businessConfig.withdrawal.cutoffDay,
              transfer: businessConfig.withdrawal.transferDay,
            })}
          </p>
        </section>
      ) : (
        <p className="muted">
          {t('withdrawals.request.noneEligible', { minimum: yen(history.minimum_yen) })}
        </p>
      )}

      <Alert kind="error">{error ? t(error.key, error.params ?? {}) : null}</Alert>

      {!history.has_bank ? (
        <div className="wd-bank-needed">
          <Alert kind="info">{t('withdrawals.request.bankNeeded')}</Alert>
          <Button variant="secondary" className="btn--block" onClick={onGoToBank}>
            {t('withdrawals.request.toBank')}
          </Button>
        </div>
      ) : null}

      {chosen && history.has_bank ? (
        confirming ? (
          <div className="wd-actions">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              {t('withdrawals.request.back')}
            </Button>
            <Button onClick={send} busy={busy} busyLabel={t('withdrawals.request.sending')}>
              {t('withdrawals.request.confirm')}
            </Button>
          </div>
        ) : (
          <Button className="btn--block" onClick={() => setConfirming(true)}>
            {t('withdrawals.request.submit')}
          </Button>
        )
      ) : null}
    </div>
  );
}
