// Placeholder until web/src/features/ exports TermsPage; then: export { TermsPage as default } from '…';
import { useTranslation } from 'react-i18next';

export default function TermsPage() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page__title">{t('common.titles.terms')}</h1>
      <p>{t('common.placeholder.comingSoon')}</p>
    </section>
  );
}
