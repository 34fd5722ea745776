import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../admin/components/AdminPage.tsx';

/** Not built yet (issue 17): the section's helper replaces this screen. */
export default function OrganizationReviewsPage() {
  const { t } = useTranslation();
  return <AdminPage title={t('admin.access.nav.organizations')} />;
}
