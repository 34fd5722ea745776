import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { withQueryCache } from '../../../lib/QueryProvider.tsx';
import { pagedItems, queryErrorKey } from '../../../lib/query.ts';
import { useProfilePosts } from '../cache.ts';
import { profilePostsPath } from '../paths.ts';
import { PostCard } from './PostCard.tsx';

/**
 * The profile's posts switch: the creator's published posts, newest first, page by page; each
 * readable one in full, each locked one as its teaser.
 */
function ProfilePosts({ username }: { username: string }) {
  const { t } = useTranslation();
  const query = useProfilePosts(username);
  const posts = pagedItems(query.data, (page) => page.posts);
  const error = queryErrorKey(query.error);
  const returnTo = profilePostsPath(username);
  return (
    <section
      className="profile__section"
      aria-label={t('fanclubView.listLabel')}
      aria-busy={query.isFetching}
    >
      {error ? <Alert kind="error">{t(error.key, error.params ?? {})}</Alert> : null}
      {posts === null ? (
        error ? null : (
          <p className="profile__empty muted">{t('fanclubView.loading')}</p>
        )
      ) : posts.length === 0 ? (
        <p className="profile__empty">{t('fanclubView.empty')}</p>
      ) : (
        <ul className="post-list" aria-label={t('fanclubView.listLabel')}>
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} username={username} returnTo={returnTo} />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <p className="post-list__more">
          <Button
            variant="secondary"
            className="btn--block"
            busy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('fanclubView.more')}
          </Button>
        </p>
      ) : null}
    </section>
  );
}

/** In the tab's query cache (the profile is a public screen without one). */
export default withQueryCache(ProfilePosts);
