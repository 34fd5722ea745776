import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { EmailNotificationSettings } from '../../email-notifications/components/EmailNotificationSettings.tsx';
import { PushSettings } from '../../push/components/PushSettings.tsx';
import { loadAccount } from '../account-store.ts';
import { ProfileForm } from '../components/ProfileForm.tsx';
import { ProfileImages } from '../components/ProfileImages.tsx';
import { useAccountData } from './account-outlet.ts';

/** /mypage/account: profile pictures and profile information (mypage-edit), notifications on this device. */
export default function AccountProfilePage() {
  const { t } = useTranslation();
  const data = useAccountData();
  const [saved, setSaved] = useState(false);
  return (
    <>
      <ProfileImages account={data} />
      <Alert kind="success">{saved ? t('mypage.profile.saved') : null}</Alert>
      <ProfileForm
        initial={data.profile}
        settings
        submitLabel={t('mypage.profile.submit')}
        onSaved={async () => {
          setSaved(true);
          await loadAccount();
        }}
      />
      <PushSettings />
      <EmailNotificationSettings />
    </>
  );
}
