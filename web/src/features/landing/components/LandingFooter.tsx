import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../locale-path.ts';

const fanLinks = [
  { key: 'terms', path: '/terms' },
  { key: 'commercial', path: '/commercial' },
  { key: 'creator', path: '/creator' },
] as const;

const creatorLinks = [
  { key: 'creatorTerms', path: '/creator/terms' },
  { key: 'terms', path: '/terms' },
  { key: 'commercial', path: '/commercial' },
  { key: 'fans', path: '/' },
] as const;

/** Site links at the bottom of a landing page. */
export function LandingFooter({ audience }: { audience: 'fan' | 'creator' }) {
  const { t } = useTranslation('landing');
  const to = useLocalePath();
  const links = audience === 'fan' ? fanLinks : creatorLinks;
  return (
    <footer className="landing-footer">
      <nav aria-label={t('footer.label')}>
        <ul className="landing-footer-links">
          {links.map((link) => (
            <li key={link.key}>
              <Link to={to(link.path)}>{t(`footer.${link.key}`)}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
