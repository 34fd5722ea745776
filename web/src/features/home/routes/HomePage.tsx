import { isSetupComplete } from '@app/shared/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert, FlashNotice } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { loginPathFor } from '../../../lib/session.ts';
import { nextSetupPath } from '../../../lib/setup.ts';
import { logout } from '../../auth/api/logout.ts';
import { resetAccount, useAccount } from '../../mypage/account-store.ts';

function Home() {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const { data, error } = useAccount();
  const [leaving, setLeaving] = useState(false);

  if (data && !isSetupComplete(data.profile.role_id, data.final_step)) {
    return <Navigate to={to(nextSetupPath(data.profile.role_id, data.final_step))} replace />;
  }

  const onLogout = async () => {
    setLeaving(true);
    const loginPath = loginPathFor(data?.profile.role_id);
    await logout();
    resetAccount();
    navigate(to(loginPath), { replace: true, state: { notice: 'loggedOut' } });
  };

  const name = data?.profile.nickname;
  return (
    <section className="page" aria-labelledby="home-heading">
      <FlashNotice />
      <Alert kind="error">{error ? t(error) : null}</Alert>
      <h1 id="home-heading" className="page__title">
        {name ? t('home.greeting', { name }) : t('home.greetingNoName')}
      </h1>
      <p className="page__lead">{t('home.lead')}</p>
      <ul className="link-list">
        <li>
          <LangLink to="/mypage/easy-profile">{t('common.titles.easyProfile')}</LangLink>
        </li>
        <li>
          <LangLink to="/mypage/points">{t('common.titles.points')}</LangLink>
        </li>
        <li>
          <LangLink to="/mypage/account">{t('home.accountLink')}</LangLink>
        </li>
      </ul>
      <Button
        variant="secondary"
        onClick={onLogout}
        busy={leaving}
        busyLabel={t('common.actions.loggingOut')}
      >
        {t('home.logout')}
      </Button>
    </section>
  );
}

/** /home: a simple signed-in home for now (greeting, easy profile, point history, account, logout). */
export default function HomePage() {
  return (
    <RequireAuth>
      <Home />
    </RequireAuth>
  );
}
