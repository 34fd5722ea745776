import type { OrganizationView } from '@app/shared/schemas/organizations';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The organization as registered: logo, name, category, public or private (and what follows). */
export function OrganizationCard({
  organization: o,
  headingId,
  heading,
  children,
}: {
  organization: OrganizationView;
  headingId: string;
  heading: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="org-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="org-card__heading">
        {heading}
      </h2>
      <div className="org-card__identity">
        <span className="org-card__logo">
          {o.logo_url ? (
            <img
              src={o.logo_url}
              alt={t('organizations.card.logoAlt', { name: o.name })}
              width={64}
              height={64}
            />
          ) : (
            <span className="org-card__no-logo">{t('organizations.card.noLogo')}</span>
          )}
        </span>
        <div>
          <p className="org-card__name">{o.name}</p>
          <p className="org-card__category">{t(`organizations.categories.${o.category}`)}</p>
          <span className={`org-badge org-badge--${o.is_public ? 'public' : 'private'}`}>
            {t(o.is_public ? 'organizations.card.public' : 'organizations.card.private')}
          </span>
        </div>
      </div>
      {o.address ? <p className="org-card__address">{o.address}</p> : null}
      {children}
    </section>
  );
}
