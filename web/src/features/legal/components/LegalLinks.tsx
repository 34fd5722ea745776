import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../locale-path.ts';
import type { LegalParams } from '../values.ts';

const pages = [
  { key: 'terms', path: '/terms' },
  { key: 'creatorTerms', path: '/creator/terms' },
  { key: 'commercial', path: '/commercial' },
] as const;

/** Contact line and links to the other legal pages, at the end of each legal page. */
export function LegalLinks({
  current,
  params,
}: {
  current: (typeof pages)[number]['key'];
  params: LegalParams;
}) {
  const { t } = useTranslation('legal');
  const to = useLocalePath();
  return (
    <footer className="legal-footer">
      <p className="legal-contact">{t('common.contact', params)}</p>
      <nav aria-label={t('common.related')}>
        <ul className="legal-links">
          {pages
            .filter((page) => page.key !== current)
            .map((page) => (
              <li key={page.key}>
                <Link to={to(page.path)}>{t(`common.links.${page.key}`)}</Link>
              </li>
            ))}
        </ul>
      </nav>
    </footer>
  );
}
