import type { ReactNode } from 'react';

/** A console screen: its heading, optional actions on the right, and its content. */
export function AdminPage({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">{title}</h1>
        {actions ? <div className="admin-page__actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
