// Placeholder until web/src/features/ exports CommercialPage; then: export { CommercialPage as default } from '…';
import { useTranslation } from 'react-i18next';

export default function CommercialPage() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page__title">{t('common.titles.commercial')}</h1>
      <p>{t('common.placeholder.comingSoon')}</p>
    </section>
  );
}
