import { ROLE } from '@app/shared/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { loadAccount } from '../account-store.ts';
import { BankForm } from '../components/BankForm.tsx';
import { useAccountData } from './account-outlet.ts';

/** /mypage/account/withdraw: the bank account for rewards (same form as STEP.3, prefilled). */
export default function AccountWithdrawPage() {
  const { t } = useTranslation();
  const data = useAccountData();
  const [saved, setSaved] = useState(false);
  if (data.profile.role_id === ROLE.FAN) return <Alert kind="info">{t('mypage.account.fanOnly')}</Alert>;
  return (
    <>
      <Alert kind="success">{saved ? t('mypage.bank.saved') : null}</Alert>
      <BankForm
        initial={data.bank}
        submitLabel={t('mypage.bank.submit')}
        onSaved={async () => {
          setSaved(true);
          await loadAccount();
        }}
      />
    </>
  );
}
