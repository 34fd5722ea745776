import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { splitPrefix } from '../lib/lang.ts';
import { loginPathWithReturn } from '../lib/return-to.ts';
import { hasSession, loginPathFor, useAuth } from '../lib/session.ts';
import { useLang } from './lang-context.ts';

/** Where a cast chooses its own password before anything else (issue 16). */
export const CAST_PASSWORD_PATH = '/creator/login/cast/password';

/**
 * Screens for signed-in accounts: without a session, go to the login page with a notice; the login
 * returns to this screen (`?next=`, lib/return-to.ts). A cast that must choose its password first
 * (known from its login, its account or a refused call) goes to the password page, which returns
 * here once the password is set.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { to } = useLang();
  const { pathname, search, hash } = useLocation();
  const { passwordChangeRequired } = useAuth();
  const here = `${splitPrefix(pathname).path}${search}${hash}`;
  if (!hasSession()) {
    return (
      <Navigate
        to={to(loginPathWithReturn(loginPathFor(null), here))}
        replace
        state={{ notice: 'needLogin' }}
      />
    );
  }
  if (passwordChangeRequired && splitPrefix(pathname).path !== CAST_PASSWORD_PATH) {
    return <Navigate to={to(loginPathWithReturn(CAST_PASSWORD_PATH, here))} replace />;
  }
  return children;
}
