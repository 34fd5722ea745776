// Placeholder until web/src/features/ exports LandingPage; then: export { LandingPage as default } from '…';
import { useTranslation } from 'react-i18next';

export default function LandingPage() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page__title">{t('common.titles.landing')}</h1>
      <p>{t('common.placeholder.comingSoon')}</p>
    </section>
  );
}
