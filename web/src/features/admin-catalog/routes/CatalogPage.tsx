/**
 * `/admin/catalog` (issue 17, console: stamps and campaigns): the stamp catalogue with pictures and
 * costs, and the campaign codes with their state.
 */
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../admin/components/AdminPage.tsx';
import { CatalogCampaigns } from '../components/catalog-campaigns.tsx';
import { CatalogStamps } from '../components/catalog-stamps.tsx';
import '../components/catalog.css';

export default function CatalogPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.catalog.title')}>
      <CatalogStamps />
      <CatalogCampaigns />
    </AdminPage>
  );
}
