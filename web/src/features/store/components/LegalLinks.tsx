import { useTranslation } from 'react-i18next';
import { LangLink } from '../../../components/LangLink.tsx';

/** Links to the terms and the 特定商取引法 notice, opening in a new tab so the purchase is kept. */
export function PurchaseLegalLinks() {
  const { t } = useTranslation();
  return (
    <ul className="legal-links-inline">
      {(['terms', 'commercial'] as const).map((page) => (
        <li key={page}>
          <LangLink to={`/${page}`} target="_blank" rel="noopener">
            {t(`store.terms.${page}`)}
            <span className="visually-hidden">{t('store.terms.newTab')}</span>
          </LangLink>
        </li>
      ))}
    </ul>
  );
}
