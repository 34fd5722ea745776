import ja from '@app/shared/i18n/ja/legal';
import { useTranslation } from 'react-i18next';
import { LiveCampaignText } from '../../campaign/components/LiveCampaignText.tsx';
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
  const lang = toLanguage(i18n.language);
  const params = legalParams(config, lang);
  // The campaign's rate as it runs now (the console's table), never a configured figure.
  const campaignRow = 'creatorTerms.articles.rewards.clauses.c1.table.rows.campaign';
  const live =
    doc === 'creatorTerms'
      ? {
          [`${campaignRow}.value`]: (
            <LiveCampaignText
              lang={lang}
              running={(figures) => t(`${campaignRow}.running`, figures)}
              neutral={t(`${campaignRow}.value`)}
            />
          ),
        }
      : {};
  return (
    <article className="legal-page" lang={toLanguage(i18n.language)}>
      <header className="legal-header">
        <h1 className="legal-title">{t(`${doc}.title`)}</h1>
        <p className="legal-effective">{t('common.effective', params)}</p>
      </header>
      <p className="legal-preamble">{t(`${doc}.preamble`, params)}</p>
      <LegalArticles doc={doc} articles={ja[doc].articles} params={params} live={live} />
      <p className="legal-closing">{t('common.closing')}</p>
      <LegalLinks current={doc} params={params} />
    </article>
  );
}
