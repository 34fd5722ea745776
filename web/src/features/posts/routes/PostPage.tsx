import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../app/NotFoundPage.tsx';
import { usePageHead } from '../../../app/page-head.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Avatar } from '../../../components/Avatar.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { withQueryCache } from '../../../lib/QueryProvider.tsx';
import { queryErrorKey } from '../../../lib/query.ts';
import { usePost } from '../cache.ts';
import { PostCard } from '../components/PostCard.tsx';
import { postPath, profilePostsPath } from '../paths.ts';
import '../posts.css';

function PostNotFound({ username }: { username: string }) {
  const { t } = useTranslation();
  usePageHead({ title: t('fanclubView.page.notFound') });
  return (
    <section className="page page--center" aria-labelledby="post-not-found">
      <h1 id="post-not-found" className="page__title">
        {t('fanclubView.page.notFound')}
      </h1>
      <p className="muted">{t('fanclubView.page.notFoundLead')}</p>
      <p>
        <LangLink to={profilePostsPath(username)} className="btn btn--secondary">
          {t('fanclubView.page.backPlain')}
        </LangLink>
      </p>
    </section>
  );
}

function PostScreen({ username, postId }: { username: string; postId: string }) {
  const { t } = useTranslation();
  const query = usePost(postId);
  const data = query.data;
  // The post must be this creator's: another creator's id under this name is not found.
  const mismatch = !!data && data.creator.username?.toLowerCase() !== username.toLowerCase();
  const name = data?.creator.nickname ?? data?.creator.username ?? username;
  usePageHead(data && !mismatch ? { title: t('fanclubView.page.title', { name }) } : null);
  const notFound =
    mismatch ||
    (query.error instanceof ApiError &&
      (query.error.status === 404 || query.error.code === 'post_not_found'));
  if (notFound) return <PostNotFound username={username} />;
  const error = queryErrorKey(query.error);
  return (
    <section className="page post-page" aria-labelledby="post-page-heading">
      <p className="post-page__back">
        <LangLink to={profilePostsPath(username)}>‹ {t('fanclubView.page.back', { name })}</LangLink>
      </p>
      {error ? <Alert kind="error">{t(error.key, error.params ?? {})}</Alert> : null}
      {!data ? (
        error ? null : (
          <Spinner />
        )
      ) : (
        <>
          <h1 id="post-page-heading" className="post-page__creator">
            <Avatar
              peer={{
                id: data.creator.id,
                nickname: data.creator.nickname,
                username: data.creator.username,
                profile_image: data.creator.avatar_url,
              }}
              size={40}
            />
            <span>{name}</span>
          </h1>
          <PostCard
            post={data.post}
            username={username}
            returnTo={postPath(username, postId)}
            linked={false}
          />
        </>
      )}
    </section>
  );
}

const Screen = withQueryCache(PostScreen);

/** `/@{username}/posts/{postId}`: one fan club post by the one access rule (the teaser when locked). */
export default function PostPage() {
  const { at = '', postId = '' } = useParams();
  const { t } = useTranslation();
  const valid = at.startsWith('@') && at.length > 1;
  if (!valid) return <Unknown title={t('common.titles.notFound')} />;
  return <Screen key={`${at}/${postId}`} username={at.slice(1)} postId={postId} />;
}

function Unknown({ title }: { title: string }) {
  usePageHead({ title });
  return <NotFoundPage />;
}
