import type { ReactNode } from 'react';
import { FlashNotice } from '../../../components/Alert.tsx';

/** The frame of the login and registration screens. */
export function AuthCard({
  title,
  lead,
  children,
  footer,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="page auth" aria-labelledby="auth-heading">
      <h1 id="auth-heading" className="page__title">
        {title}
      </h1>
      <FlashNotice />
      {lead ? <p className="page__lead">{lead}</p> : null}
      {children}
      {footer ? <nav className="auth__links">{footer}</nav> : null}
    </section>
  );
}
