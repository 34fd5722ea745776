import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { CreatorCard } from '../../../components/CreatorCard.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { pagedItems, queryErrorKey } from '../../../lib/query.ts';
import { profileId } from '../../../lib/session.ts';
import { localizeParams } from '../../store/messages.ts';
import { useFavorites } from '../cache.ts';
import '../liked.css';

function Favorites({ me }: { me: string }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const query = useFavorites(me);
  const creators = pagedItems(query.data, (p) => p.creators);
  const error = queryErrorKey(query.error);
  return (
    <section className="page social-list" aria-labelledby="favorites-heading">
      <h1 id="favorites-heading" className="page__title">
        {t('social.favorites.heading')}
      </h1>
      <Alert kind="error">{error ? t(error.key, localizeParams(lang, error.params)) : null}</Alert>
      {creators === null ? (
        error ? null : (
          <Spinner />
        )
      ) : creators.length === 0 ? (
        <div className="social-list__empty">
          <p>{t('social.favorites.empty')}</p>
          <p className="muted small">{t('social.favorites.emptyLead')}</p>
          <LangLink to="/discovery" className="btn btn--secondary">
            {t('social.favorites.toDiscovery')}
          </LangLink>
        </div>
      ) : (
        <>
          <ul className="social-list__items" aria-label={t('social.favorites.listLabel')}>
            {creators.map((c) => (
              <li key={c.id}>
                <CreatorCard card={c} />
              </li>
            ))}
          </ul>
          <LoadMore
            query={query}
            className="social-list__more"
            label={t('social.favorites.more')}
            busyLabel={t('social.favorites.loadingMore')}
          />
        </>
      )}
    </section>
  );
}

/** /home/favorites: the creators I keep as favorites, newest first, a page at a time. */
export default function FavoritesPage() {
  return (
    <RequireAuth>
      <Favorites me={profileId() ?? ''} />
    </RequireAuth>
  );
}
