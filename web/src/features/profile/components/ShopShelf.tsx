import type { ItemCard } from '@app/shared/schemas/shop';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { formatNumber } from '../../points/format.ts';
import { errorMessage, localizeParams, type Message } from '../../store/messages.ts';
import { getProfileItems } from '../api/shop.ts';

/** The labels of a card: private (its creator only), the sale state, the stock. */
export function cardLabels(item: ItemCard): { key: string; tone: 'muted' | 'ok' | 'warn' }[] {
  const labels: { key: string; tone: 'muted' | 'ok' | 'warn' }[] = [];
  if (!item.is_public) labels.push({ key: 'private', tone: 'muted' });
  if (item.sale_state === 'scheduled') labels.push({ key: 'scheduled', tone: 'muted' });
  if (item.sale_state === 'ended') labels.push({ key: 'ended', tone: 'muted' });
  if (item.stock_label === 'sold_out') labels.push({ key: 'sold_out', tone: 'warn' });
  else if (item.sale_state === 'on_sale') labels.push({ key: 'on_sale', tone: 'ok' });
  if (item.stock_label === 'low') labels.push({ key: 'low', tone: 'warn' });
  return labels;
}

function Card({ item }: { item: ItemCard }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <li className="shelf__item">
      <LangLink className="shelf__link" to={`/shop/item/${encodeURIComponent(item.id)}`}>
        <span className="shelf__thumb">
          {item.thumbnail ? (
            <img src={item.thumbnail} alt="" loading="lazy" width={160} height={160} />
          ) : (
            <span className="shelf__noimage">{t('social.profile.shop.noImage')}</span>
          )}
          {item.pinned ? <span className="shelf__pin">{t('social.profile.shop.labels.pinned')}</span> : null}
        </span>
        <span className="shelf__name">{item.name}</span>
        {item.price !== null && item.points !== null ? (
          <span className="shelf__price">
            {t('social.profile.shop.price', { price: formatNumber(lang, item.price) })}
            <span className="shelf__points">
              {t('social.profile.shop.points', { points: formatNumber(lang, item.points) })}
            </span>
          </span>
        ) : null}
        <span className="shelf__labels">
          {cardLabels(item).map((l) => (
            <span key={l.key} className={`shelf__label shelf__label--${l.tone}`}>
              {t(`social.profile.shop.labels.${l.key}`)}
            </span>
          ))}
          {item.remaining !== null && item.stock_label !== 'sold_out' ? (
            <span className="shelf__remaining">
              {t('social.profile.shop.remaining', {
                count: item.remaining,
                remaining: formatNumber(lang, item.remaining),
              })}
            </span>
          ) : null}
        </span>
      </LangLink>
    </li>
  );
}

/**
 * The profile's shop section: the creator's items, pinned first then newest, page by page; the
 * creator also sees their private items, labelled. Each card opens the item page.
 */
export function ShopShelf({ username }: { username: string }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [items, setItems] = useState<ItemCard[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Message | null>(null);

  const load = async (cursor?: string) => {
    setBusy(true);
    setError(null);
    try {
      const r = await getProfileItems(username, 'all', cursor);
      if (r?.ok) {
        setItems((prev) => (cursor && prev ? [...prev, ...r.data.items] : r.data.items));
        setNext(r.data.next_cursor);
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again for another profile
  useEffect(() => {
    setItems(null);
    void load();
  }, [username]);

  return (
    <section className="profile__section" aria-labelledby="shop-heading" aria-busy={busy}>
      <h2 id="shop-heading" className="section-title">
        {t('social.profile.shop.heading')}
      </h2>
      {error ? <Alert kind="error">{t(error.key, localizeParams(lang, error.params))}</Alert> : null}
      {items === null ? (
        busy ? (
          <p className="profile__empty muted">{t('social.profile.shop.loading')}</p>
        ) : null
      ) : items.length === 0 ? (
        <p className="profile__empty">{t('social.profile.shop.empty')}</p>
      ) : (
        <ul className="shelf" aria-labelledby="shop-heading">
          {items.map((item) => (
            <Card key={item.id} item={item} />
          ))}
        </ul>
      )}
      {next ? (
        <div className="shelf__more">
          <Button variant="secondary" busy={busy} onClick={() => void load(next)}>
            {t('social.profile.shop.more')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
