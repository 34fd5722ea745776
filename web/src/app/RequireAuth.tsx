import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { splitPrefix } from '../lib/lang.ts';
import { loginPathWithReturn } from '../lib/return-to.ts';
import { hasSession, loginPathFor } from '../lib/session.ts';
import { useLang } from './lang-context.ts';

/**
 * Screens for signed-in accounts: without a session, go to the login page with a notice; the login
 * returns to this screen (`?next=`, lib/return-to.ts).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { to } = useLang();
  const { pathname, search, hash } = useLocation();
  if (!hasSession()) {
    const here = `${splitPrefix(pathname).path}${search}${hash}`;
    return (
      <Navigate
        to={to(loginPathWithReturn(loginPathFor(null), here))}
        replace
        state={{ notice: 'needLogin' }}
      />
    );
  }
  return children;
}
