import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** An inline message: errors are announced at once (role=alert), successes politely (role=status). */
export function Alert({
  kind,
  children,
}: {
  kind: 'error' | 'success' | 'info' | 'warning';
  children: ReactNode;
}) {
  if (!children) return null;
  const role = kind === 'error' ? 'alert' : kind === 'success' ? 'status' : undefined;
  return (
    <div className={`alert alert--${kind}`} role={role}>
      {children}
    </div>
  );
}

export interface FlashState {
  /** A key under common.notices. */
  notice?: string;
}

/** Shows the notice another screen left in the navigation state (e.g. after a redirect). */
export function FlashNotice() {
  const { t } = useTranslation();
  const state = useLocation().state as FlashState | null;
  if (!state?.notice) return null;
  return (
    <Alert kind={state.notice === 'needLogin' ? 'info' : 'success'}>
      {t(`common.notices.${state.notice}`)}
    </Alert>
  );
}
