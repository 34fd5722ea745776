import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { returnPathIn } from '../lib/return-to.ts';
import { hasSession } from '../lib/session.ts';
import { useLang } from './lang-context.ts';

/**
 * Pages that invite a visitor to sign up or log in (the top page and the login pages): a signed-in
 * visitor goes to the page the login was asked from (`?next=`), else home. The session is read once
 * when the page opens, so a login made on the page leaves it through its own navigation.
 * The pre-rendered forms of these pages do the same in their script (lib/static-page.ts).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { to } = useLang();
  const { search } = useLocation();
  if (hasSession()) return <Navigate to={to(returnPathIn(search) ?? '/home')} replace />;
  return children;
}
