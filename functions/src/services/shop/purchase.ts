/**
 * Buying items with points (issue 13, DECISIONS.md "Shop"): a single item or a cart's checkout is
 * one movement. The ledger's spend (one share per line, each paying its creator at the product
 * rate) carries as extra items of the same transaction: each item's stock and sale conditions,
 * the Order, its OrderLines, an Ownership mark per digital line and, for a cart, the cart's
 * deletion. Everything commits together or nothing does; a retried request with the same key
 * answers the first order.
 */
import { businessConfig } from '@app/shared/config';
import type { ErrorCode } from '@app/shared/errors';
import { ageOn, partsOf } from '@app/shared/ledger';
import { isSetupComplete, ROLE } from '@app/shared/roles';
import type { PointKind } from '@app/shared/schemas/points';
import { maxQuantityOf, type PurchaseResponse, pointsOfPrice } from '@app/shared/schemas/shop';
import { saleStateOf } from '@app/shared/shop';
import { jstDate } from '@app/shared/time';
import { V } from '@app/shared/validation';
import type { ProfileItem } from '../../lib/auth.ts';
import { sha256, timeId } from '../../lib/crypto.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { balanceFor } from '../points/balance.ts';
import { spendShares, type TxEntities, type TxItems } from '../points/ledger.ts';
import type { ShopDeps } from './deps.ts';
import { type ItemRecord, isSensitive, itemsById } from './views.ts';

export interface PurchaseLine {
  itemId: string;
  quantity: number;
}

export interface PurchaseInput {
  lines: readonly PurchaseLine[];
  useOriginal: boolean;
  /** The client's idempotency key. */
  key: string;
  /** The total the buyer confirmed. */
  expectedPoints: number;
  source: 'item' | 'cart';
  /** A cart's checkout: the cart version bought (the cart is deleted under it). */
  cart?: { version: number };
}

/** Who may buy at all: fans and shop/organization owners with a complete registration. */
function buyerRefusal(buyer: ProfileItem): ErrorCode | null {
  if (buyer.roleId !== ROLE.FAN && buyer.roleId !== ROLE.USER) return 'creator_purchase';
  if (!isSetupComplete(buyer.roleId, buyer.finalStep)) return 'registration_incomplete';
  return null;
}

export interface BuyerContext {
  /** Age today (JST); null without a saved date of birth. */
  age: number | null;
  /** Digital items already bought: item id → line id. */
  owned: ReadonlyMap<string, string>;
}

/** What the checks need to know about the buyer: age and the owned items among `itemIds`. */
export async function buyerContext(
  deps: ShopDeps,
  buyerId: string,
  itemIds: readonly string[],
  consistent = false,
): Promise<BuyerContext> {
  const unique = [...new Set(itemIds)];
  const [info, owned] = await Promise.all([
    deps.db.entities.userInfo.get({ profileId: buyerId }).go({ consistent }),
    unique.length
      ? deps.db.entities.ownership.get(unique.map((itemId) => ({ buyerId, itemId }))).go({ consistent })
      : Promise.resolve({ data: [] }),
  ]);
  const today = jstDate(deps.clock.now());
  return {
    age: info.data ? ageOn(info.data.birthDate, today) : null,
    owned: new Map(owned.data.filter((o) => o).map((o) => [o.itemId, o.lineId])),
  };
}

/**
 * Why `buyer` cannot buy `quantity` of `item` now, as an error code with its message's
 * placeholders, or null. The same checks for the item page, the cart and the purchase.
 */
export function refusalOf(
  buyer: ProfileItem,
  item: ItemRecord | undefined,
  quantity: number,
  ctx: BuyerContext,
  now: Date,
): { code: ErrorCode; params?: Record<string, number> } | null {
  const who = buyerRefusal(buyer);
  if (who) return { code: who };
  if (!item || item.deletedAt || item.status !== 'published') return { code: 'item_not_found' };
  if (item.creatorId === buyer.profileId) return { code: 'item_own' };
  if (!item.isPublic || item.price === undefined) return { code: 'item_unavailable' };
  if (item.underReview) return { code: 'item_under_review' };
  const state = saleStateOf(item, now);
  if (state === 'scheduled') return { code: 'item_not_on_sale_yet' };
  if (state === 'ended') return { code: 'item_sale_ended' };
  if (item.itemType !== 'physical' && ctx.owned.has(item.itemId)) return { code: 'item_owned' };
  if (item.stockLimited) {
    const left = item.remaining ?? 0;
    if (left <= 0) return { code: 'item_sold_out' };
    if (left < quantity) return { code: 'item_stock_short', params: { remaining: left } };
  }
  if (isSensitive(item) && (ctx.age === null || ctx.age < businessConfig.points.adultAge))
    return { code: 'item_sensitive_minor' };
  return null;
}

/** `refusalOf` for one item, reading what it needs (the item page). */
export async function buyRefusal(
  deps: ShopDeps,
  buyer: ProfileItem,
  item: ItemRecord,
  quantity: number,
): Promise<ErrorCode | null> {
  if (buyerRefusal(buyer)) return buyerRefusal(buyer);
  const ctx = await buyerContext(deps, buyer.profileId, [item.itemId]);
  return refusalOf(buyer, item, quantity, ctx, deps.clock.now())?.code ?? null;
}

const refuse = (r: { code: ErrorCode; params?: Record<string, number> }) =>
  r.params ? new AppError(r.code).with(r.params) : new AppError(r.code);

const requestHashOf = (buyerId: string, lines: readonly PurchaseLine[]) =>
  sha256(JSON.stringify([buyerId, lines.map((l) => [l.itemId, l.quantity])]));

/** The order and ledger movement a buyer's key names (a retry finds them). */
function idsOf(buyerId: string, key: string) {
  const hash = sha256(`${buyerId}:${key}`).slice(0, 32);
  return { orderId: `o${hash}`, txId: `shop-${hash}` };
}

/**
 * A cart's checkout sent again after it committed, when the cart it bought is gone (branch buy,
 * services/shop/cart.ts): the order its key bought, or null. The lines cannot be compared (the
 * retry reads no cart), so only a cart order of the same buyer answers.
 */
export async function cartReplay(
  deps: ShopDeps,
  buyerId: string,
  key: string,
): Promise<PurchaseResponse | null> {
  const { data } = await deps.db.entities.order
    .get({ orderId: idsOf(buyerId, key).orderId })
    .go({ consistent: true });
  if (data?.source !== 'cart') return null;
  return replayed(deps, buyerId, data, data.requestHash);
}

/** Buys every line or nothing. */
export async function purchase(
  deps: ShopDeps,
  buyer: ProfileItem,
  input: PurchaseInput,
): Promise<PurchaseResponse> {
  const who = buyerRefusal(buyer);
  if (who) throw new AppError(who);
  if (input.lines.length === 0) throw new AppError('cart_empty');
  if (new Set(input.lines.map((l) => l.itemId)).size !== input.lines.length)
    throw fieldError('lines', V.itemId);
  const buyerId = buyer.profileId;
  const { orderId, txId } = idsOf(buyerId, input.key);
  const requestHash = requestHashOf(buyerId, input.lines);

  const earlier = await deps.db.entities.order.get({ orderId }).go({ consistent: true });
  if (earlier.data) return replayed(deps, buyerId, earlier.data, requestHash);

  const ids = input.lines.map((l) => l.itemId);
  /** Reads the items and the buyer, and throws the first line's refusal. */
  const check = async (consistent: boolean) => {
    const [items, ctx] = await Promise.all([
      itemsById(deps.db, ids, consistent),
      buyerContext(deps, buyerId, ids, consistent),
    ]);
    const byId = new Map(items.map((i) => [i.itemId, i]));
    const now = deps.clock.now();
    for (const line of input.lines) {
      const item = byId.get(line.itemId);
      if (item && line.quantity > maxQuantityOf(item.itemType)) throw fieldError('amount', V.itemQuantity);
      const refusal = refusalOf(buyer, item, line.quantity, ctx, now);
      if (refusal) throw refuse(refusal);
    }
    return input.lines.map((line) => ({ line, item: byId.get(line.itemId) as ItemRecord }));
  };
  let lines = await check(false);
  const total = totalOf(lines);
  if (total !== input.expectedPoints) throw new AppError('purchase_changed');

  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const planned = lines.map(({ line, item }) => ({
    line,
    item,
    lineId: timeId(now),
    unitPoints: pointsOfPrice(item.price as number),
  }));
  const extra = (e: TxEntities): TxItems => [
    ...planned.map(({ line, item }) => stockItem(e, item, line.quantity, nowIso)),
    e.order
      .create({
        orderId,
        buyerId,
        txId,
        points: total,
        lineIds: planned.map((p) => p.lineId),
        requestHash,
        source: input.source,
        createdAt: nowIso,
      })
      .commit(),
    ...planned.map(({ line, item, lineId, unitPoints }) =>
      e.orderLine
        .create({
          lineId,
          orderId,
          buyerId,
          creatorId: item.creatorId,
          itemId: item.itemId,
          itemType: item.itemType,
          itemName: item.name,
          ...(item.thumbnail?.key ? { thumbnailKey: item.thumbnail.key } : {}),
          quantity: line.quantity,
          unitPoints,
          points: unitPoints * line.quantity,
          sensitive: isSensitive(item),
          provided: item.itemType !== 'physical',
          ...(item.itemType !== 'physical' ? { providedAt: nowIso } : {}),
          createdAt: nowIso,
          updatedAt: nowIso,
        })
        .commit(),
    ),
    ...planned
      .filter(({ item }) => item.itemType !== 'physical')
      .map(({ item, lineId }) =>
        e.ownership.create({ buyerId, itemId: item.itemId, lineId, createdAt: nowIso }).commit(),
      ),
    ...(input.cart
      ? [
          e.cart
            .delete({ buyerId })
            .where((a, op) => op.eq(a.version, input.cart?.version as number))
            .commit(),
        ]
      : []),
  ];
  const spent = await spendShares(deps, {
    holderId: buyerId,
    purpose: 'product',
    txId,
    target: `order#${orderId}`,
    useOriginal: input.useOriginal,
    shares: planned.map(({ item, lineId, unitPoints, line }) => ({
      payeeId: item.creatorId,
      points: unitPoints * line.quantity,
      target: `line#${lineId}`,
      label: { kind: 'item', name: item.name },
    })),
    extra,
    // A cancelled attempt that was no replay: a line may have sold out, ended or been bought
    // meanwhile (its refusal is thrown), or the cart changed; otherwise the lots moved: retry.
    beforeRetry: async () => {
      lines = await check(true);
      if (totalOf(lines) !== total) throw new AppError('purchase_changed');
      if (input.cart) {
        const cart = await deps.db.entities.cart.get({ buyerId }).go({ consistent: true });
        if (cart.data?.version !== input.cart.version) throw new AppError('purchase_changed');
      }
    },
  });
  if (spent.replayed) {
    const order = await deps.db.entities.order.get({ orderId }).go({ consistent: true });
    if (order.data) return replayed(deps, buyerId, order.data, requestHash);
  }
  return {
    order_id: orderId,
    line_ids: planned.map((p) => p.lineId),
    points: spent.points,
    parts: spent.parts.map((p) => ({ kind: p.kind, issuer_id: p.issuerId, points: p.points })),
    balance: await balanceFor(deps.db, buyerId, deps.clock.now()),
    replayed: spent.replayed,
  };
}

/**
 * The item's part of the movement: the sale conditions as they were checked (published, public,
 * not deleted, not under review, inside the window, the price confirmed) and, for a limited item, the units taken
 * from `remaining` only if that many are left.
 */
function stockItem(e: TxEntities, item: ItemRecord, quantity: number, nowIso: string) {
  const update = e.item.patch({ itemId: item.itemId }).add({ sold: quantity });
  const limited = item.stockLimited ? update.subtract({ remaining: quantity }) : update;
  return limited
    .where(
      (a, op) =>
        `${op.eq(a.status, 'published')} AND ${op.eq(a.isPublic, true)} AND ${op.notExists(a.deletedAt)} AND (${op.notExists(a.underReview)} OR ${op.eq(a.underReview, false)}) AND ${op.eq(a.price, item.price as number)} AND ${op.lte(a.openAt, nowIso)} AND (${op.notExists(a.closeAt)} OR ${op.gt(a.closeAt, nowIso)})` +
        (item.stockLimited ? ` AND ${op.gte(a.remaining, quantity)}` : ''),
    )
    .commit();
}

/** Points of the lines at their items' prices. */
const totalOf = (lines: readonly { line: PurchaseLine; item: ItemRecord }[]) =>
  lines.reduce((s, { line, item }) => s + pointsOfPrice(item.price as number) * line.quantity, 0);

async function replayed(
  deps: ShopDeps,
  buyerId: string,
  order: {
    orderId: string;
    buyerId: string;
    txId: string;
    points: number;
    lineIds: string[];
    requestHash: string;
  },
  requestHash: string,
): Promise<PurchaseResponse> {
  if (order.buyerId !== buyerId || order.requestHash !== requestHash)
    throw new AppError('idempotency_mismatch');
  const { data: journal } = await deps.db.entities.journal.get({ txId: order.txId }).go({ consistent: true });
  const parts = partsOf(
    (journal?.lots ?? []).map((l) => ({
      lot: { kind: l.kind as PointKind, issuerId: l.issuerId ?? null },
      points: l.points,
    })),
  );
  return {
    order_id: order.orderId,
    line_ids: order.lineIds,
    points: order.points,
    parts: parts.map((p) => ({ kind: p.kind, issuer_id: p.issuerId, points: p.points })),
    balance: await balanceFor(deps.db, buyerId, deps.clock.now()),
    replayed: true,
  };
}
