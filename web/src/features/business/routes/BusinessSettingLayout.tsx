import { ROLE } from '@app/shared/roles';
import type { MypageResponse } from '@app/shared/schemas/mypage';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useOutletContext } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useAccount } from '../../mypage/account-store.ts';
import '../business.css';

/** The account (with its business settings) for the tabs. */
export const useBusinessAccount = () =>
  useOutletContext<MypageResponse & { business: NonNullable<MypageResponse['business']> }>();

function BusinessSetting() {
  const { t } = useTranslation();
  const { to } = useLang();
  const { data, error } = useAccount();
  const tabs = [
    { path: '/mypage/businessSetting/base', label: t('business.tabs.base') },
    { path: '/mypage/businessSetting/shop', label: t('business.tabs.shop') },
  ];
  const forCreators = data && data.profile.role_id !== ROLE.FAN && data.business;
  return (
    <section className="page" aria-labelledby="business-heading">
      <h1 id="business-heading" className="page__title">
        {t('business.heading')}
      </h1>
      {error ? (
        <Alert kind="error">{t(error)}</Alert>
      ) : !data ? (
        <Spinner />
      ) : !forCreators ? (
        <Alert kind="info">{t('business.creatorsOnly')}</Alert>
      ) : (
        <>
          <nav className="tabs" aria-label={t('business.tabs.label')}>
            {tabs.map((tab) => (
              <NavLink key={tab.path} to={to(tab.path)} end className="tabs__link">
                {tab.label}
              </NavLink>
            ))}
          </nav>
          <Outlet context={data} />
        </>
      )}
    </section>
  );
}

/** /mypage/businessSetting with the tabs `base` (chat, invoice number) and `shop`; creators and owners. */
export default function BusinessSettingLayout() {
  return (
    <RequireAuth>
      <BusinessSetting />
    </RequireAuth>
  );
}
