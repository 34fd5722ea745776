/**
 * The cart (mypage-cart, DECISIONS.md "Shop"): one item per buyer holding at most
 * `shop.cartLinesMax` lines from any shops. Every change reads the cart and writes it back under
 * the condition that its `version` is still the one read (a lost race reads again), so two tabs
 * can neither pass the limit nor lose each other's lines. The checkout buys every line in one
 * purchase movement (services/shop/purchase.ts), which deletes the cart under the version it read:
 * all or nothing.
 */
import { businessConfig } from '@app/shared/config';
import { balanceOf, originalByIssuer } from '@app/shared/ledger';
import type { CartResponse, PurchaseResponse } from '@app/shared/schemas/shop';
import { maxQuantityOf, pointsOfPrice } from '@app/shared/schemas/shop';
import { shopMessageParams } from '@app/shared/shop';
import { V } from '@app/shared/validation';
import type { EntityItem } from 'electrodb';
import type { Cart } from '../../db/entities/cart.ts';
import { isConditionFailure } from '../../db/errors.ts';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { lotState, readLots } from '../points/ledger.ts';
import { profilesById } from '../profiles.ts';
import type { ShopDeps } from './deps.ts';
import { viewableItem } from './item-page.ts';
import { buyerContext, cartReplay, purchase, refusalOf } from './purchase.ts';
import { itemCardOf, itemsById } from './views.ts';

export type CartRecord = EntityItem<typeof Cart>;
type CartLine = CartRecord['lines'][number];

/**
 * Tries of one change before giving up with `cart_conflict`: every lost try means another change
 * of the same cart committed, so a buyer's own tabs settle long before.
 */
const CHANGE_TRIES = 2 * businessConfig.shop.cartLinesMax + 5;

export async function cartOf(db: Db, buyerId: string, consistent = false): Promise<CartRecord | null> {
  const { data } = await db.entities.cart.get({ buyerId }).go({ consistent });
  return data;
}

/** `GET /mypage/cart`: every line with its item, its points and why it cannot be bought (if so). */
export async function cartView(
  deps: ShopDeps,
  buyer: ProfileItem,
  cart?: CartRecord | null,
): Promise<CartResponse> {
  const now = deps.clock.now();
  const me = buyer.profileId;
  const current = cart === undefined ? await cartOf(deps.db, me) : cart;
  const lines = current?.lines ?? [];
  const ids = lines.map((l) => l.itemId);
  const [items, lots, ctx] = await Promise.all([
    itemsById(deps.db, ids),
    readLots(deps.db, me, false).then((l) => l.map(lotState)),
    buyerContext(deps, me, ids),
  ]);
  const byId = new Map(items.map((i) => [i.itemId, i]));
  const creators = await profilesById(
    deps.db,
    items.map((i) => i.creatorId),
  );
  const views: CartResponse['lines'] = [];
  for (const line of lines) {
    const item = byId.get(line.itemId);
    if (!item) continue;
    const creator = creators.get(item.creatorId);
    const unit = item.price ? pointsOfPrice(item.price) : 0;
    views.push({
      item: itemCardOf(item, now, false),
      creator: {
        id: item.creatorId,
        username: creator?.username ?? null,
        nickname: creator?.nickname ?? null,
      },
      quantity: line.quantity,
      max_quantity: maxQuantityOf(item.itemType),
      points: unit * line.quantity,
      refusal: refusalOf(buyer, item, line.quantity, ctx, now)?.code ?? null,
    });
  }
  const held = originalByIssuer(lots, now);
  return {
    lines: views,
    total_points: views.reduce((sum, l) => sum + l.points, 0),
    balance: balanceOf(lots, now),
    original_points: Object.fromEntries(
      [...new Set(items.map((i) => i.creatorId))].map((c) => [c, held.get(c) ?? 0]),
    ),
  };
}

/**
 * Writes `change(lines)` over the cart as read, under its version; a new cart starts at a version
 * taken from the clock, so a cart bought and started again never reuses the version a pending
 * checkout read. Answers the cart as written.
 */
async function changeCart(
  deps: ShopDeps,
  buyerId: string,
  change: (lines: CartLine[]) => CartLine[],
): Promise<CartRecord> {
  for (let attempt = 0; attempt < CHANGE_TRIES; attempt++) {
    const cart = await cartOf(deps.db, buyerId, true);
    const lines = change(cart?.lines ?? []);
    const updatedAt = deps.clock.now().toISOString();
    try {
      if (!cart) {
        const version = deps.clock.now().getTime();
        await deps.db.entities.cart.create({ buyerId, lines, version, updatedAt }).go();
        return { buyerId, lines, version, updatedAt };
      }
      const version = cart.version + 1;
      await deps.db.entities.cart
        .patch({ buyerId })
        .set({ lines, version, updatedAt })
        .where((a, op) => op.eq(a.version, cart.version))
        .go();
      return { buyerId, lines, version, updatedAt };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new AppError('cart_conflict', 'the cart kept changing');
}

/**
 * `POST /mypage/cart {item_id, quantity}`: sets the line's quantity, adding the line when the cart
 * has none for the item (at most `cartLinesMax` lines: `cart_full`). Only what the buyer could buy
 * now goes in (the refusal's error otherwise); a digital item's quantity is 1.
 */
export async function setCartLine(
  deps: ShopDeps,
  buyer: ProfileItem,
  input: { item_id: string; quantity: number },
): Promise<CartResponse> {
  const item = await viewableItem(deps.db, input.item_id, buyer.profileId);
  if (input.quantity > maxQuantityOf(item.itemType))
    throw new AppError('validation', 'quantity above the item maximum', [
      { path: 'quantity', message: V.itemQuantity },
    ]);
  const now = deps.clock.now();
  const ctx = await buyerContext(deps, buyer.profileId, [item.itemId]);
  const refusal = refusalOf(buyer, item, input.quantity, ctx, now);
  if (refusal) {
    const error = new AppError(refusal.code, 'refused for the cart');
    throw refusal.params ? error.with(refusal.params) : error;
  }
  const cart = await changeCart(deps, buyer.profileId, (lines) => {
    if (lines.some((l) => l.itemId === input.item_id))
      return lines.map((l) => (l.itemId === input.item_id ? { ...l, quantity: input.quantity } : l));
    if (lines.length >= businessConfig.shop.cartLinesMax)
      throw new AppError('cart_full').with({ cart_max: shopMessageParams.cart_max });
    return [...lines, { itemId: input.item_id, quantity: input.quantity, addedAt: now.toISOString() }];
  });
  return cartView(deps, buyer, cart);
}

/** `POST /mypage/cart/delete {item_id}`: removes the line (none to remove is no change). */
export async function deleteCartLine(
  deps: ShopDeps,
  buyer: ProfileItem,
  input: { item_id: string },
): Promise<CartResponse> {
  const current = await cartOf(deps.db, buyer.profileId, true);
  if (!current?.lines.some((l) => l.itemId === input.item_id)) return cartView(deps, buyer, current);
  const cart = await changeCart(deps, buyer.profileId, (lines) =>
    lines.filter((l) => l.itemId !== input.item_id),
  );
  return cartView(deps, buyer, cart);
}

/**
 * `POST /mypage/cart/checkout`: every line of the cart as read, in one purchase that also deletes
 * the cart under that version (a cart changed meanwhile, or any line refused, buys nothing).
 */
export async function checkoutCart(
  deps: ShopDeps,
  buyer: ProfileItem,
  input: { use_original_points: boolean; key: string; expected_points: number },
): Promise<PurchaseResponse> {
  const cart = await cartOf(deps.db, buyer.profileId, true);
  // Sent again after it committed: the cart is gone, the order its key bought answers.
  if (!cart?.lines.length) {
    const earlier = await cartReplay(deps, buyer.profileId, input.key);
    if (earlier) return earlier;
  }
  return purchase(deps, buyer, {
    lines: (cart?.lines ?? []).map((l) => ({ itemId: l.itemId, quantity: l.quantity })),
    useOriginal: input.use_original_points,
    key: input.key,
    expectedPoints: input.expected_points,
    source: 'cart',
    ...(cart ? { cart: { version: cart.version } } : {}),
  });
}
