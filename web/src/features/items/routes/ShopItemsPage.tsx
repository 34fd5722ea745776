import type { ItemCard } from '@app/shared/schemas/shop';
import { shopMessageParams } from '@app/shared/shop';
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
import { useCopyLink } from '../../../lib/copy-link.ts';
import { pagedItems, queryErrorKey } from '../../../lib/query.ts';
import { useAuth } from '../../../lib/session.ts';
import { formatNumber } from '../../points/format.ts';
import { errorMessage, localizeParams, type Message } from '../../store/messages.ts';
import { deleteItem, pinItem, publishItem } from '../api/itemActions.ts';
import { invalidateItems, useItemSetting, useMyItems } from '../cache.ts';
import { itemLabels } from '../model.ts';
import type { ItemSavedState } from './ItemFormPage.tsx';
import '../items.css';

type Action = 'pin' | 'unpin' | 'show' | 'hide' | 'delete';

/** The item page's address to share (`/shop/item/{id}`, in the current language). */
const itemLink = (prefixed: (p: string) => string, id: string) =>
  new URL(prefixed(`/shop/item/${id}`), window.location.origin).toString();

function ItemRow({
  item,
  pinFull,
  busy,
  onAction,
}: {
  item: ItemCard;
  pinFull: boolean;
  busy: boolean;
  onAction: (item: ItemCard, action: Action) => void;
}) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const { notice, copy } = useCopyLink(
    itemLink(to, item.id),
    'items.list.copied',
    'items.list.copyUnsupported',
  );
  const published = item.status === 'published';
  return (
    <li className="shop-item" data-testid="shop-item">
      <div className="shop-item__main">
        {item.thumbnail ? (
          <img className="shop-item__thumb" src={item.thumbnail} alt="" width={72} height={72} />
        ) : (
          <span className="shop-item__thumb shop-item__thumb--empty" aria-hidden="true" />
        )}
        <div className="shop-item__body">
          <p className="shop-item__name">
            {item.pinned ? (
              <span className="shop-badge shop-badge--pin">{t('items.list.pinnedBadge')}</span>
            ) : null}
            {item.name}
          </p>
          <p className="shop-item__meta">
            {item.price === null
              ? t('items.list.noPrice')
              : t('items.list.price', { price: formatNumber(lang, item.price) })}
            {item.remaining !== null ? ` · ${t('items.list.remaining', { count: item.remaining })}` : null}
          </p>
          <ul className="shop-item__labels">
            {itemLabels(item).map((l) => (
              <li key={l} className={`shop-badge shop-badge--${l}`}>
                {t(`items.labels.${l}`)}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {notice ? <Alert kind={notice.kind}>{t(notice.key)}</Alert> : null}
      <fieldset className="shop-item__actions" aria-label={t('items.list.actionsLabel', { name: item.name })}>
        {published ? (
          <Button variant="secondary" onClick={copy}>
            {t('items.list.copyLink')}
          </Button>
        ) : null}
        <LangLink className="btn btn--secondary" to={`/home/shop/${item.id}`}>
          {t('items.list.edit')}
        </LangLink>
        {published ? (
          <Button
            variant="secondary"
            disabled={busy || (!item.pinned && pinFull)}
            aria-pressed={item.pinned}
            onClick={() => onAction(item, item.pinned ? 'unpin' : 'pin')}
          >
            {item.pinned ? t('items.list.unpin') : t('items.list.pin')}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => onAction(item, item.is_public ? 'hide' : 'show')}
        >
          {item.is_public ? t('items.list.hide') : t('items.list.show')}
        </Button>
        <Button variant="danger" disabled={busy} onClick={() => onAction(item, 'delete')}>
          {t('items.list.delete')}
        </Button>
      </fieldset>
    </li>
  );
}

const DONE: Record<Action, string> = {
  pin: 'items.list.pinnedDone',
  unpin: 'items.list.unpinnedDone',
  show: 'items.list.shown',
  hide: 'items.list.hidden',
  delete: 'items.list.deleted',
};

/**
 * /home/shop: the creator's items, newest first, with their state labels, and for each: copy the
 * item page's link, edit, pin/unpin (at most 3), show/hide, delete (after a confirmation).
 */
export default function ShopItemsPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const me = useAuth().profile?.id ?? '';
  const query = useMyItems(me);
  const setting = useItemSetting();
  const items = pagedItems(query.data, (p) => p.items);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; m: Message } | null>(null);
  const [confirm, setConfirm] = useState<ItemCard | null>(null);
  const pinned = setting.data?.pinned ?? items?.filter((i) => i.pinned).length ?? 0;
  const pinLimit = setting.data?.pinned_limit ?? shopMessageParams.pinned_max;
  const pinFull = pinned >= pinLimit;
  const loadError = queryErrorKey(query.error);
  const saved = (useLocation().state as ItemSavedState | null)?.itemSaved;

  const run = async (item: ItemCard, action: Action) => {
    setBusyId(item.id);
    setMessage(null);
    try {
      const call =
        action === 'pin' || action === 'unpin'
          ? pinItem(item.id, action === 'pin')
          : action === 'delete'
            ? deleteItem(item.id)
            : publishItem(item.id, action === 'show');
      const result = await call;
      if (result?.ok) setMessage({ kind: 'success', m: { key: DONE[action] } });
      else if (result)
        setMessage({ kind: 'error', m: { key: result.body.issues?.[0]?.message ?? 'errors.validation' } });
    } catch (err) {
      setMessage({ kind: 'error', m: errorMessage(err) });
    } finally {
      setBusyId(null);
      setConfirm(null);
      await invalidateItems();
    }
  };

  const onAction = (item: ItemCard, action: Action) => {
    if (action === 'delete') setConfirm(item);
    else void run(item, action);
  };

  const params = (m: Message) => ({ ...shopMessageParams, ...localizeParams(lang, m.params) });

  return (
    <section className="page shop-items" aria-labelledby="shop-items-heading">
      <div className="shop-items__head">
        <h1 id="shop-items-heading" className="page__title">
          {t('items.list.title')}
        </h1>
        <LangLink className="btn btn--primary" to="/home/shop/create">
          {t('items.list.create')}
        </LangLink>
      </div>
      {setting.data ? (
        <p className="shop-items__counts muted">
          <span>
            {t('items.list.drafts', { count: setting.data.drafts, limit: setting.data.draft_limit })}
          </span>
          <span>
            {t('items.list.pinned', { count: setting.data.pinned, limit: setting.data.pinned_limit })}
          </span>
        </p>
      ) : null}
      <p className="shop-items__links">
        <LangLink to="/mypage/businessSetting/shop">{t('items.list.settings')}</LangLink>
      </p>
      {pinFull ? <Alert kind="info">{t('items.list.pinLimitNote', { limit: pinLimit })}</Alert> : null}
      {saved && !message ? <Alert kind="success">{t(saved)}</Alert> : null}
      <div aria-live="polite">
        {message ? <Alert kind={message.kind}>{t(message.m.key, params(message.m))}</Alert> : null}
      </div>
      {loadError ? <Alert kind="error">{t(loadError.key, params(loadError))}</Alert> : null}
      {items === null ? (
        loadError ? null : (
          <Spinner />
        )
      ) : items.length === 0 ? (
        <p className="shop-items__empty">{t('items.list.empty')}</p>
      ) : (
        <>
          <ul className="shop-items__list" aria-label={t('items.list.listLabel')}>
            {items.map((i) => (
              <ItemRow key={i.id} item={i} pinFull={pinFull} busy={busyId === i.id} onAction={onAction} />
            ))}
          </ul>
          <LoadMore
            query={query}
            className="shop-items__more"
            label={t('items.list.more')}
            busyLabel={t('items.list.loadingMore')}
          />
        </>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t('items.list.deleteTitle')}
        confirmLabel={t('items.list.delete')}
        busy={busyId !== null && busyId === confirm?.id}
        busyLabel={t('items.list.deleting')}
        onConfirm={() => confirm && void run(confirm, 'delete')}
        onCancel={() => setConfirm(null)}
      >
        <p>{t('items.list.deleteBody', { name: confirm?.name ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
