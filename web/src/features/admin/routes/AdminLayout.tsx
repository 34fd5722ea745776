/**
 * /admin/*: the operators' console frame (issue 17). Only role 3 sees it: without a session the
 * console's own login, another role a refusal. It loads the console's catalogue and the query
 * cache, and draws the console's header (with the signed-in operator's name) and navigation around
 * each section's screen.
 */
import { ROLE } from '@app/shared/roles';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { LangLink } from '../../../components/LangLink.tsx';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher.tsx';
import { QueryProvider } from '../../../lib/QueryProvider.tsx';
import { hasSession, useAuth } from '../../../lib/session.ts';
import { logout } from '../../auth/api/logout.ts';
import { OperatorName } from '../components/OperatorName.tsx';
import { useAdminCatalogue } from '../useAdminCatalogue.ts';
import '../admin.css';

/** The sections, in the navigation's order (paths under /admin). */
export const ADMIN_SECTIONS = [
  ['', 'dashboard'],
  ['/organizations', 'organizations'],
  ['/reports', 'reports'],
  ['/users', 'users'],
  ['/items', 'items'],
  ['/withdrawals', 'withdrawals'],
  ['/news', 'news'],
  ['/points', 'points'],
  ['/catalog', 'catalog'],
  ['/audit', 'audit'],
] as const;

export default function AdminLayout() {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const { roleId } = useAuth();
  const ready = useAdminCatalogue();
  if (!hasSession()) return <Navigate to={to('/admin/login')} replace />;
  if (!ready) return null;
  if (roleId !== ROLE.ADMIN)
    return (
      <div className="admin admin--refused">
        <p role="alert">{t('admin.access.forbidden')}</p>
        <LangLink to="/">{t('common.appName')}</LangLink>
      </div>
    );
  return (
    <QueryProvider>
      <div className="admin">
        <header className="admin__header">
          <LangLink to="/admin" className="admin__brand">
            {t('admin.access.title')}
          </LangLink>
          <OperatorName />
          <div className="admin__tools">
            <LanguageSwitcher />
            <button
              type="button"
              className="btn btn--ghost"
              onClick={async () => {
                await logout();
                navigate(to('/admin/login'), { replace: true });
              }}
            >
              {t('admin.access.nav.logout')}
            </button>
          </div>
        </header>
        <nav className="admin__nav" aria-label={t('admin.access.nav.menu')}>
          {ADMIN_SECTIONS.map(([path, key]) => (
            <NavLink key={key} to={to(`/admin${path}`)} end={path === ''} className="admin__nav-link">
              {t(`admin.access.nav.${key}`)}
            </NavLink>
          ))}
        </nav>
        <div className="admin__main">
          <Outlet />
        </div>
      </div>
    </QueryProvider>
  );
}
