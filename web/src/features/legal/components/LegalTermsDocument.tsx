import ja from '@app/shared/i18n/ja/legal';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../locale-path.ts';
import { defaultLegalConfig, type LegalConfig, legalParams } from '../values.ts';
import { LegalArticles } from './LegalArticles.tsx';
import { LegalLinks } from './LegalLinks.tsx';

export interface LegalPageProps {
  /** Business values quoted by the text; defaults to `businessConfig`. */
  config?: LegalConfig;
}

/** A terms document: title, effective date, preamble, numbered articles, links. */
export function LegalTermsDocument({
  doc,
  config = defaultLegalConfig,
}: LegalPageProps & { doc: 'terms' | 'creatorTerms' }) {
  const { t, i18n } = useTranslation('legal');
  const params = legalParams(config, toLanguage(i18n.language));
  return (
    <article className="legal-page" lang={toLanguage(i18n.language)}>
      <header className="legal-header">
        <h1 className="legal-title">{t(`${doc}.title`)}</h1>
        <p className="legal-effective">{t('common.effective', params)}</p>
      </header>
      <p className="legal-preamble">{t(`${doc}.preamble`, params)}</p>
      <LegalArticles doc={doc} articles={ja[doc].articles} params={params} />
      <p className="legal-closing">{t('common.closing')}</p>
      <LegalLinks current={doc} params={params} />
    </article>
  );
}
