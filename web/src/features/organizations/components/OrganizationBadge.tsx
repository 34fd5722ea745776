import type { OrganizationBadge as Badge } from '@app/shared/schemas/social';
import { useTranslation } from 'react-i18next';
import '../organizations.css';

/** A cast's public, approved organization on its profile: the logo and 所属：name. */
export function OrganizationBadge({ organization }: { organization: Badge }) {
  const { t } = useTranslation();
  return (
    <p className="org-member" data-testid="profile-organization">
      {organization.logo_url ? (
        <img
          className="org-member__logo"
          src={organization.logo_url}
          alt={t('organizations.profile.logoAlt', { name: organization.name })}
          width={24}
          height={24}
        />
      ) : null}
      <span>{t('organizations.profile.member', { name: organization.name })}</span>
    </p>
  );
}
