// Placeholder until web/src/features/ exports CreatorTermsPage; then: export { CreatorTermsPage as default } from '…';
import { useTranslation } from 'react-i18next';

export default function CreatorTermsPage() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page__title">{t('common.titles.creatorTerms')}</h1>
      <p>{t('common.placeholder.comingSoon')}</p>
    </section>
  );
}
