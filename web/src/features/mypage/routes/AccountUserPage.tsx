import { businessConfig } from '@app/shared/config';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { loadAccount } from '../account-store.ts';
import { NotificationEmailConfirm } from '../components/NotificationEmailConfirm.tsx';
import { UserInfoForm } from '../components/UserInfoForm.tsx';
import { useAccountData } from './account-outlet.ts';

/**
 * /mypage/account/user: user information (birth date read-only once saved); fans also confirm
 * their notification e-mail here (LINE recovery goes by a confirmed address).
 */
export default function AccountUserPage() {
  const { t } = useTranslation();
  const data = useAccountData();
  const [saved, setSaved] = useState(false);
  return (
    <>
      <Alert kind="success">{saved ? t('mypage.user.saved') : null}</Alert>
      <UserInfoForm
        key={data.user?.birth_date ?? 'new'}
        initial={data.user}
        defaultEmail={data.email}
        submitLabel={t('mypage.user.submit')}
        onSaved={async () => {
          setSaved(true);
          await loadAccount();
        }}
      />
      {data.profile.role_id === businessConfig.roles.FAN && data.user ? (
        <NotificationEmailConfirm
          key={data.user.notification_email}
          email={data.user.notification_email}
          verified={data.user.notification_email_verified}
          onVerified={async () => {
            await loadAccount();
          }}
        />
      ) : null}
    </>
  );
}
