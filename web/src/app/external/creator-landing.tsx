// Placeholder until web/src/features/ exports CreatorLandingPage; then: export { CreatorLandingPage as default } from '…';
import { useTranslation } from 'react-i18next';

export default function CreatorLandingPage() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page__title">{t('common.titles.creatorLanding')}</h1>
      <p>{t('common.placeholder.comingSoon')}</p>
    </section>
  );
}
