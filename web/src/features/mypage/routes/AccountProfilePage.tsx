import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { loadAccount } from '../account-store.ts';
import { ProfileForm } from '../components/ProfileForm.tsx';
import { useAccountData } from './account-outlet.ts';

/** /mypage/account: profile information. */
export default function AccountProfilePage() {
  const { t } = useTranslation();
  const data = useAccountData();
  const [saved, setSaved] = useState(false);
  return (
    <>
      <Alert kind="success">{saved ? t('mypage.profile.saved') : null}</Alert>
      <ProfileForm
        initial={data.profile}
        submitLabel={t('mypage.profile.submit')}
        onSaved={async () => {
          setSaved(true);
          await loadAccount();
        }}
      />
    </>
  );
}
