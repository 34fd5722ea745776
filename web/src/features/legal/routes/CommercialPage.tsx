import ja from '@app/shared/i18n/ja/legal';
import { useTranslation } from 'react-i18next';
import { operatorDetails } from '../../../lib/config.ts';
import { LegalLinks } from '../components/LegalLinks.tsx';
import type { LegalPageProps } from '../components/LegalTermsDocument.tsx';
import { toLanguage } from '../locale-path.ts';
import { defaultLegalConfig, legalParams } from '../values.ts';
import '../legal.css';

/** /commercial: the notice under the Act on Specified Commercial Transactions, as a table. */
export function CommercialPage({ config = defaultLegalConfig }: LegalPageProps) {
  const { t, i18n } = useTranslation('legal');
  const lang = toLanguage(i18n.language);
  const params = legalParams(config, lang);
  return (
    <article className="legal-page" lang={lang}>
      <header className="legal-header">
        <h1 className="legal-title">{t('commercial.title')}</h1>
      </header>
      <p className="legal-preamble">{t('commercial.lead', params)}</p>
      <div className="legal-table-wrap">
        <table className="legal-table legal-commercial-table">
          <caption>{t('commercial.caption')}</caption>
          <tbody>
            {Object.keys(ja.commercial.rows).map((key) => (
              <tr key={key}>
                <th scope="row">{t(`commercial.rows.${key}.label`)}</th>
                <td>
                  {key === 'email' ? (
                    <a href={`mailto:${operatorDetails().email}`}>
                      {t('commercial.rows.email.value', params)}
                    </a>
                  ) : (
                    t(`commercial.rows.${key}.value`, params)
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LegalLinks current="commercial" params={params} />
    </article>
  );
}
