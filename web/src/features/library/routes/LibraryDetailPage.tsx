import type { PurchaseLogDetail } from '@app/shared/schemas/shop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { ImageViewer, type ViewerImage } from '../../../components/ImageViewer.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { queryErrorKey } from '../../../lib/query.ts';
import { formatDateTime, formatNumber } from '../../points/format.ts';
import '../library.css';
import { usePurchaseLog } from '../cache.ts';

/** A video of the page: plays in place; a file the browser cannot play says so. */
export function PlayableVideo({ src, label }: { src: string; label: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <p className="library-video__error" role="alert">
        {t('library.detail.videoError')}
      </p>
    );
  return (
    // biome-ignore lint/a11y/useMediaCaption: creators' videos come without caption tracks
    <video
      className="library-video"
      src={src}
      controls
      playsInline
      preload="metadata"
      aria-label={label}
      onError={() => setFailed(true)}
    />
  );
}

function Contents({ log }: { log: PurchaseLogDetail }) {
  const { t } = useTranslation();
  const [viewer, setViewer] = useState<number | null>(null);
  const images = log.contents.filter((c) => c.kind === 'image');
  const viewerImages: ViewerImage[] = images.map((c, i) => ({
    src: c.url,
    title: c.name,
    alt: t('library.detail.imageAlt', { name: log.item.name, n: i + 1 }),
  }));
  const others = log.contents.filter((c) => c.kind !== 'image');
  return (
    <section className="library-card" aria-labelledby="library-contents">
      <h2 id="library-contents" className="library-card__heading">
        {t('library.detail.contents')}
      </h2>
      {images.length > 0 ? (
        <ul className="library-gallery" aria-label={t('library.detail.images')}>
          {images.map((c, i) => (
            <li key={c.url} className="library-gallery__item">
              <button
                type="button"
                className="library-gallery__open"
                onClick={() => setViewer(i)}
                aria-label={t('library.detail.open', { name: c.name })}
              >
                <img src={c.url} alt={viewerImages[i]?.alt ?? ''} loading="lazy" />
              </button>
              <a className="btn btn--secondary library-download" href={c.download_url} download={c.name}>
                {t('library.detail.download')}
                <span className="visually-hidden"> {c.name}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {others.map((c) => (
        <div key={c.url} className="library-file">
          {c.kind === 'video' ? <PlayableVideo src={c.url} label={c.name} /> : null}
          <p className="library-file__name">{c.name}</p>
          <a className="btn btn--primary btn--block library-download" href={c.download_url} download={c.name}>
            {t('library.detail.downloadNamed', { name: c.name })}
          </a>
        </div>
      ))}
      <p className="library__note">{t('library.detail.urlsNote')}</p>
      <ImageViewer
        images={viewerImages}
        visible={viewer !== null}
        index={viewer ?? 0}
        onClose={() => setViewer(null)}
        onIndexChange={setViewer}
      />
    </section>
  );
}

function Gift({ log }: { log: PurchaseLogDetail }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const gift = log.gift;
  if (!gift) return null;
  return (
    <section className="library-card library-gift" aria-labelledby="library-gift">
      <h2 id="library-gift" className="library-card__heading">
        {t('library.detail.giftHeading')}
      </h2>
      {gift.message ? <p className="library-gift__message">{gift.message}</p> : null}
      {gift.file?.kind === 'photo' ? (
        <img className="library-gift__photo" src={gift.file.url} alt={t('library.detail.giftPhoto')} />
      ) : null}
      {gift.file?.kind === 'video' ? (
        <PlayableVideo src={gift.file.url} label={t('library.detail.giftHeading')} />
      ) : null}
      <p className="library-row__meta">
        <time dateTime={gift.sent_at}>{formatDateTime(lang, gift.sent_at)}</time>
      </p>
    </section>
  );
}

function Detail({ id }: { id: string }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const query = usePurchaseLog(id);
  const error = queryErrorKey(query.error);
  const log = query.data;
  return (
    <section className="page library-detail" aria-labelledby="library-detail-heading">
      <p className="library-detail__back">
        <LangLink to="/library">‹ {t('library.detail.back')}</LangLink>
      </p>
      <Alert kind="error">{error ? t(error.key, error.params ?? {}) : null}</Alert>
      {!log ? (
        error ? null : (
          <Spinner />
        )
      ) : (
        <>
          <header className="library-detail__head">
            {log.item.thumbnail ? (
              <img className="library-detail__thumb" src={log.item.thumbnail} alt="" />
            ) : null}
            <div>
              <h1 id="library-detail-heading" className="page__title">
                {log.item.name}
              </h1>
              <p className="library-row__meta">
                {t(`library.types.${log.item.item_type}`)}
                {log.creator.nickname || log.creator.username
                  ? ` · ${t('library.by', { name: log.creator.nickname ?? log.creator.username })}`
                  : ''}
              </p>
              <p className="library-row__meta">
                {t('library.purchasedAt', { date: formatDateTime(lang, log.purchased_at) })} ·{' '}
                {t('library.points', { points: formatNumber(lang, log.points) })}
                {log.quantity > 1 ? ` · ${t('library.quantity', { count: log.quantity })}` : ''}
              </p>
              {log.item.deleted ? <span className="badge badge--muted">{t('library.deleted')}</span> : null}
            </div>
          </header>
          {log.item.deleted ? <p className="library__note">{t('library.detail.deletedNote')}</p> : null}
          {log.item.item_type === 'physical' ? (
            <section className="library-card" aria-labelledby="library-physical">
              <h2 id="library-physical" className="library-card__heading">
                {t(log.provided ? 'library.provided' : 'library.notProvided')}
              </h2>
              <p>{t('library.detail.physical')}</p>
              <p>{t(log.provided ? 'library.detail.providedAt' : 'library.detail.waiting')}</p>
            </section>
          ) : log.contents.length > 0 ? (
            <Contents log={log} />
          ) : (
            <p className="empty">{t('library.detail.noContents')}</p>
          )}
          <Gift log={log} />
        </>
      )}
    </section>
  );
}

/** /library/{log_id}: a purchase, its files (view, play, download) and the creator's return gift. */
export default function LibraryDetailPage() {
  const { logId = '' } = useParams();
  return (
    <RequireAuth>
      <Detail id={logId} />
    </RequireAuth>
  );
}
