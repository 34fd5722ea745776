import type { Language } from '@app/shared/config';
import type { PostView } from '@app/shared/schemas/fanclub';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { ImageViewer, type ViewerImage } from '../../../components/ImageViewer.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { loginPathWithReturn } from '../../../lib/return-to.ts';
import { hasSession, loginPathFor } from '../../../lib/session.ts';
import { formatMonth } from '../../incomes/format.ts';
import { formatDateTime, formatNumber } from '../../points/format.ts';
import { fanclubPath, postPath } from '../paths.ts';
import '../posts.css';

/** "2026-11" as 2026年11月 / November 2026. */
export function monthLabel(lang: Language, month: string): string {
  return formatMonth(lang, { year: Number(month.slice(0, 4)), month: Number(month.slice(5, 7)) });
}

/** A video of a post: plays in place; a file the browser cannot play says so (as the library does). */
function PostVideo({ src }: { src: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <p className="post-video__error" role="alert">
        {t('fanclubView.videoError')}
      </p>
    );
  return (
    // biome-ignore lint/a11y/useMediaCaption: creators' videos come without caption tracks
    <video
      className="post-video"
      src={src}
      controls
      playsInline
      preload="metadata"
      aria-label={t('fanclubView.video')}
      onError={() => setFailed(true)}
    />
  );
}

/** A readable post: its text (line breaks kept), its images (opening the image viewer), its video. */
function PostBody({ post }: { post: PostView }) {
  const { t } = useTranslation();
  const [viewer, setViewer] = useState<number | null>(null);
  const images: ViewerImage[] = post.images.map((image, i) => ({
    src: image.full_url,
    alt: t('fanclubView.imageAlt', { n: i + 1 }),
  }));
  const layout =
    post.images.length === 1 ? ' post-gallery--one' : post.images.length === 2 ? ' post-gallery--two' : '';
  return (
    <>
      {post.text ? <p className="post-card__text">{post.text}</p> : null}
      {post.images.length > 0 ? (
        <ul className={`post-gallery${layout}`} aria-label={t('fanclubView.images')}>
          {post.images.map((image, i) => (
            <li key={image.thumb_url}>
              <button
                type="button"
                className="post-gallery__open"
                onClick={() => setViewer(i)}
                aria-label={t('fanclubView.openImage', { n: i + 1 })}
              >
                <img
                  src={post.images.length === 1 ? image.full_url : image.thumb_url}
                  alt={images[i]?.alt ?? ''}
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {post.video ? <PostVideo src={post.video.url} /> : null}
      {images.length > 0 ? (
        <ImageViewer
          images={images}
          visible={viewer !== null}
          index={viewer ?? 0}
          onClose={() => setViewer(null)}
          onIndexChange={setViewer}
        />
      ) : null}
    </>
  );
}

/**
 * A locked post: what it holds, its month, and how to see it (join, that month's back number, or
 * for a guest the login first, returning to `returnTo`).
 */
export function Teaser({ post, username, returnTo }: { post: PostView; username: string; returnTo: string }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const lock = post.lock;
  if (!lock) return null;
  const month = monthLabel(lang, post.month);
  const holds = [
    post.image_count > 0 ? t('fanclubView.teaser.images', { count: post.image_count }) : null,
    post.has_video ? t('fanclubView.teaser.video') : null,
  ].filter((s): s is string => s !== null);
  return (
    <div className="post-teaser">
      <p className="post-teaser__heading">{t('fanclubView.teaser.heading', { month })}</p>
      <p className="post-teaser__holds">
        {t('fanclubView.teaser.holds')}: {holds.length > 0 ? holds.join(' · ') : t('fanclubView.teaser.text')}
      </p>
      {!hasSession() ? (
        <div className="post-teaser__actions">
          <p className="post-teaser__note">{t('fanclubView.teaser.guest')}</p>
          <LangLink className="btn btn--primary" to={loginPathWithReturn(loginPathFor(null), returnTo)}>
            {t('fanclubView.teaser.login')}
          </LangLink>
        </div>
      ) : (
        <div className="post-teaser__actions">
          {lock.join ? (
            <LangLink className="btn btn--primary" to={fanclubPath(username)}>
              {t('fanclubView.teaser.join')}
            </LangLink>
          ) : null}
          {lock.pass ? (
            <>
              {lock.join ? null : <p className="post-teaser__note">{t('fanclubView.teaser.passOnly')}</p>}
              <LangLink className="btn btn--secondary" to={fanclubPath(username, post.month)}>
                {t('fanclubView.teaser.pass', { month, price: formatNumber(lang, lock.price) })}
              </LangLink>
            </>
          ) : null}
          {!lock.join && !lock.pass ? (
            <>
              <p className="post-teaser__note">{t('fanclubView.teaser.memberFirst')}</p>
              <LangLink className="btn btn--secondary" to={fanclubPath(username)}>
                {t('fanclubView.teaser.toFanclub')}
              </LangLink>
            </>
          ) : null}
        </div>
      )}
    </div>
  );
}

/**
 * One post as its reader sees it: the date (a link to the post's page in the list), labels, then
 * the post or its teaser.
 */
export function PostCard({
  post,
  username,
  returnTo,
  linked = true,
}: {
  post: PostView;
  username: string;
  returnTo: string;
  /** In the list the date opens the post's page; on that page it does not. */
  linked?: boolean;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const date = <time dateTime={post.published_at}>{formatDateTime(lang, post.published_at)}</time>;
  return (
    <article className="post-card" data-testid="post-card">
      <p className="post-card__meta">
        {linked ? (
          <LangLink className="post-card__date" to={postPath(username, post.id)}>
            {date}
          </LangLink>
        ) : (
          date
        )}
        {post.visibility === 'members' ? (
          <span className="post-label">{t('fanclubView.membersOnly')}</span>
        ) : null}
        {post.status === 'scheduled' ? (
          <span className="post-label post-label--muted">{t('fanclubView.scheduled')}</span>
        ) : null}
      </p>
      {post.lock ? <Teaser post={post} username={username} returnTo={returnTo} /> : <PostBody post={post} />}
    </article>
  );
}
