import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { hasSession, loginPathFor } from '../lib/session.ts';
import { useLang } from './lang-context.ts';

/** Screens for signed-in accounts: without a session, go to the login page with a notice. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { to } = useLang();
  if (!hasSession()) return <Navigate to={to(loginPathFor(null))} replace state={{ notice: 'needLogin' }} />;
  return children;
}
