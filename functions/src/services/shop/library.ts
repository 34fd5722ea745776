/**
 * The buyer's library and purchase history (spec "Library", DECISIONS.md "Shop"):
 * `GET /mypage/library/purchase-log-list/{a}/{b}` and `GET /mypage/library/purchase-log/{id}`.
 * Every read is of the caller's own lines (gsi1 `library#<buyer>`, or a line whose buyer is the
 * caller); the files of a bought item are handed out only here, as presigned GETs minted per view
 * that live `mediaConfig.privateUrlSeconds` (5 minutes) from the clock's now. A deleted item keeps
 * its files (services/shop deletes only mark it), so its lines still open.
 */
import { businessConfig } from '@app/shared/config';
import { mediaConfig } from '@app/shared/media';
import type {
  libraryFilters,
  libraryViews,
  PurchaseLogDetail,
  PurchaseLogRow,
} from '@app/shared/schemas/shop';
import type { EntityItem } from 'electrodb';
import type { OrderLine } from '../../db/entities/order.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { timeIdLow } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { contentTypeOfKey, privateUrl } from '../media/pipeline.ts';
import { profilesById } from '../profiles.ts';
import { mediaUrl, thumbKey } from '../social/cards.ts';
import type { ShopDeps } from './deps.ts';
import { type ItemRecord, itemsById } from './views.ts';

const S = businessConfig.shop;
const DAY_MS = 86_400_000;

export type LineRecord = EntityItem<typeof OrderLine>;
export type LibraryView = (typeof libraryViews)[number];
export type LibraryFilter = (typeof libraryFilters)[number];

/** A sealed cursor's content: the view, the filter and the last line shown (lib/http.ts checked the seal). */
const CURSOR_RE = /^(library|history):(all|photo|video|physical):([0-9A-HJKMNP-TV-Z]{26})$/;

/** The caller's lines of one view and filter, newest first, one page. */
export async function listLibrary(
  deps: ShopDeps,
  buyerId: string,
  view: LibraryView,
  filter: LibraryFilter,
  cursor?: string,
): Promise<{ logs: PurchaseLogRow[]; next_cursor: string | null }> {
  let after: string | undefined;
  if (cursor !== undefined) {
    const m = CURSOR_RE.exec(cursor);
    // A cursor of another view or filter (sealed for this caller, but another list) is refused.
    if (!m || m[1] !== view || m[2] !== filter) throw new AppError('cursor_invalid');
    after = m[3];
  }
  const base = deps.db.entities.orderLine.query.library({ buyerId });
  // The history: lines bought in the last `historyDays` (their ids are time-ordered ULIDs).
  const since =
    view === 'history' ? timeIdLow(new Date(deps.clock.now().getTime() - S.historyDays * DAY_MS)) : null;
  const ranged =
    after && since
      ? base.between({ lineId: since }, { lineId: after })
      : after
        ? base.lt({ lineId: after })
        : since
          ? base.gte({ lineId: since })
          : base;
  const filtered = filter === 'all' ? ranged : ranged.where((a, op) => op.eq(a.itemType, filter));
  type Page = Awaited<ReturnType<typeof filtered.go>>;
  const lines: LineRecord[] = [];
  let next: string | null = null;
  let more = true;
  // A filter may thin a page out: read on until the page is full or the list ends.
  while (lines.length < S.pageSize && more) {
    const page: Page = await filtered.go({
      order: 'desc',
      limit: S.pageSize - lines.length,
      ...(next ? { cursor: next } : {}),
    });
    // `between` includes its upper bound: the cursor's own line was shown already.
    lines.push(...page.data.filter((l) => l.lineId !== after));
    next = page.cursor;
    more = Boolean(page.cursor);
  }
  const logs = await rowsOf(deps, lines);
  const last = lines.at(-1);
  return {
    logs,
    next_cursor: lines.length >= S.pageSize && more && last ? `${view}:${filter}:${last.lineId}` : null,
  };
}

/** Rows of lines, with their items (deleted or not) and creators, each read once. */
async function rowsOf(deps: ShopDeps, lines: LineRecord[]): Promise<PurchaseLogRow[]> {
  const [items, creators] = await Promise.all([
    itemsById(
      deps.db,
      lines.map((l) => l.itemId),
    ),
    profilesById(
      deps.db,
      lines.map((l) => l.creatorId),
    ),
  ]);
  const byId = new Map(items.map((i) => [i.itemId, i]));
  return lines.map((l) => rowOf(l, byId.get(l.itemId), creators.get(l.creatorId)));
}

export function rowOf(
  line: LineRecord,
  item: ItemRecord | undefined,
  creator: ProfileItem | undefined,
): PurchaseLogRow {
  // The item's thumbnail as it is now (an operator may have removed it), else as it was bought.
  const thumbnail = item ? item.thumbnail?.key : line.thumbnailKey;
  return {
    id: line.lineId,
    order_id: line.orderId,
    item: {
      id: line.itemId,
      name: line.itemName,
      item_type: line.itemType,
      thumbnail: mediaUrl(thumbKey(thumbnail)),
      deleted: !item || Boolean(item.deletedAt),
    },
    creator: {
      id: line.creatorId,
      username: creator?.username ?? null,
      nickname: creator?.nickname ?? null,
    },
    quantity: line.quantity,
    points: line.points,
    purchased_at: line.createdAt,
    provided: line.provided,
    has_gift: Boolean(line.giftSentAt),
  };
}

/** The caller's own line, else 404 `order_line_not_found` (another's line is not told apart). */
export async function ownLine(deps: ShopDeps, buyerId: string, lineId: string): Promise<LineRecord> {
  const { data } = await deps.db.entities.orderLine.get({ lineId }).go();
  if (!data || data.buyerId !== buyerId) throw new AppError('order_line_not_found');
  return data;
}

type FileRecord = NonNullable<ItemRecord['zip']>;

/** The name a download is saved under: the creator's file name with the served file's extension. */
export function downloadName(file: Pick<FileRecord, 'key' | 'name'>, fallback: string): string {
  const ext = file.key.includes('.') ? file.key.slice(file.key.lastIndexOf('.')) : '';
  const given = file.name?.trim() || fallback;
  const stem = given.includes('.') ? given.slice(0, given.lastIndexOf('.')) : given;
  return `${stem || fallback}${ext}`;
}

/**
 * A line's return gift as the buyer (library) and the creator (sales status) see it, its file
 * through a presigned GET minted at `now`; null before one is sent.
 */
export async function returnGiftOf(
  deps: ShopDeps,
  line: LineRecord,
  now: Date,
): Promise<PurchaseLogDetail['gift']> {
  if (!line.giftSentAt) return null;
  return {
    message: line.giftMessage || null,
    file:
      line.giftFileKey && line.giftKind
        ? {
            kind: line.giftKind,
            url: await privateUrl(deps, line.giftFileKey, mediaConfig.privateUrlSeconds, { signedAt: now }),
          }
        : null,
    sent_at: line.giftSentAt,
  };
}

/** `GET /mypage/library/purchase-log/{id}`: the line, its files and its return gift, URLs minted now. */
export async function purchaseLogDetail(
  deps: ShopDeps,
  buyerId: string,
  lineId: string,
): Promise<PurchaseLogDetail> {
  const line = await ownLine(deps, buyerId, lineId);
  const [[item], creators] = await Promise.all([
    itemsById(deps.db, [line.itemId]),
    profilesById(deps.db, [line.creatorId]),
  ]);
  const now = deps.clock.now();
  const seconds = mediaConfig.privateUrlSeconds;
  const mint = (key: string, download?: string) =>
    privateUrl(deps, key, seconds, { signedAt: now, ...(download !== undefined ? { download } : {}) });

  const files: { kind: 'image' | 'zip' | 'video'; file: FileRecord; fallback: string }[] = [];
  if (item && line.itemType === 'photo') {
    (item.images ?? []).forEach((file, i) => {
      files.push({ kind: 'image', file, fallback: `${line.itemName}-${i + 1}` });
    });
    if (item.zip) files.push({ kind: 'zip', file: item.zip, fallback: line.itemName });
  }
  if (item && line.itemType === 'video' && item.video) {
    files.push({ kind: 'video', file: item.video, fallback: line.itemName });
  }
  const contents = await Promise.all(
    files.map(async ({ kind, file, fallback }) => {
      const name = downloadName(file, fallback);
      const [url, download_url] = await Promise.all([mint(file.key), mint(file.key, name)]);
      return {
        kind,
        name,
        content_type: contentTypeOfKey(file.key),
        size: file.size ?? null,
        url,
        download_url,
      };
    }),
  );
  const gift = await returnGiftOf(deps, line, now);
  const minted = contents.length > 0 || Boolean(gift?.file);
  return {
    ...rowOf(line, item, creators.get(line.creatorId)),
    contents,
    urls_expire_at: minted ? new Date(now.getTime() + seconds * 1000).toISOString() : null,
    gift,
  };
}
