/**
 * The creator's sales status (spec "Sales status", DECISIONS.md "Shop"): `GET /item/sales-status/{id}`,
 * `POST /item/sales-status/complete`, `/complete-all`, `/upload-url` and `/upload-return`.
 * Every read and write is of the caller's own lines: gsi2 `sales#<creator>` (all items) or gsi3
 * `item-sales#<item>` of an item the caller owns; a line is changed only under the condition that
 * its creator is the caller, so no read-then-write decides anything. Physical lines go from not
 * provided to provided (digital ones are provided at purchase). One return gift per line: the
 * write is conditional on none having been sent (409 `return_gift_exists`); the buyer's notice is
 * written by the stream consumer `streams/return-gift-notices`.
 */
import { businessConfig } from '@app/shared/config';
import { mediaConfig, mediaPurposes } from '@app/shared/media';
import type { GiftUploadPurpose, SalesLineView, UploadUrlView } from '@app/shared/schemas/shop';
import { V } from '@app/shared/validation';
import { isConditionFailure } from '../../db/errors.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { processUpload } from '../media/check.ts';
import { discardUpload, uploadTarget } from '../media/pipeline.ts';
import { profilesById } from '../profiles.ts';
import { mediaUrl, thumbKey } from '../social/cards.ts';
import type { ShopDeps } from './deps.ts';
import { type LineRecord, returnGiftOf } from './library.ts';

const S = businessConfig.shop;

/** A sealed cursor's content: the list (`all` or an item id) and the last line shown. */
const CURSOR_RE = /^(all|[0-9A-HJKMNP-TV-Z]{26}):([0-9A-HJKMNP-TV-Z]{26})$/;

/** The caller's item, else 404 `item_not_found` (another creator's item is not told apart). */
async function ownItem(deps: ShopDeps, creatorId: string, itemId: string) {
  const { data } = await deps.db.entities.item.get({ itemId }).go();
  if (!data || data.creatorId !== creatorId) throw new AppError('item_not_found');
  return data;
}

/** The lines of the caller's shop (`all`) or of one of its items, newest first. */
function linesQuery(deps: ShopDeps, creatorId: string, id: string) {
  return id === 'all'
    ? deps.db.entities.orderLine.query.sales({ creatorId })
    : deps.db.entities.orderLine.query.itemSales({ itemId: id });
}

/** `GET /item/sales-status/{id}`: one page of lines, and the physical lines still to provide. */
export async function salesStatus(
  deps: ShopDeps,
  creatorId: string,
  id: string,
  cursor?: string,
): Promise<{ lines: SalesLineView[]; pending: number; next_cursor: string | null }> {
  let after: string | undefined;
  if (cursor !== undefined) {
    const m = CURSOR_RE.exec(cursor);
    if (!m || m[1] !== id) throw new AppError('cursor_invalid');
    after = m[2];
  }
  if (id !== 'all') await ownItem(deps, creatorId, id);
  const base = linesQuery(deps, creatorId, id);
  const [page, pending] = await Promise.all([
    (after ? base.lt({ lineId: after }) : base).go({ order: 'desc', limit: S.pageSize }),
    pendingCount(deps, creatorId, id),
  ]);
  // gsi3 holds one item's lines: the item's owner checked above is their creator.
  const lines = page.data.filter((l) => l.creatorId === creatorId);
  const last = lines.at(-1);
  return {
    lines: await salesViews(deps, lines),
    pending,
    next_cursor: page.cursor && last ? `${id}:${last.lineId}` : null,
  };
}

/** Physical lines not provided yet: the not-provided lines read through the filter (keys and flags only). */
async function pendingCount(deps: ShopDeps, creatorId: string, id: string): Promise<number> {
  let count = 0;
  let next: string | null = null;
  do {
    const page: { data: unknown[]; cursor: string | null } = await linesQuery(deps, creatorId, id)
      .where((a, op) => `${op.eq(a.provided, false)} AND ${op.eq(a.creatorId, creatorId)}`)
      .go({ attributes: ['lineId'], ...(next ? { cursor: next } : {}) });
    count += page.data.length;
    next = page.cursor;
  } while (next);
  return count;
}

export async function salesViews(deps: ShopDeps, lines: LineRecord[]): Promise<SalesLineView[]> {
  const buyers = await profilesById(
    deps.db,
    lines.map((l) => l.buyerId),
  );
  const now = deps.clock.now();
  return Promise.all(
    lines.map(async (l) => {
      const buyer = buyers.get(l.buyerId);
      return {
        id: l.lineId,
        item: { id: l.itemId, name: l.itemName, item_type: l.itemType },
        buyer: {
          id: l.buyerId,
          nickname: buyer?.nickname ?? null,
          profile_image: mediaUrl(thumbKey(buyer?.profileImage)),
        },
        quantity: l.quantity,
        points: l.points,
        purchased_at: l.createdAt,
        provided: l.provided,
        provided_at: l.providedAt ?? null,
        gift: await returnGiftOf(deps, l, now),
      };
    }),
  );
}

/** The caller's line, else 404 `order_line_not_found`. */
async function ownSale(deps: ShopDeps, creatorId: string, lineId: string): Promise<LineRecord> {
  const { data } = await deps.db.entities.orderLine.get({ lineId }).go();
  if (!data || data.creatorId !== creatorId) throw new AppError('order_line_not_found');
  return data;
}

/**
 * `POST /item/sales-status/complete`: a physical line provided (or back to not provided, a
 * creator's mistake). Conditional on the creator and the type; setting the state it has is a no-op.
 */
export async function completeLine(
  deps: ShopDeps,
  creatorId: string,
  lineId: string,
  completed: boolean,
): Promise<SalesLineView> {
  const now = deps.clock.now().toISOString();
  try {
    const base = deps.db.entities.orderLine
      .patch({ lineId })
      .set({ provided: completed, updatedAt: now, ...(completed ? { providedAt: now } : {}) });
    await (completed ? base : base.remove(['providedAt']))
      .where(
        (a, op) =>
          `${op.eq(a.creatorId, creatorId)} AND ${op.eq(a.itemType, 'physical')} AND ${op.eq(a.provided, !completed)}`,
      )
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const line = await ownSale(deps, creatorId, lineId);
    if (line.itemType !== 'physical') throw new AppError('order_line_digital');
    // Already in that state (a replay, or another tab): answered as it is.
  }
  const [view] = await salesViews(deps, [await ownSale(deps, creatorId, lineId)]);
  return view as SalesLineView;
}

/**
 * `POST /item/sales-status/complete-all {item_id?}`: every physical line of the shop (or the item)
 * not provided yet, page by page (`completeAllBatch` lines a call at most: the screen calls again
 * while `updated` is a full batch). Each line is changed under its own condition, so a replay or
 * a concurrent call counts nothing twice.
 */
export async function completeAll(
  deps: ShopDeps,
  creatorId: string,
  itemId: string | undefined,
): Promise<{ updated: number }> {
  const id = itemId ?? 'all';
  if (itemId) await ownItem(deps, creatorId, itemId);
  const now = deps.clock.now().toISOString();
  let updated = 0;
  let next: string | null = null;
  do {
    const page: { data: { lineId: string }[]; cursor: string | null } = await linesQuery(deps, creatorId, id)
      .where(
        (a, op) =>
          `${op.eq(a.provided, false)} AND ${op.eq(a.itemType, 'physical')} AND ${op.eq(a.creatorId, creatorId)}`,
      )
      .go({ attributes: ['lineId'], ...(next ? { cursor: next } : {}) });
    const results = await Promise.all(
      page.data.slice(0, S.completeAllBatch - updated).map(async ({ lineId }) => {
        try {
          await deps.db.entities.orderLine
            .patch({ lineId })
            .set({ provided: true, providedAt: now, updatedAt: now })
            .where(
              (a, op) =>
                `${op.eq(a.creatorId, creatorId)} AND ${op.eq(a.itemType, 'physical')} AND ${op.eq(a.provided, false)}`,
            )
            .go({ response: 'none' });
          return 1;
        } catch (error) {
          if (isConditionFailure(error)) return 0;
          throw error;
        }
      }),
    );
    updated += results.reduce<number>((n, r) => n + r, 0);
    next = page.cursor;
  } while (next && updated < S.completeAllBatch);
  return { updated };
}

const GIFT_PURPOSES = {
  returnGiftPhoto: mediaPurposes.returnGiftPhoto,
  returnGiftVideo: mediaPurposes.returnGiftVideo,
};

/** `POST /item/sales-status/upload-url`: a POST form for `uploads/gift-…/<line>/<creator>-<uuid>.<ext>`. */
export async function giftUploadUrl(
  deps: ShopDeps,
  creatorId: string,
  input: { line_id: string; purpose: GiftUploadPurpose; content_type: string },
): Promise<UploadUrlView> {
  const line = await ownSale(deps, creatorId, input.line_id);
  if (line.giftSentAt) throw new AppError('return_gift_exists');
  return uploadTarget(deps, GIFT_PURPOSES[input.purpose], input.content_type, `${line.lineId}/${creatorId}`);
}

/**
 * `POST /item/sales-status/upload-return {id, message, file}`: the line's return gift. The upload
 * must be the caller's, for this line; it is checked and processed into `private/…` first, then
 * the line takes it under the condition that no gift was sent (else the processed files go).
 */
export async function uploadReturn(
  deps: ShopDeps,
  creatorId: string,
  input: { id: string; message: string; file: string | null },
): Promise<SalesLineView> {
  const line = await ownSale(deps, creatorId, input.id);
  if (line.giftSentAt) throw new AppError('return_gift_exists');
  const owner = `${line.lineId}/${creatorId}`;
  let processed: { key: string; folder: string; kind: 'photo' | 'video' } | null = null;
  if (input.file !== null) {
    const name = (Object.keys(GIFT_PURPOSES) as GiftUploadPurpose[]).find((n) =>
      input.file?.startsWith(`${mediaConfig.prefixes.uploads}${GIFT_PURPOSES[n].folder}/${owner}-`),
    );
    if (!name) throw fieldError('file', V.returnGiftContent);
    const media = await processUpload(deps, GIFT_PURPOSES[name], input.file, line.lineId);
    processed = {
      key: media.key,
      folder: media.folder,
      kind: name === 'returnGiftPhoto' ? 'photo' : 'video',
    };
  }
  const now = deps.clock.now().toISOString();
  try {
    await deps.db.entities.orderLine
      .patch({ lineId: line.lineId })
      .set({
        giftSentAt: now,
        updatedAt: now,
        ...(input.message ? { giftMessage: input.message } : {}),
        ...(processed ? { giftFileKey: processed.key, giftKind: processed.kind } : {}),
      })
      .where((a, op) => `${op.eq(a.creatorId, creatorId)} AND ${op.notExists(a.giftSentAt)}`)
      .go({ response: 'none' });
  } catch (error) {
    if (processed) await deps.media.deletePrefix(processed.folder);
    if (isConditionFailure(error)) throw new AppError('return_gift_exists');
    throw error;
  }
  if (input.file !== null) await discardUpload(deps, input.file);
  const [view] = await salesViews(deps, [await ownSale(deps, creatorId, line.lineId)]);
  return view as SalesLineView;
}
