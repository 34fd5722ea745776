import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AUTH_ERROR_CHANNEL, type AuthErrorMessage } from '../lib/api.ts';
import { captureInvitation } from '../lib/invitation.ts';
import { splitPrefix, withPrefix } from '../lib/lang.ts';
import { loginPathWithReturn } from '../lib/return-to.ts';
import { hasSession, loadSession, loginPathFor, storeAdFlag, useAuth } from '../lib/session.ts';
import { CAST_PASSWORD_PATH } from './RequireAuth.tsx';

/**
 * Above the language branches: listens for auth errors (from this tab or another) and sends the
 * user to the right login page; stores the ?ad=1 flag and an invitation link's creator.
 */
export function Root() {
  const navigate = useNavigate();
  const location = useLocation();
  const { passwordChangeRequired } = useAuth();

  useEffect(() => {
    storeAdFlag(location.search);
  }, [location.search]);

  // An invitation link (`/@{username}?invite=1`) is kept for the sign-up it may lead to.
  useEffect(() => {
    captureInvitation(location.pathname, location.search);
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(AUTH_ERROR_CHANNEL);
    channel.onmessage = (event: MessageEvent<AuthErrorMessage>) => {
      if (event.data?.type !== 'auth_error' || event.data.status !== 401) return;
      const roleId = loginPathFor(null);
      loadSession();
      const { prefix } = splitPrefix(window.location.pathname);
      navigate(withPrefix(prefix, roleId), { replace: true, state: { notice: 'needLogin' } });
    };
    return () => channel.close();
  }, [navigate]);

  // A cast whose call was refused until it chooses its password, on any screen (signed-in screens
  // check before they open, RequireAuth): to the password page, which comes back here after.
  useEffect(() => {
    const { prefix, path } = splitPrefix(location.pathname);
    if (!passwordChangeRequired || !hasSession() || path === CAST_PASSWORD_PATH) return;
    const here = `${path}${location.search}${location.hash}`;
    navigate(withPrefix(prefix, loginPathWithReturn(CAST_PASSWORD_PATH, here)), { replace: true });
  }, [passwordChangeRequired, location.pathname, location.search, location.hash, navigate]);

  // No query cache here: public pages do without it (signed-in screens bring it, lib/QueryProvider.tsx).
  return <Outlet />;
}
