/** How items show on the API: the cards of the lists (shop management, profile shelf, cart). */
import type { ItemCard, ShopSettingView } from '@app/shared/schemas/shop';
import { pointsOfPrice } from '@app/shared/schemas/shop';
import { saleStateOf, stockLabelOf } from '@app/shared/shop';
import type { EntityItem } from 'electrodb';
import type { Item } from '../../db/entities/item.ts';
import type { Shop } from '../../db/entities/shop.ts';
import type { Db } from '../../db/service.ts';
import { mediaUrl, thumbKey } from '../social/cards.ts';

export type ItemRecord = EntityItem<typeof Item>;

/** Sensitive for buyers: the creator's flag or an operators' review. */
export const isSensitive = (item: Pick<ItemRecord, 'sensitive' | 'underReview'>) =>
  item.sensitive || Boolean(item.underReview);

/**
 * An item's card. Its creator sees the units left always; others only when the item shows its
 * stock (the sold-out and low labels show regardless, so a buyer is never surprised).
 */
export function itemCardOf(item: ItemRecord, now: Date, forOwner: boolean): ItemCard {
  const label = stockLabelOf(item);
  const showRemaining = item.stockLimited && (forOwner || item.showStock);
  return {
    id: item.itemId,
    name: item.name,
    item_type: item.itemType,
    thumbnail: mediaUrl(thumbKey(item.thumbnail?.key)),
    price: item.price ?? null,
    points: item.price ? pointsOfPrice(item.price) : null,
    status: item.status,
    sale_state: item.status === 'published' ? saleStateOf(item, now) : null,
    stock_label: forOwner || item.showStock || label !== 'plenty' ? label : null,
    remaining: showRemaining ? (item.remaining ?? 0) : null,
    is_public: item.isPublic,
    pinned: item.pinned,
    sensitive: isSensitive(item),
    open_at: item.openAt ?? null,
    close_at: item.closeAt ?? null,
  };
}

/** Items by id (BatchGet), in the order asked; missing ones are left out. */
export async function itemsById(db: Db, ids: readonly string[], consistent = false): Promise<ItemRecord[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const { data } = await db.entities.item
    .get(unique.map((itemId) => ({ itemId })))
    .go({ preserveBatchOrder: true, consistent });
  const byId = new Map(data.filter((d): d is ItemRecord => Boolean(d)).map((d) => [d.itemId, d]));
  return ids.map((id) => byId.get(id)).filter((d): d is ItemRecord => Boolean(d));
}

/** The shop's name and 特定商取引法 disclosure as the form and buyers read them (empty until set). */
export function shopSettingOf(shop: EntityItem<typeof Shop> | null | undefined): ShopSettingView {
  const d = shop?.disclosure ?? {};
  return {
    shop_name: shop?.shopName || null,
    disclosure_mode: shop?.disclosureMode ?? 'on_request',
    disclosure: {
      seller: d.seller ?? '',
      representative: d.representative ?? '',
      address: d.address ?? '',
      phone: d.phone ?? '',
      email: d.email ?? '',
      note: d.note ?? '',
    },
  };
}
