import type { OrganizationView } from '@app/shared/schemas/organizations';
import { useTranslation } from 'react-i18next';
import { LangLink } from '../../../components/LangLink.tsx';

/** Casts are managed once the organization is approved: say so, with the way to /organization. */
export function NotApproved({ organization }: { organization: OrganizationView | null }) {
  const { t } = useTranslation();
  return (
    <div className="empty" data-testid="casts-not-approved">
      <h2 className="section-title">{t('casts.notApproved.heading')}</h2>
      <p>{t(organization ? 'casts.notApproved.body' : 'casts.notApproved.none')}</p>
      <LangLink className="btn btn--primary" to="/organization">
        {t('casts.notApproved.link')}
      </LangLink>
    </div>
  );
}
