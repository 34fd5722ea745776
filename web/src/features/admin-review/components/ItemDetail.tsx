/**
 * One item for the operators: its files (private ones through short-lived URLs), state and
 * flags; delete the thumbnail or a sample file (the creator is notified), put it under review or
 * take it off. Each action is confirmed first; a change made meanwhile answers the conflict message.
 */
import type { Language } from '@app/shared/config';
import type { AdminItemResponse, AdminItemView } from '@app/shared/schemas/admin-review';
import type { ItemFileView } from '@app/shared/schemas/shop';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { type ApiResult, errorMessageKey } from '../../../lib/api.ts';
import { queryErrorKey } from '../../../lib/query.ts';
import { deleteSample } from '../api/deleteSample.ts';
import { deleteThumbnail } from '../api/deleteThumbnail.ts';
import { setItemReview } from '../api/setItemReview.ts';
import { reviewKeys, useAdminItem } from '../cache.ts';
import { formatInstant } from '../format.ts';
import { ItemFlags } from './ItemFlags.tsx';

type Pending =
  | { kind: 'thumbnail' }
  | { kind: 'sample'; file: ItemFileView; name: string }
  | { kind: 'review'; on: boolean };

function FilePreview({ file, label }: { file: ItemFileView; label: string }) {
  const { t } = useTranslation();
  if (!file.url) return null;
  if (file.content_type.startsWith('image/'))
    return <img className="review-file__media" src={file.url} alt={label} loading="lazy" />;
  if (file.content_type.startsWith('video/'))
    return (
      // biome-ignore lint/a11y/useMediaCaption: creators' videos come without caption tracks
      <video className="review-file__media" src={file.url} controls preload="metadata" aria-label={label} />
    );
  return (
    <a href={file.url} target="_blank" rel="noreferrer">
      {t('admin.catalog.review.items.detail.openFile')}
    </a>
  );
}

export function ItemDetail({ id, lang }: { id: string; lang: Language }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useAdminItem(id);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const k = (key: string, values: Record<string, unknown> = {}) =>
    t(`admin.catalog.review.items.detail.${key}`, values);

  const error = queryErrorKey(query.error);
  if (error) return <Alert kind="error">{t(error.key, error.params ?? {})}</Alert>;
  const item = query.data?.item;
  if (!item) return <Spinner />;

  const run = async (call: () => Promise<ApiResult<AdminItemResponse>>, done: string) => {
    setBusy(true);
    setMessage(null);
    try {
      const result = await call();
      if (result?.ok) {
        client.setQueryData(reviewKeys.item(id), result.data);
        setMessage({ kind: 'success', text: done });
      } else if (result)
        setMessage({ kind: 'error', text: t(result.body.issues?.[0]?.message ?? 'errors.validation', {}) });
    } catch (err) {
      setMessage({ kind: 'error', text: t(errorMessageKey(err)) });
      await query.refetch();
    } finally {
      setBusy(false);
      setPending(null);
      void client.invalidateQueries({ queryKey: reviewKeys.items });
    }
  };

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'thumbnail')
      void run(() => deleteThumbnail({ item_id: item.id }), k('thumbnailDeleted'));
    else if (pending.kind === 'sample')
      void run(() => deleteSample({ item_id: item.id, key: pending.file.key }), k('sampleDeleted'));
    else
      void run(
        () => setItemReview({ item_id: item.id, version: item.version, under_review: pending.on }),
        k(pending.on ? 'reviewOnDone' : 'reviewOffDone'),
      );
  };

  const dialog: { title: string; body: ReactNode } | null = !pending
    ? null
    : pending.kind === 'thumbnail'
      ? { title: k('deleteThumbnailTitle'), body: k('deleteThumbnailBody') }
      : pending.kind === 'sample'
        ? { title: k('deleteSampleTitle'), body: k('deleteSampleBody', { name: pending.name }) }
        : {
            title: k(pending.on ? 'reviewOnTitle' : 'reviewOffTitle'),
            body: k(pending.on ? 'reviewOnBody' : 'reviewOffBody'),
          };
  const contents = [...item.images, ...(item.zip ? [item.zip] : []), ...(item.video ? [item.video] : [])];

  return (
    <div className="review-item">
      {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
      <ItemSummary item={item} lang={lang} />
      <section className="review-section" aria-labelledby="review-item-review">
        <h2 id="review-item-review">{k('review')}</h2>
        <div className="review-actions">
          <Button
            variant={item.under_review ? 'secondary' : 'danger'}
            onClick={() => setPending({ kind: 'review', on: !item.under_review })}
          >
            {k(item.under_review ? 'reviewOff' : 'reviewOn')}
          </Button>
        </div>
      </section>
      <section className="review-section" aria-labelledby="review-item-thumb">
        <h2 id="review-item-thumb">{k('thumbnail')}</h2>
        {item.thumbnail ? (
          <div className="review-files">
            <div className="review-file">
              <FilePreview file={item.thumbnail} label={k('thumbnail')} />
              <Button variant="danger" onClick={() => setPending({ kind: 'thumbnail' })}>
                {k('deleteThumbnail')}
              </Button>
            </div>
          </div>
        ) : (
          <p className="review-empty">{t('admin.catalog.review.items.noThumbnail')}</p>
        )}
      </section>
      <section className="review-section" aria-labelledby="review-item-samples">
        <h2 id="review-item-samples">{k('samples')}</h2>
        {item.samples.length === 0 ? <p className="review-empty">{k('noSamples')}</p> : null}
        <div className="review-files">
          {item.samples.map((s, n) => {
            const name = s.name ?? k('sampleName', { n: n + 1 });
            return (
              <div className="review-file" key={s.key}>
                <FilePreview file={s} label={name} />
                <span className="review-file__name">{name}</span>
                <Button variant="danger" onClick={() => setPending({ kind: 'sample', file: s, name })}>
                  {k('deleteSample')}
                </Button>
              </div>
            );
          })}
        </div>
      </section>
      <section className="review-section" aria-labelledby="review-item-contents">
        <h2 id="review-item-contents">{k('contents')}</h2>
        {contents.length === 0 ? <p className="review-empty">{k('noContents')}</p> : null}
        <div className="review-files">
          {contents.map((f, n) => (
            <div className="review-file" key={f.key}>
              <FilePreview file={f} label={f.name ?? `${k('contents')} ${n + 1}`} />
              <span className="review-file__name">{f.name ?? f.content_type}</span>
            </div>
          ))}
        </div>
      </section>
      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.title ?? ''}
        confirmLabel={
          pending?.kind === 'review' ? k(pending.on ? 'reviewOn' : 'reviewOff') : k('deleteConfirm')
        }
        busy={busy}
        busyLabel={k('busy')}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        <p>{dialog?.body}</p>
      </ConfirmDialog>
    </div>
  );
}

function ItemSummary({ item, lang }: { item: AdminItemView; lang: Language }) {
  const { t } = useTranslation();
  const k = (key: string, values: Record<string, unknown> = {}) =>
    t(`admin.catalog.review.items.detail.${key}`, values);
  return (
    <section className="review-section" aria-labelledby="review-item-name">
      <h2 id="review-item-name" className="review-org__name">
        {item.name}
      </h2>
      <ItemFlags item={item} />
      <dl className="review-dl">
        <dt>{k('id')}</dt>
        <dd className="review-dl__break">{item.id}</dd>
        <dt>{k('type')}</dt>
        <dd>{t(`admin.catalog.review.items.types.${item.item_type}`)}</dd>
        <dt>{k('price')}</dt>
        <dd>
          {item.price === null ? k('noPrice') : k('priceValue', { price: item.price.toLocaleString(lang) })}
        </dd>
        <dt>{k('creator')}</dt>
        <dd>
          {item.creator.nickname ?? '—'}
          {item.creator.username ? ` (@${item.creator.username})` : ''}
        </dd>
        <dt>{k('createdAt')}</dt>
        <dd>
          <time dateTime={item.created_at}>{formatInstant(lang, item.created_at)}</time>
        </dd>
        {item.review_since ? (
          <>
            <dt>{k('reviewSince')}</dt>
            <dd>
              <time dateTime={item.review_since}>{formatInstant(lang, item.review_since)}</time>
            </dd>
          </>
        ) : null}
        {item.deleted_at ? (
          <>
            <dt>{k('deletedAt')}</dt>
            <dd>
              <time dateTime={item.deleted_at}>{formatInstant(lang, item.deleted_at)}</time>
            </dd>
          </>
        ) : null}
        <dt>{k('description')}</dt>
        <dd className="review-dl__pre">{item.description}</dd>
      </dl>
    </section>
  );
}
