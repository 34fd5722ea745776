/**
 * The fan's item page (`GET /shop/item/{id}`, spec "/shop/item/{item_id}"): a published item that
 * is not deleted, for anyone (guests too). A hidden item (`is_public` off) is unlisted: only its
 * creator still opens it (a preview of what buyers will see); for anyone else it is
 * `item_not_found`, like a draft or a deleted item (drafts are edited in the form, never shown here).
 * Signed-in viewers also get what they hold and whether they may buy (`viewer`).
 */
import { balanceOf, originalByIssuer } from '@app/shared/ledger';
import type { ShopItemView } from '@app/shared/schemas/shop';
import { maxQuantityOf, pointsOfPrice } from '@app/shared/schemas/shop';
import { saleStateOf } from '@app/shared/shop';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { lotState, readLots } from '../points/ledger.ts';
import { mediaUrl, thumbKey } from '../social/cards.ts';
import type { ShopDeps } from './deps.ts';
import { buyRefusal } from './purchase.ts';
import { type ItemRecord, isSensitive, itemCardOf, shopSettingOf } from './views.ts';

/** Whether `viewer` may see `item` on the item page (and so in a cart line). */
export function visibleTo(item: ItemRecord | null, viewerId: string | null): item is ItemRecord {
  if (item?.status !== 'published' || item.deletedAt || item.price === undefined) return false;
  return item.isPublic || item.creatorId === viewerId;
}

/** The item, or `item_not_found` when the viewer may not see it. */
export async function viewableItem(db: Db, itemId: string, viewerId: string | null): Promise<ItemRecord> {
  const { data } = await db.entities.item.get({ itemId }).go();
  if (!visibleTo(data, viewerId)) throw new AppError('item_not_found');
  return data;
}

/** The viewer's balances and this creator's original points, from one read of the lots. */
export async function holdings(db: Db, holderId: string, issuerId: string, now: Date) {
  const lots = (await readLots(db, holderId, false)).map(lotState);
  return { balance: balanceOf(lots, now), original: originalByIssuer(lots, now).get(issuerId) ?? 0 };
}

export async function itemPage(
  deps: ShopDeps,
  viewer: ProfileItem | null,
  itemId: string,
): Promise<ShopItemView> {
  const now = deps.clock.now();
  const item = await viewableItem(deps.db, itemId, viewer?.profileId ?? null);
  const me = viewer?.profileId ?? null;
  const [{ data: creator }, { data: shop }, mine] = await Promise.all([
    deps.db.entities.profile.get({ profileId: item.creatorId }).go(),
    deps.db.entities.shop.get({ creatorId: item.creatorId }).go(),
    viewer && me
      ? Promise.all([
          holdings(deps.db, me, item.creatorId, now),
          deps.db.entities.ownership.get({ buyerId: me, itemId }).go(),
          deps.db.entities.cart.get({ buyerId: me }).go(),
        ])
      : null,
  ]);
  const card = itemCardOf(item, now, false);
  const price = item.price ?? 0;
  let viewerView: ShopItemView['viewer'] = null;
  if (viewer && mine) {
    const [held, owned, cart] = mine;
    const inCart = cart.data?.lines.find((l) => l.itemId === itemId)?.quantity ?? 0;
    viewerView = {
      balance: held.balance,
      original_points: held.original,
      owned_line_id: owned.data?.lineId ?? null,
      in_cart: inCart,
      refusal: await buyRefusal(deps, viewer, item, 1),
    };
  }
  return {
    id: item.itemId,
    creator: {
      id: item.creatorId,
      username: creator?.username ?? null,
      nickname: creator?.nickname ?? null,
      profile_image: mediaUrl(thumbKey(creator?.profileImage)),
    },
    shop: shopSettingOf(shop),
    item_type: item.itemType,
    name: item.name,
    description: item.description,
    price,
    points: pointsOfPrice(price),
    thumbnail: mediaUrl(item.thumbnail?.key),
    samples: (item.samples ?? [])
      .map((s) => ({ url: mediaUrl(s.key), thumb: mediaUrl(thumbKey(s.key)) }))
      .filter((s): s is { url: string; thumb: string } => s.url !== null && s.thumb !== null),
    contents: {
      images: item.images?.length ?? 0,
      zip: Boolean(item.zip),
      video: Boolean(item.video),
    },
    sale_state: saleStateOf(item, now),
    stock_label: card.stock_label,
    remaining: card.remaining,
    max_quantity: maxQuantityOf(item.itemType),
    sensitive: isSensitive(item),
    open_at: item.openAt ?? '',
    close_at: item.closeAt ?? null,
    viewer: viewerView,
  };
}
