import type { WithdrawalView } from '@app/shared/schemas/business';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { queryErrorKey } from '../../../lib/query.ts';
import { useWithdrawals, withdrawalChanged } from '../cache.ts';
import { RequestForm } from './RequestForm.tsx';
import { WithdrawalHistory } from './WithdrawalHistory.tsx';
import '../withdrawals.css';

/** /mypage/account/withdraw's withdrawals: the request form and the history (the bank form follows). */
export function WithdrawalsPanel({ onGoToBank }: { onGoToBank: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data, error, isPending } = useWithdrawals();
  const [done, setDone] = useState<'requested' | 'reapplied' | null>(null);
  const failure = queryErrorKey(error);
  if (isPending) return <Spinner />;
  if (!data) return <Alert kind="error">{failure ? t(failure.key, failure.params ?? {}) : null}</Alert>;

  const changed = (kind: 'requested' | 'reapplied') => async (w: WithdrawalView) => {
    setDone(kind);
    await withdrawalChanged(client, w);
  };

  return (
    <div className="wd">
      <Alert kind="success">{done ? t(`withdrawals.done.${done}`) : null}</Alert>
      <section aria-labelledby="wd-request-title">
        <h2 id="wd-request-title" className="section-title">
          {t('withdrawals.request.title')}
        </h2>
        <RequestForm history={data} onRequested={changed('requested')} onGoToBank={onGoToBank} />
      </section>
      <section aria-labelledby="wd-history-title">
        <h2 id="wd-history-title" className="section-title">
          {t('withdrawals.history.title')}
        </h2>
        <WithdrawalHistory
          withdrawals={data.withdrawals}
          onChanged={changed('reapplied')}
          onGoToBank={onGoToBank}
        />
      </section>
    </div>
  );
}
