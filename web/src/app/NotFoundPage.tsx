import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LangLink } from '../components/LangLink.tsx';
import { hasSession } from '../lib/session.ts';

/** Unknown paths (also what /404.html shows). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <section className="page page--center" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading" className="page__title">
        {t('common.notFound.heading')}
      </h1>
      <p className="muted break">{t('common.notFound.path', { path: pathname })}</p>
      <p>{t('common.notFound.lead')}</p>
      <p>
        {/* A signed-in visitor goes home, not to the sign-up invitation of the top page. */}
        {hasSession() ? (
          <LangLink to="/home" className="btn btn--secondary">
            {t('common.notFound.toHome')}
          </LangLink>
        ) : (
          <LangLink to="/" className="btn btn--secondary">
            {t('common.notFound.toTop')}
          </LangLink>
        )}
      </p>
    </section>
  );
}

export default NotFoundPage;
