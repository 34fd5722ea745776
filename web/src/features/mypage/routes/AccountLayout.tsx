import { ROLE } from '@app/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert, FlashNotice } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { errorMessageKey } from '../../../lib/api.ts';
import { unwrap } from '../../../lib/query.ts';
import { loginPathFor } from '../../../lib/session.ts';
import { leave } from '../../auth/api/leave.ts';
import { logout } from '../../auth/api/logout.ts';
import { CastRewardsNote } from '../../organizations/components/CastRewardsNote.tsx';
import { resetAccount, useAccount } from '../account-store.ts';
import { getSummary } from '../api/getSummary.ts';

/**
 * The unpaid rewards a creator or owner forfeits by leaving, read when the leave dialog opens;
 * null for other roles, while loading, or when the read fails (the dialog then says it in general).
 */
function useUnpaidRewards(roleId: number | undefined, open: boolean): number | null {
  const earns = roleId === ROLE.CREATOR || roleId === ROLE.USER;
  const query = useQuery({
    queryKey: ['mypage', 'summary', 'unpaid'],
    queryFn: async () => unwrap(await getSummary()).unpaid_amount,
    enabled: earns && open,
    staleTime: 0,
    retry: false,
  });
  return earns && query.data !== undefined ? query.data : null;
}

function Account() {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const { data, error } = useAccount();
  const [loggingOut, setLoggingOut] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [leaveError, setLeaveError] = useState<string | null>(null);
  const unpaid = useUnpaidRewards(data?.profile.role_id, confirming);

  const signOut = async (notice: 'loggedOut' | 'left') => {
    const loginPath = loginPathFor(data?.profile.role_id);
    await logout();
    resetAccount();
    navigate(to(loginPath), { replace: true, state: { notice } });
  };

  const onLogout = async () => {
    setLoggingOut(true);
    await signOut('loggedOut');
  };

  const onLeave = async () => {
    setLeaving(true);
    setLeaveError(null);
    try {
      const result = await leave();
      if (result === null) return;
      if (!result.ok) {
        setLeaveError('errors.leaveFailed');
        setLeaving(false);
        return;
      }
      setConfirming(false);
      await signOut('left');
    } catch (err) {
      setLeaveError(errorMessageKey(err, 'errors.leaveFailed'));
      setLeaving(false);
    }
  };

  // A cast's rewards are its organization's: its owner requests the withdrawals (issue 16).
  const isCast = Boolean(data?.cast_of);
  // The withdrawal tab's own page says it already (AccountWithdrawPage).
  const onWithdrawPage = useLocation().pathname.endsWith('/withdraw');
  const tabs = [
    { path: '/mypage/account', label: t('mypage.account.tabs.profile') },
    { path: '/mypage/account/user', label: t('mypage.account.tabs.user') },
    ...(data && data.profile.role_id !== ROLE.FAN && !isCast
      ? [{ path: '/mypage/account/withdraw', label: t('mypage.account.tabs.withdraw') }]
      : []),
  ];

  return (
    <section className="page" aria-labelledby="account-heading">
      <h1 id="account-heading" className="page__title">
        {t('mypage.account.heading')}
      </h1>
      <FlashNotice />
      <nav className="tabs" aria-label={t('mypage.account.tabs.label')}>
        {tabs.map((tab) => (
          <NavLink key={tab.path} to={to(tab.path)} end className="tabs__link">
            {tab.label}
          </NavLink>
        ))}
      </nav>
      {data ? <Outlet context={data} /> : error ? <Alert kind="error">{t(error)}</Alert> : <Spinner />}
      {data && data.profile.role_id !== ROLE.FAN ? (
        <nav className="account__more" aria-label={t('business.menu.label')}>
          {data.cast_of && !onWithdrawPage ? <CastRewardsNote organization={data.cast_of.name} /> : null}
          <ul className="link-list">
            {data.profile.role_id === ROLE.USER ? (
              <>
                <li>
                  <LangLink to="/organization">{t('organizations.menu.organization')}</LangLink>
                </li>
                <li>
                  <LangLink to="/organization/sales">{t('organizations.menu.sales')}</LangLink>
                </li>
              </>
            ) : null}
            <li>
              <LangLink to="/mypage/businessSetting">{t('business.menu.settings')}</LangLink>
            </li>
            <li>
              <LangLink to="/mypage/incomes">{t('business.menu.incomes')}</LangLink>
            </li>
            <li>
              <LangLink to="/home/shop">{t('common.titles.shopItems')}</LangLink>
            </li>
            {data.profile.role_id === ROLE.CREATOR ? (
              <li>
                <LangLink to="/home/fanclub">{t('common.titles.fanclubManage')}</LangLink>
              </li>
            ) : null}
            {data.profile.role_id === ROLE.CREATOR ? (
              <>
                <li>
                  <LangLink to="/home/broadcasting/reserve">{t('common.titles.broadcastReserves')}</LangLink>
                </li>
                <li>
                  <LangLink to="/home/broadcasting/trigger">{t('common.titles.broadcastTriggers')}</LangLink>
                </li>
              </>
            ) : null}
            {isCast ? null : (
              <li>
                <LangLink to="/mypage/account/withdraw">{t('business.menu.withdraw')}</LangLink>
              </li>
            )}
            <li>
              <LangLink to="/home/shop/sales-status">{t('common.titles.salesStatus')}</LangLink>
            </li>
          </ul>
        </nav>
      ) : null}
      <nav className="account__more" aria-label={t('points.menu.label')}>
        <ul className="link-list">
          <li>
            <LangLink to="/mypage/easy-profile">{t('common.titles.easyProfile')}</LangLink>
          </li>
          <li>
            <LangLink to="/mypage/points">{t('common.titles.points')}</LangLink>
          </li>
          {data && (data.profile.role_id === ROLE.FAN || data.profile.role_id === ROLE.USER) ? (
            <li>
              <LangLink to="/library">{t('common.titles.library')}</LangLink>
            </li>
          ) : null}
        </ul>
      </nav>
      <div className="account__danger">
        <Button
          variant="secondary"
          onClick={onLogout}
          busy={loggingOut}
          busyLabel={t('common.actions.loggingOut')}
        >
          {t('mypage.account.logout')}
        </Button>
        <Alert kind="error">{leaveError && !confirming ? t(leaveError) : null}</Alert>
        <Button variant="link" onClick={() => setConfirming(true)} disabled={loggingOut}>
          {t('mypage.account.leave')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('mypage.account.leaveTitle')}
        confirmLabel={t('mypage.account.leaveConfirm')}
        busy={leaving}
        busyLabel={t('mypage.account.leaving')}
        onConfirm={onLeave}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('mypage.account.leaveBody1')}</p>
        {unpaid ? (
          <>
            <p>
              <strong>{t('mypage.leaveRewards.unpaid', { amount: unpaid.toLocaleString('ja-JP') })}</strong>
            </p>
            <p>
              <strong>{t('mypage.leaveRewards.points')}</strong>
            </p>
          </>
        ) : (
          <p>
            <strong>{t('mypage.account.leaveBody2')}</strong>
          </p>
        )}
        <Alert kind="error">{leaveError ? t(leaveError) : null}</Alert>
      </ConfirmDialog>
    </section>
  );
}

/**
 * /mypage/account with child paths '' (profile), 'user' and 'withdraw'; links to the easy profile
 * and the point history; logout and leave.
 */
export default function AccountLayout() {
  return (
    <RequireAuth>
      <Account />
    </RequireAuth>
  );
}
