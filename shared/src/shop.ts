/**
 * The shop's pure rules (spec "Items", DECISIONS.md "Shop"), the same on both sides: the sale
 * state of a published item, its stock label, and the profile shelf's sort order.
 */
import { businessConfig } from './config.ts';
import type { SaleState, StockLabel } from './schemas/shop.ts';

/**
 * Item types and statuses as plain constants (the entities name them: importing the contracts
 * module, zod schemas and all, would put it into every Lambda bundle through the one table Service).
 */
export const itemTypes = ['photo', 'video', 'physical'] as const;
export const itemStatuses = ['draft', 'published'] as const;

export interface SaleWindow {
  openAt?: string | null;
  closeAt?: string | null;
}

/** Scheduled before `openAt`, ended from `closeAt` on, on sale between (a missing `openAt` is scheduled). */
export function saleStateOf(item: SaleWindow, now: Date): SaleState {
  const t = now.getTime();
  if (!item.openAt || t < Date.parse(item.openAt)) return 'scheduled';
  if (item.closeAt && t >= Date.parse(item.closeAt)) return 'ended';
  return 'on_sale';
}

export interface StockState {
  stockLimited: boolean;
  remaining?: number | null;
  lowStockThreshold: number;
}

/**
 * Sold out at 0; low at or below the threshold (a threshold of 0 turns the label off); plenty
 * otherwise. Unlimited items have no label.
 */
export function stockLabelOf(item: StockState): StockLabel | null {
  if (!item.stockLimited) return null;
  const left = item.remaining ?? 0;
  if (left <= 0) return 'sold_out';
  if (item.lowStockThreshold > 0 && left <= item.lowStockThreshold) return 'low';
  return 'plenty';
}

/** Newer first inside each group: the inverse of the time, fixed width. */
const newestFirst = (iso: string) => String(9_999_999_999_999 - Date.parse(iso)).padStart(13, '0');

/**
 * The profile shelf (Item gsi2): listed while published, public and not deleted; pinned items
 * first (newest pin first), then the rest newest published first. Ascending order of `shelfSort`.
 */
export function shelfOf(item: {
  creatorId: string;
  status: 'draft' | 'published';
  isPublic: boolean;
  deletedAt?: string | null;
  pinned: boolean;
  pinnedAt?: string | null;
  publishedAt?: string | null;
  createdAt: string;
}): { shelf: string; shelfSort: string } {
  const listed = item.status === 'published' && item.isPublic && !item.deletedAt;
  const shelf = listed ? item.creatorId : `hidden#${item.creatorId}`;
  const shelfSort =
    item.pinned && item.pinnedAt
      ? `0#${newestFirst(item.pinnedAt)}`
      : `1#${newestFirst(item.publishedAt ?? item.createdAt)}`;
  return { shelf, shelfSort };
}

/** The placeholders of the shop's validation and error messages, for `t(key, shopMessageParams)`. */
export const shopMessageParams = {
  price_min: businessConfig.shop.priceMinYen,
  price_max: businessConfig.shop.priceMaxYen,
  price_unit: businessConfig.limits.itemPriceUnitYen,
  name_max: businessConfig.shop.nameMax,
  description_max: businessConfig.shop.descriptionMax,
  images_max: businessConfig.shop.imagesMax,
  sample_max: businessConfig.limits.sampleFiles,
  stock_max: businessConfig.shop.stockMax,
  quantity_max: businessConfig.shop.physicalQuantityMax,
  message_max: businessConfig.shop.returnGiftMessageMax,
  grant_min: businessConfig.shop.grantMinPoints,
  grant_max: businessConfig.shop.grantMaxPoints,
  shop_name_max: businessConfig.shop.shopNameMax,
  field_max: businessConfig.shop.disclosureFieldMax,
  note_max: businessConfig.shop.disclosureNoteMax,
  draft_limit: businessConfig.limits.itemDrafts,
  pinned_max: businessConfig.shop.pinnedMax,
  cart_max: businessConfig.shop.cartLinesMax,
} as const;
