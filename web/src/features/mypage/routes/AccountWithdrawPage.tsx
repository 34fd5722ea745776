import { ROLE } from '@app/shared/roles';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { CastRewardsNote } from '../../organizations/components/CastRewardsNote.tsx';
import { bankChanged } from '../../withdrawals/cache.ts';
import { WithdrawalsPanel } from '../../withdrawals/components/WithdrawalsPanel.tsx';
import { loadAccount } from '../account-store.ts';
import { BankForm } from '../components/BankForm.tsx';
import { useAccountData } from './account-outlet.ts';

/**
 * /mypage/account/withdraw: withdrawal requests and their history (features/withdrawals), then
 * the bank account for rewards (same form as STEP.3, prefilled), which the requests lead to.
 */
export default function AccountWithdrawPage() {
  const { t } = useTranslation();
  const data = useAccountData();
  const client = useQueryClient();
  const [saved, setSaved] = useState(false);
  const bankRef = useRef<HTMLElement>(null);
  if (data.profile.role_id === ROLE.FAN) return <Alert kind="info">{t('mypage.account.fanOnly')}</Alert>;
  if (data.cast_of) return <CastRewardsNote organization={data.cast_of.name} />;
  const goToBank = () => {
    bankRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    bankRef.current?.focus({ preventScroll: true });
  };
  return (
    <>
      <WithdrawalsPanel onGoToBank={goToBank} />
      <section
        id="bank-account"
        ref={bankRef}
        tabIndex={-1}
        className="wd-bank"
        aria-labelledby="bank-account-title"
      >
        <h2 id="bank-account-title" className="section-title">
          {t('withdrawals.bank.title')}
        </h2>
        <Alert kind="success">{saved ? t('mypage.bank.saved') : null}</Alert>
        <BankForm
          initial={data.bank}
          submitLabel={t('mypage.bank.submit')}
          onSaved={async () => {
            setSaved(true);
            await Promise.all([loadAccount(), bankChanged(client)]);
          }}
        />
      </section>
    </>
  );
}
