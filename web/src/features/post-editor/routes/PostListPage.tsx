import type { PostView } from '@app/shared/schemas/fanclub';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { pagedItems, queryErrorKey } from '../../../lib/query.ts';
import { useAuth } from '../../../lib/session.ts';
import { formatDateTime } from '../../points/format.ts';
import { errorMessage, type Message } from '../../store/messages.ts';
import { deletePost } from '../api/deletePost.ts';
import { invalidatePosts, useMyPosts } from '../cache.ts';
import { excerptOf } from '../model.ts';
import type { PostSavedState } from './PostFormPage.tsx';
import '../../items/items.css';
import '../post-editor.css';

function PostRow({
  post,
  busy,
  onDelete,
}: {
  post: PostView;
  busy: boolean;
  onDelete: (p: PostView) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const date = formatDateTime(lang, post.published_at);
  const thumb = post.images[0]?.thumb_url ?? null;
  return (
    <li className={`post-row post-row--${post.status}`} data-testid="post-row">
      <div className="post-row__main">
        {thumb ? (
          <img className="post-row__thumb" src={thumb} alt="" width={64} height={64} />
        ) : (
          <span
            className={`post-row__thumb post-row__thumb--${post.has_video ? 'video' : 'text'}`}
            aria-hidden="true"
          >
            {post.has_video ? '▶' : '✎'}
          </span>
        )}
        <div className="post-row__body">
          <ul className="post-row__labels">
            <li className={`shop-badge shop-badge--${post.status === 'scheduled' ? 'scheduled' : 'on_sale'}`}>
              {t(`fanclubPosts.list.status.${post.status}`)}
            </li>
            <li className={`shop-badge post-badge--${post.visibility}`}>
              {t(`fanclubPosts.list.visibility.${post.visibility}`)}
            </li>
          </ul>
          <p className="post-row__when">
            {post.status === 'scheduled'
              ? t('fanclubPosts.list.scheduledAt', { date })
              : t('fanclubPosts.list.publishedAt', { date })}
          </p>
          <p className="post-row__text">{excerptOf(post.text) || t('fanclubPosts.list.noText')}</p>
          {post.image_count > 0 || post.has_video ? (
            <p className="post-row__meta muted small">
              {post.has_video
                ? t('fanclubPosts.list.video')
                : t('fanclubPosts.list.images', { count: post.image_count })}
            </p>
          ) : null}
        </div>
      </div>
      <fieldset className="post-row__actions" aria-label={t('fanclubPosts.list.actionsLabel', { date })}>
        <LangLink className="btn btn--secondary" to={`/home/fanclub/posts/${post.id}`}>
          {t('fanclubPosts.list.edit')}
        </LangLink>
        <Button variant="danger" disabled={busy} onClick={() => onDelete(post)}>
          {t('fanclubPosts.list.delete')}
        </Button>
      </fieldset>
    </li>
  );
}

/**
 * /home/fanclub/posts: the creator's posts, scheduled ones first (with their time), then the
 * published ones newest first, with their visibility; edit, and delete after a confirmation.
 */
export default function PostListPage() {
  const { t } = useTranslation();
  const me = useAuth().profile?.id ?? '';
  const query = useMyPosts(me);
  const posts = pagedItems(query.data, (p) => p.posts);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<PostView | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; m: Message } | null>(null);
  const loadError = queryErrorKey(query.error);
  const saved = (useLocation().state as PostSavedState | null)?.postSaved;

  const remove = async (post: PostView) => {
    setBusyId(post.id);
    setMessage(null);
    try {
      const result = await deletePost(post.id);
      if (result?.ok) setMessage({ kind: 'success', m: { key: 'fanclubPosts.list.deleted' } });
      else if (result)
        setMessage({ kind: 'error', m: { key: result.body.issues?.[0]?.message ?? 'errors.validation' } });
    } catch (err) {
      setMessage({ kind: 'error', m: errorMessage(err) });
    } finally {
      setBusyId(null);
      setConfirm(null);
      await invalidatePosts();
    }
  };

  return (
    <section className="page post-list" aria-labelledby="post-list-heading">
      <p className="post-editor__back">
        <LangLink to="/home/fanclub">{t('fanclubPosts.list.back')}</LangLink>
      </p>
      <div className="post-list__head">
        <h1 id="post-list-heading" className="page__title">
          {t('fanclubPosts.list.title')}
        </h1>
        <LangLink className="btn btn--primary" to="/home/fanclub/posts/create">
          {t('fanclubPosts.list.create')}
        </LangLink>
      </div>
      {saved && !message ? <Alert kind="success">{t(saved)}</Alert> : null}
      <div aria-live="polite">
        {message ? <Alert kind={message.kind}>{t(message.m.key, message.m.params ?? {})}</Alert> : null}
      </div>
      {loadError ? <Alert kind="error">{t(loadError.key, loadError.params ?? {})}</Alert> : null}
      {posts === null ? (
        loadError ? null : (
          <Spinner />
        )
      ) : posts.length === 0 ? (
        <p className="post-list__empty">{t('fanclubPosts.list.empty')}</p>
      ) : (
        <>
          <ul className="post-list__list" aria-label={t('fanclubPosts.list.listLabel')}>
            {posts.map((p) => (
              <PostRow key={p.id} post={p} busy={busyId === p.id} onDelete={setConfirm} />
            ))}
          </ul>
          <LoadMore
            query={query}
            className="post-list__more"
            label={t('fanclubPosts.list.more')}
            busyLabel={t('fanclubPosts.list.loadingMore')}
          />
        </>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t('fanclubPosts.list.deleteTitle')}
        confirmLabel={t('fanclubPosts.list.delete')}
        busy={busyId !== null && busyId === confirm?.id}
        busyLabel={t('fanclubPosts.list.deleting')}
        onConfirm={() => confirm && void remove(confirm)}
        onCancel={() => setConfirm(null)}
      >
        <p>{t('fanclubPosts.list.deleteBody')}</p>
        {confirm?.status === 'scheduled' ? <p>{t('fanclubPosts.list.deleteScheduled')}</p> : null}
      </ConfirmDialog>
    </section>
  );
}
