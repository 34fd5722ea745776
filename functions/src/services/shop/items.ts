/**
 * The creator's side of the shop (spec sections 4-5, DECISIONS.md "Shop"): the item form (create
 * and edit with `POST /item`), its uploads through the media pipeline, show/hide, pin, delete, the
 * creator's own list and item, the limits, and the shop's business setting.
 *
 * - Drafts may be incomplete; publishing needs `publishIssues()` clear. A published item never
 *   returns to draft, and only its name, price, sale period, image order (the same images),
 *   samples, stock count and public flag change; anything else is 409 `item_published_locked`.
 * - The draft and pin limits are counters on the Shop, moved by a conditional ADD in the same
 *   transaction as the item's own write, so no concurrency passes them.
 * - Every write is conditioned on the item's `version` as read (and bumps it); every write that
 *   can move the item on or off the profile shelf sets `shelf` + `shelfSort` (`shelfOf`).
 * - A new stock count is written on the condition that `remaining` is still the value read, so a
 *   purchase committed meanwhile is never overwritten by a stale count (the edit reads again).
 * - Files: new upload keys (the caller's own, `uploads/<folder>/<me>/<me>-…`) are checked and
 *   processed before the item is written; files the item no longer holds are deleted after the
 *   commit (a published item's content cannot change, so only its samples ever go).
 */
import { businessConfig } from '@app/shared/config';
import { type MediaPurpose, mediaConfig, mediaPurposes } from '@app/shared/media';
import {
  ITEM_FILE_RE,
  ITEM_UPLOAD_RE,
  type ItemDetailView,
  type ItemFileView,
  type ItemListResponse,
  type ItemSaveRequest,
  type ItemUploadPurpose,
  publishIssues,
  type ShopSettingView,
  type UploadUrlView,
} from '@app/shared/schemas/shop';
import { shelfOf } from '@app/shared/shop';
import { V } from '@app/shared/validation';
import type { ProfileItem } from '../../lib/auth.ts';
import { timeId } from '../../lib/crypto.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { processUpload } from '../media/check.ts';
import { deleteItemFolders, itemFileFolder } from '../media/cleanup.ts';
import { discardUpload, type ProcessedMedia, privateUrl, uploadTarget } from '../media/pipeline.ts';
import { mediaUrl } from '../social/cards.ts';
import type { ShopDeps } from './deps.ts';
import { type ItemRecord, itemCardOf, shopSettingOf } from './views.ts';

const S = businessConfig.shop;
const L = businessConfig.limits;
/** Attempts of a write whose condition a concurrent purchase (stock) or counter change broke. */
const ATTEMPTS = 3;

type FileMap = NonNullable<ItemRecord['thumbnail']>;
type Deps = ShopDeps;

/** The item form's fields that hold files, and the upload purpose of each. */
const FIELD_PURPOSE = {
  thumbnail: 'itemThumbnail',
  images: 'itemImage',
  zip: 'itemZip',
  video: 'itemVideo',
  samples: 'sample',
} as const satisfies Record<string, ItemUploadPurpose>;
type FileField = keyof typeof FIELD_PURPOSE;

/** Where a creator's uploads go: `uploads/<folder>/<me>/<me>-<uuid>.<ext>`. */
const ownerPath = (me: string) => `${me}/${me}`;

/** `POST /item/upload-url`: a presigned POST of the media pipeline for one file of the form. */
export function itemUploadUrl(
  deps: Deps,
  me: ProfileItem,
  body: { purpose: ItemUploadPurpose; content_type: string },
): Promise<UploadUrlView> {
  return uploadTarget(deps, mediaPurposes[body.purpose], body.content_type, ownerPath(me.profileId));
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The caller's own item (not deleted), or 404 `item_not_found` (another account's id too). */
async function ownItem(deps: Deps, me: string, itemId: string): Promise<ItemRecord> {
  const { data } = await deps.db.entities.item.get({ itemId }).go({ consistent: true });
  if (!data || data.creatorId !== me || data.deletedAt) throw new AppError('item_not_found');
  return data;
}

async function fileView(deps: Deps, f: FileMap | undefined): Promise<ItemFileView | null> {
  if (!f) return null;
  const url = f.key.startsWith(mediaConfig.prefixes.public) ? mediaUrl(f.key) : await privateUrl(deps, f.key);
  return { key: f.key, url, name: f.name ?? null, content_type: f.contentType, size: f.size ?? null };
}

export async function itemDetailOf(deps: Deps, item: ItemRecord): Promise<ItemDetailView> {
  const files = (list: FileMap[] | undefined) =>
    Promise.all((list ?? []).map((f) => fileView(deps, f) as Promise<ItemFileView>));
  const [thumbnail, images, zip, video, samples] = await Promise.all([
    fileView(deps, item.thumbnail),
    files(item.images),
    fileView(deps, item.zip),
    fileView(deps, item.video),
    files(item.samples),
  ]);
  return {
    id: item.itemId,
    version: item.version,
    status: item.status,
    item_type: item.itemType,
    name: item.name,
    description: item.description,
    price: item.price ?? null,
    thumbnail,
    images,
    zip,
    video,
    samples,
    open_at: item.openAt ?? null,
    close_at: item.closeAt ?? null,
    stock_mode: item.stockLimited ? 'limited' : 'unlimited',
    stock: item.stockLimited ? (item.remaining ?? 0) : null,
    show_stock: item.showStock,
    low_stock_threshold: item.lowStockThreshold,
    sensitive: item.sensitive,
    under_review: Boolean(item.underReview),
    is_public: item.isPublic,
    pinned: item.pinned,
    sold: item.sold ?? 0,
    created_at: item.createdAt,
    published_at: item.publishedAt ?? null,
  };
}

/** `GET /item/{id}`: the caller's own item, private files as short-lived presigned GETs. */
export async function getOwnItem(deps: Deps, me: ProfileItem, itemId: string): Promise<ItemDetailView> {
  return itemDetailOf(deps, await ownItem(deps, me.profileId, itemId));
}

/** `GET /item/my-items/{id}`: the caller's items (not deleted), newest first, a page at a time. */
export async function listOwnItems(
  deps: Deps,
  me: ProfileItem,
  cursor: string | undefined,
): Promise<ItemListResponse> {
  const page = await deps.db.entities.item.query
    .byShop({ shopOwner: me.profileId })
    .go({ order: 'desc', limit: S.pageSize, ...(cursor ? { cursor } : {}) });
  const now = deps.clock.now();
  return { items: page.data.map((i) => itemCardOf(i, now, true)), next_cursor: page.cursor ?? null };
}

/** The Shop entity inside a write transaction. */
type TxShop = Parameters<Parameters<Deps['db']['transaction']['write']>[0]>[0]['shop'];

/** `GET /item/setting`: the shop's counters and limits, and its business setting. */
export async function itemSetting(deps: Deps, me: ProfileItem) {
  const { data: shop } = await deps.db.entities.shop
    .get({ creatorId: me.profileId })
    .go({ consistent: true });
  return {
    drafts: shop?.drafts ?? 0,
    draft_limit: L.itemDrafts,
    pinned: shop?.pinned ?? 0,
    pinned_limit: S.pinnedMax,
    sample_limit: L.sampleFiles,
    images_limit: S.imagesMax,
    price_min: S.priceMinYen,
    price_max: S.priceMaxYen,
    price_unit: L.itemPriceUnitYen,
    stock_max: S.stockMax,
    shop: shopSettingOf(shop),
  };
}

/** `POST /mypage/business-setting/shop`: the shop's name and 特定商取引法 disclosure. */
export async function saveShopSetting(
  deps: Deps,
  me: ProfileItem,
  body: Omit<ShopSettingView, 'shop_name'> & { shop_name: string },
): Promise<ShopSettingView> {
  const now = deps.clock.now().toISOString();
  await deps.db.entities.shop
    .update({ creatorId: me.profileId })
    .set({
      shopName: body.shop_name,
      disclosureMode: body.disclosure_mode,
      disclosure: body.disclosure,
      updatedAt: now,
    })
    .go();
  const { data } = await deps.db.entities.shop.get({ creatorId: me.profileId }).go({ consistent: true });
  return shopSettingOf(data);
}

// ---------------------------------------------------------------------------------------------
// Files of the form

interface FileRef {
  field: FileField;
  /** The issue path: `thumbnail`, `images.2`… */
  path: string;
  ref: string;
}

function refsOf(body: ItemSaveRequest): FileRef[] {
  const one = (field: FileField, ref: string | null): FileRef[] => (ref ? [{ field, path: field, ref }] : []);
  const many = (field: FileField, refs: string[]): FileRef[] =>
    refs.map((ref, i) => ({ field, path: `${field}.${i}`, ref }));
  return [
    ...one('thumbnail', body.thumbnail),
    ...many('images', body.images),
    ...one('zip', body.zip),
    ...one('video', body.video),
    ...many('samples', body.samples),
  ];
}

function heldFiles(item: ItemRecord | null, field: FileField): FileMap[] {
  if (!item) return [];
  const v = item[field];
  if (!v) return [];
  return Array.isArray(v) ? v : [v];
}

/**
 * Checks every file named by the form: a key the item already holds in that field, or the
 * caller's own new upload for that field's purpose (else 422 on the field, e.g. `images.2`).
 * New uploads are checked and processed; on any refusal whatever was processed is deleted.
 */
async function resolveFiles(
  deps: Deps,
  me: string,
  body: ItemSaveRequest,
  current: ItemRecord | null,
): Promise<{ files: Map<string, FileMap>; processed: ProcessedMedia[]; uploads: string[] }> {
  const refs = refsOf(body);
  const seen = new Set<string>();
  const files = new Map<string, FileMap>();
  const fresh: (FileRef & { purpose: MediaPurpose })[] = [];
  for (const r of refs) {
    if (seen.has(r.ref)) throw fieldError(r.path, V.itemFile);
    seen.add(r.ref);
    const purpose = mediaPurposes[FIELD_PURPOSE[r.field]];
    if (ITEM_FILE_RE.test(r.ref)) {
      const held = heldFiles(current, r.field).find((f) => f.key === r.ref);
      if (!held) throw fieldError(r.path, V.itemFile);
      files.set(r.ref, held);
    } else if (
      ITEM_UPLOAD_RE.test(r.ref) &&
      r.ref.startsWith(`${mediaConfig.prefixes.uploads}${purpose.folder}/${ownerPath(me)}-`)
    ) {
      fresh.push({ ...r, purpose });
    } else {
      throw fieldError(r.path, V.itemFile);
    }
  }
  const results = await Promise.allSettled(
    fresh.map((r) => processUpload(deps, r.purpose, r.ref, ownerPath(me), r.path)),
  );
  const processed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const refused = results.find((r) => r.status === 'rejected');
  if (refused) {
    await deleteItemFolders(
      deps,
      processed.map((p) => p.folder),
    );
    throw refused.reason;
  }
  fresh.forEach((r, i) => {
    const p = processed[i] as ProcessedMedia;
    const name = body.file_names[r.ref];
    files.set(r.ref, { key: p.key, contentType: p.contentType, size: p.size, ...(name ? { name } : {}) });
  });
  return { files, processed, uploads: fresh.map((r) => r.ref) };
}

// ---------------------------------------------------------------------------------------------
// Saving the form

/** What a published item lets change: anything else differing answers 409 item_published_locked. */
export function lockedChanges(current: ItemRecord, body: ItemSaveRequest): string[] {
  const changed: string[] = [];
  const key = (f: FileMap | undefined) => f?.key ?? null;
  if (body.status !== 'published') changed.push('status');
  if (body.item_type !== current.itemType) changed.push('item_type');
  if (body.description !== current.description) changed.push('description');
  if (body.thumbnail !== key(current.thumbnail)) changed.push('thumbnail');
  const held = (current.images ?? []).map((f) => f.key).sort();
  const sent = [...body.images].sort();
  if (held.length !== sent.length || held.some((k, i) => k !== sent[i])) changed.push('images');
  if (body.zip !== key(current.zip)) changed.push('zip');
  if (body.video !== key(current.video)) changed.push('video');
  if ((body.stock_mode === 'limited') !== current.stockLimited) changed.push('stock_mode');
  if (body.show_stock !== current.showStock) changed.push('show_stock');
  if (body.low_stock_threshold !== current.lowStockThreshold) changed.push('low_stock_threshold');
  if (body.sensitive !== current.sensitive) changed.push('sensitive');
  return changed;
}

/** The Shop counter's conditional ADD (drafts or pinned) in a transaction. */
function counterMove(
  shop: TxShop,
  creatorId: string,
  field: 'drafts' | 'pinned',
  delta: 1 | -1,
  limit: number,
) {
  return shop
    .update({ creatorId })
    .add({ [field]: delta })
    .where((a, op) =>
      delta > 0 ? `${op.notExists(a[field])} OR ${op.lt(a[field], limit)}` : op.gt(a[field], 0),
    )
    .commit();
}

/** The counter that refused a canceled transaction (draft or pin limit), read after the fact. */
async function counterFull(deps: Deps, creatorId: string, field: 'drafts' | 'pinned', limit: number) {
  const { data } = await deps.db.entities.shop.get({ creatorId }).go({ consistent: true });
  return (data?.[field] ?? 0) >= limit;
}

/**
 * `POST /item`: creates (no id) or edits the caller's own item. Files are checked and processed
 * first; the item and the Shop counter commit together; replaced files go after the commit.
 */
export async function saveItem(deps: Deps, me: ProfileItem, body: ItemSaveRequest): Promise<ItemDetailView> {
  const creatorId = me.profileId;
  let current = body.id ? await ownItem(deps, creatorId, body.id) : null;
  if (current && body.version !== undefined && body.version !== current.version) {
    throw new AppError('item_edit_conflict');
  }
  checkRules(body, current);
  const { files, processed, uploads } = await resolveFiles(deps, creatorId, body, current);
  try {
    for (let attempt = 1; ; attempt++) {
      const written = await writeItem(deps, creatorId, body, current, files);
      if (written) {
        await Promise.all([
          deleteItemFolders(deps, removedFolders(current, written)),
          ...uploads.map((u) => discardUpload(deps, u).catch(() => undefined)),
        ]);
        return itemDetailOf(deps, written);
      }
      // Canceled: a limit, a concurrent edit, or a purchase that moved the stock meanwhile.
      if (!current) {
        // A full counter is the limit; anything else (a write conflict on the counter) tries again.
        if (body.status === 'draft' && (await counterFull(deps, creatorId, 'drafts', L.itemDrafts))) {
          throw new AppError('item_draft_limit');
        }
        if (attempt >= ATTEMPTS) throw new AppError('item_edit_conflict', 'the shop kept changing');
        continue;
      }
      const again = await ownItem(deps, creatorId, current.itemId);
      if (again.version !== current.version) throw new AppError('item_edit_conflict');
      if (attempt >= ATTEMPTS) throw new AppError('item_edit_conflict', 'the stock kept changing');
      current = again;
      checkRules(body, current);
    }
  } catch (error) {
    await deleteItemFolders(
      deps,
      processed.map((p) => p.folder),
    );
    throw error;
  }
}

/** Publish needs, and what a published item keeps (checked before any file is processed). */
function checkRules(body: ItemSaveRequest, current: ItemRecord | null): void {
  if (current?.status === 'published') {
    const locked = lockedChanges(current, body);
    if (locked.length > 0) throw new AppError('item_published_locked', locked.join(','));
  }
  if (body.status === 'published') {
    // An absent stock keeps the current count: a limited item that has one needs no new one.
    const keeps = body.stock === undefined && current?.stockLimited && current.remaining !== undefined;
    const issues = publishIssues(keeps ? { ...body, stock: current?.remaining ?? 0 } : body);
    if (issues.length > 0) throw new AppError('validation', 'the item cannot be published yet', issues);
  }
}

/** Folders of files the item held before and does not hold after. */
function removedFolders(before: ItemRecord | null, after: ItemRecord): (string | null)[] {
  if (!before) return [];
  const kept = new Set(
    (Object.keys(FIELD_PURPOSE) as FileField[]).flatMap((f) => heldFiles(after, f).map((x) => x.key)),
  );
  return (Object.keys(FIELD_PURPOSE) as FileField[])
    .flatMap((f) => heldFiles(before, f))
    .filter((f) => !kept.has(f.key))
    .map((f) => itemFileFolder(f.key));
}

/** One attempt: the item and its counter change in one transaction; null when canceled. */
async function writeItem(
  deps: Deps,
  creatorId: string,
  body: ItemSaveRequest,
  current: ItemRecord | null,
  files: Map<string, FileMap>,
): Promise<ItemRecord | null> {
  const now = deps.clock.now().toISOString();
  const file = (ref: string | null) => (ref ? files.get(ref) : undefined);
  const limited = body.stock_mode === 'limited';
  /** An edit without a count leaves `remaining` as it is (never rewritten from a stale read). */
  const keepStock = Boolean(current?.stockLimited) && limited && body.stock === undefined;
  const remaining = limited ? (body.stock ?? current?.remaining) : undefined;
  const publishing = body.status === 'published' && current?.status !== 'published';
  const base = {
    status: body.status,
    itemType: body.item_type,
    name: body.name,
    description: body.description,
    price: body.price ?? undefined,
    thumbnail: file(body.thumbnail),
    images: body.images.map((r) => file(r) as FileMap),
    zip: file(body.zip),
    video: file(body.video),
    samples: body.samples.map((r) => file(r) as FileMap),
    openAt: body.open_at ?? undefined,
    closeAt: body.close_at ?? undefined,
    stockLimited: limited,
    remaining,
    showStock: body.show_stock,
    lowStockThreshold: body.low_stock_threshold,
    sensitive: body.sensitive,
    isPublic: body.is_public,
    updatedAt: now,
    publishedAt: publishing ? now : current?.publishedAt,
  };
  const itemId = current?.itemId ?? timeId(deps.clock.now());
  const record: ItemRecord = {
    ...(current ?? {
      itemId,
      creatorId,
      shopOwner: creatorId,
      pinned: false,
      sold: 0,
      createdAt: now,
      shelf: '',
      shelfSort: '',
      version: 0,
    }),
    ...base,
    version: (current?.version ?? 0) + 1,
  } as ItemRecord;
  Object.assign(record, shelfOf(record));

  const draftDelta: 1 | -1 | 0 = !current
    ? body.status === 'draft'
      ? 1
      : 0
    : current.status === 'draft' && body.status === 'published'
      ? -1
      : 0;
  const optional = [
    'price',
    'thumbnail',
    'zip',
    'video',
    'openAt',
    'closeAt',
    'remaining',
    'publishedAt',
  ] as const;
  const result = await deps.db.transaction
    .write(({ item, shop }) => {
      const ops = [];
      if (!current) {
        ops.push(item.create(record).commit());
      } else {
        const set = Object.fromEntries(
          Object.entries({
            ...base,
            shelf: record.shelf,
            shelfSort: record.shelfSort,
            version: record.version,
          }).filter(([k, v]) => v !== undefined && !(keepStock && k === 'remaining')),
        );
        const remove = optional.filter((k) => base[k] === undefined && current[k] !== undefined);
        let op = item.patch({ itemId }).set(set);
        if (remove.length > 0) op = op.remove([...remove]);
        ops.push(
          op
            .where((a, o) =>
              [
                o.eq(a.version, current.version),
                o.notExists(a.deletedAt),
                // A new count only over the count read: a purchase meanwhile makes the edit read again.
                keepStock
                  ? ''
                  : current.remaining !== undefined
                    ? o.eq(a.remaining, current.remaining)
                    : o.notExists(a.remaining),
              ]
                .filter(Boolean)
                .join(' AND '),
            )
            .commit(),
        );
      }
      if (draftDelta !== 0) ops.push(counterMove(shop, creatorId, 'drafts', draftDelta, L.itemDrafts));
      return ops;
    })
    .go();
  if (result.canceled) return null;
  if (keepStock) {
    // The count was not written: show what is there now (purchases may have moved it).
    const { data } = await deps.db.entities.item.get({ itemId }).go({ consistent: true });
    if (data) return data;
  }
  return record;
}

// ---------------------------------------------------------------------------------------------
// Show/hide, pin, delete

/**
 * One conditional change of an own item (and a counter), read again and retried while another
 * change moved the version meanwhile. `change` answers null when nothing is to be done.
 */
async function changeItem(
  deps: Deps,
  me: ProfileItem,
  itemId: string,
  change: (
    item: ItemRecord,
    now: string,
  ) => {
    set: Partial<ItemRecord>;
    remove?: ('pinnedAt' | 'deletedAt')[];
    counter?: { field: 'drafts' | 'pinned'; delta: 1 | -1; limit: number };
  } | null,
  onCanceled?: (item: ItemRecord) => Promise<void>,
): Promise<ItemRecord> {
  for (let attempt = 1; ; attempt++) {
    const item = await ownItem(deps, me.profileId, itemId);
    const now = deps.clock.now().toISOString();
    const c = change(item, now);
    if (!c) return item;
    const after = { ...item, ...c.set, version: item.version + 1, updatedAt: now } as ItemRecord;
    for (const k of c.remove ?? []) delete after[k];
    const moved = shelfOf(after);
    const result = await deps.db.transaction
      .write(({ item: items, shop }) => {
        let op = items.patch({ itemId }).set({ ...c.set, ...moved, version: after.version, updatedAt: now });
        const remove = (c.remove ?? []).filter((k) => item[k] !== undefined);
        if (remove.length > 0) op = op.remove(remove);
        const itemOp = op
          .where((a, o) => `${o.eq(a.version, item.version)} AND ${o.notExists(a.deletedAt)}`)
          .commit();
        const ops = [];
        ops.push(itemOp);
        if (c.counter) {
          ops.push(counterMove(shop, me.profileId, c.counter.field, c.counter.delta, c.counter.limit));
        }
        return ops;
      })
      .go();
    if (!result.canceled) return { ...after, ...moved };
    await onCanceled?.(item);
    if (attempt >= ATTEMPTS) throw new AppError('item_edit_conflict');
  }
}

/** `POST /item/publish {id, is_public}`: shows or hides the item on the profile. */
export async function setItemPublic(deps: Deps, me: ProfileItem, itemId: string, isPublic: boolean) {
  await changeItem(deps, me, itemId, (item) => (item.isPublic === isPublic ? null : { set: { isPublic } }));
  return { ok: true as const };
}

/** `POST /item/pin {id, pin_flg}`: pins (at most `pinnedMax`, published items only) or unpins. */
export async function setItemPinned(deps: Deps, me: ProfileItem, itemId: string, pin: boolean) {
  await changeItem(
    deps,
    me,
    itemId,
    (item, now) => {
      if (item.pinned === pin) return null;
      if (pin && item.status !== 'published') throw new AppError('item_draft');
      return pin
        ? { set: { pinned: true, pinnedAt: now }, counter: { field: 'pinned', delta: 1, limit: S.pinnedMax } }
        : {
            set: { pinned: false },
            remove: ['pinnedAt'],
            counter: { field: 'pinned', delta: -1, limit: S.pinnedMax },
          };
    },
    async (item) => {
      if (pin && !item.pinned && (await counterFull(deps, me.profileId, 'pinned', S.pinnedMax))) {
        const { data } = await deps.db.entities.item.get({ itemId }).go({ consistent: true });
        if (data?.version === item.version) throw new AppError('item_pin_limit');
      }
    },
  );
  return { ok: true as const };
}

/**
 * `POST /item/delete {id}`: leaves the shop list and the shelf (gsi1 `deleted#<me>`, unpinned) but
 * stays readable by id with its files, for the buyers' libraries. A draft gives its slot back.
 */
export async function deleteItem(deps: Deps, me: ProfileItem, itemId: string) {
  await changeItem(deps, me, itemId, (item, now) => ({
    set: { deletedAt: now, shopOwner: `deleted#${me.profileId}`, pinned: false },
    remove: ['pinnedAt'],
    ...(item.status === 'draft'
      ? { counter: { field: 'drafts' as const, delta: -1 as const, limit: L.itemDrafts } }
      : item.pinned
        ? { counter: { field: 'pinned' as const, delta: -1 as const, limit: S.pinnedMax } }
        : {}),
  }));
  return { ok: true as const };
}
