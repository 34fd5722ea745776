/**
 * The operators' item moderation (issue 17): find a creator's items or the items under review,
 * see an item with all its files (private ones as presigned GETs minted here, after the role
 * check), delete its thumbnail or a sample file (services/shop/moderation.ts: the creator's
 * notice), and put it under review or take it off. Under review, an item counts as sensitive
 * everywhere (`isSensitive`): no fan under 18 or without a birth date buys it, it never appears in
 * rankings or the purchase log. The spec has no notice for it, so none is written.
 */
import { ADMIN_PAGE_SIZE, type AuditAction } from '@app/shared/schemas/admin';
import type {
  AdminItemPage,
  AdminItemRow,
  AdminItemState,
  AdminItemView,
} from '@app/shared/schemas/admin-review';
import type { ProfileItem } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { profileByClaim } from '../accounts.ts';
import { profilesById } from '../profiles.ts';
import type { ShopDeps } from '../shop/deps.ts';
import { itemDetailOf } from '../shop/items.ts';
import { deleteSampleFile, deleteThumbnail, type RemovalExtra } from '../shop/moderation.ts';
import type { ItemRecord } from '../shop/views.ts';
import { mediaUrl, thumbKey } from '../social/cards.ts';
import { auditCommit } from './audit.ts';

type Deps = Pick<ShopDeps, 'db' | 'clock' | 'media'>;

export function itemStateOf(item: ItemRecord): AdminItemState {
  if (item.deletedAt) return 'deleted';
  if (item.status === 'draft') return 'draft';
  return item.isPublic ? 'public' : 'hidden';
}

type Creator = AdminItemRow['creator'];
const creatorOf = (id: string, p: ProfileItem | undefined): Creator => ({
  id,
  username: p?.username ?? null,
  nickname: p?.nickname ?? null,
});

function rowOf(item: ItemRecord, creator: Creator): AdminItemRow {
  return {
    id: item.itemId,
    name: item.name,
    item_type: item.itemType,
    status: item.status,
    state: itemStateOf(item),
    thumbnail_url: mediaUrl(thumbKey(item.thumbnail?.key)),
    price: item.price ?? null,
    sensitive: item.sensitive,
    under_review: Boolean(item.underReview),
    review_since: item.underReview ? (item.reviewSince ?? null) : null,
    created_at: item.createdAt,
    creator,
  };
}

/**
 * `GET /admin/items?creator=`: the creator's items newest first, those on sale or hidden (gsi1
 * `shop#<id>`), then the deleted ones (`shop#deleted#<id>`). Without `creator`: the items under
 * review, newest first (gsi3). The position names the partition and ElectroDB's cursor.
 */
export async function listItems(
  deps: Pick<Deps, 'db'>,
  creatorName: string | undefined,
  position: string | undefined,
): Promise<AdminItemPage> {
  const items = deps.db.entities.item;
  const saved = position ? (JSON.parse(position) as { deleted?: boolean; c: string | null }) : null;
  if (!creatorName) {
    const page = await items.query
      .underReview({ underReview: true })
      .go({ order: 'desc', limit: ADMIN_PAGE_SIZE, ...(saved?.c ? { cursor: saved.c } : {}) });
    const creators = await profilesById(
      deps.db,
      page.data.map((i) => i.creatorId),
    );
    return {
      creator: null,
      items: page.data.map((i) => rowOf(i, creatorOf(i.creatorId, creators.get(i.creatorId)))),
      next_cursor: page.cursor ? JSON.stringify({ c: page.cursor }) : null,
    };
  }
  const profile = await profileByClaim(deps.db, 'username', creatorName.toLowerCase());
  if (!profile) throw new AppError('profile_not_found');
  const creator = creatorOf(profile.profileId, profile);
  const rows: ItemRecord[] = [];
  let deleted = saved?.deleted ?? false;
  let cursor = saved?.c ?? null;
  let done = false;
  while (!done && rows.length < ADMIN_PAGE_SIZE) {
    const shopOwner = deleted ? `deleted#${profile.profileId}` : profile.profileId;
    const page = await items.query
      .byShop({ shopOwner })
      .go({ order: 'desc', limit: ADMIN_PAGE_SIZE - rows.length, ...(cursor ? { cursor } : {}) });
    rows.push(...page.data);
    cursor = page.cursor;
    if (!cursor) {
      if (deleted) done = true;
      else deleted = true;
    }
  }
  return {
    creator,
    items: rows.map((i) => rowOf(i, creator)),
    next_cursor: done ? null : JSON.stringify({ deleted, c: cursor }),
  };
}

async function readItem(deps: Pick<Deps, 'db'>, itemId: string): Promise<ItemRecord> {
  const { data } = await deps.db.entities.item.get({ itemId }).go({ consistent: true });
  if (!data) throw new AppError('item_not_found');
  return data;
}

async function itemView(deps: Deps, item: ItemRecord): Promise<{ item: AdminItemView }> {
  const creators = await profilesById(deps.db, [item.creatorId]);
  const detail = await itemDetailOf(deps as ShopDeps, item);
  return {
    item: {
      ...detail,
      state: itemStateOf(item),
      review_since: item.underReview ? (item.reviewSince ?? null) : null,
      deleted_at: item.deletedAt ?? null,
      creator: creatorOf(item.creatorId, creators.get(item.creatorId)),
    },
  };
}

/** `GET /admin/items/{id}`: any item, deleted ones included, with every file. */
export async function getItem(deps: Deps, itemId: string) {
  return itemView(deps, await readItem(deps, itemId));
}

/**
 * The audit entry of a file's removal, an item of the removal's transaction (the file as the
 * removal read it). Its key is the item and the file: a file is removed once, so retries and
 * concurrent twins write one entry at most.
 */
const removalAudit =
  (
    deps: Deps,
    operator: ProfileItem,
    action: 'item.thumbnail_delete' | 'item.sample_delete',
    fileOf: (item: ItemRecord) => string,
  ): RemovalExtra =>
  (tx, item) => {
    const file = fileOf(item);
    const field = action === 'item.thumbnail_delete' ? 'thumbnail' : 'sample';
    return [
      auditCommit(tx, deps.clock.now(), {
        actor: operator,
        action,
        targetType: 'item',
        targetId: item.itemId,
        before: { [field]: file },
        after: { [field]: null },
        key: `${action}#${item.itemId}#${file}`,
      }),
    ];
  };

/** A removal refused after its attempts (a concurrent change each time): the operator reads again. */
async function removal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError && error.code === 'item_edit_conflict')
      throw new AppError('admin_conflict');
    throw error;
  }
}

/** `POST /admin/items/thumbnail-delete`: the file, its derivatives, the creator's notice, the entry. */
export async function removeThumbnail(deps: Deps, operator: ProfileItem, itemId: string) {
  const item = await readItem(deps, itemId);
  const key = item.thumbnail?.key;
  if (!key) throw new AppError('not_found');
  const thumbnailOf = (read: ItemRecord) => read.thumbnail?.key ?? key;
  await removal(() =>
    deleteThumbnail(deps, itemId, removalAudit(deps, operator, 'item.thumbnail_delete', thumbnailOf)),
  );
  return itemView(deps, await readItem(deps, itemId));
}

/** `POST /admin/items/sample-delete`: one sample file (by its key), as the thumbnail. */
export async function removeSample(deps: Deps, operator: ProfileItem, itemId: string, key: string) {
  await readItem(deps, itemId);
  await removal(() =>
    deleteSampleFile(
      deps,
      itemId,
      key,
      removalAudit(deps, operator, 'item.sample_delete', () => key),
    ),
  );
  return itemView(deps, await readItem(deps, itemId));
}

/**
 * `POST /admin/items/review`: under review (gsi3 from `reviewSince`) or off, on the version the
 * operator read; the item and the audit entry in one transaction. Another change since is 409
 * `admin_conflict`; asking for the state the item is in already is 409 too (its own message).
 */
export async function setItemReview(
  deps: Deps,
  operator: ProfileItem,
  input: { item_id: string; version: number; under_review: boolean },
) {
  const item = await readItem(deps, input.item_id);
  if (item.version !== input.version) throw new AppError('admin_conflict');
  const now = deps.clock.now();
  const on = input.under_review;
  if (Boolean(item.underReview) === on)
    throw new AppError(on ? 'item_already_under_review' : 'item_not_under_review');
  const action: AuditAction = on ? 'item.review_on' : 'item.review_off';
  const result = await deps.db.transaction
    .write(({ item: items, audit }) => {
      // Off: the index's condition fails and ElectroDB removes its keys (`reviewSince` stays, as
      // the start of the last review; views show it only while under review).
      const reviewSince = on ? now.toISOString() : (item.reviewSince ?? now.toISOString());
      return [
        items
          .patch({ itemId: item.itemId })
          .set({ underReview: on, reviewSince, version: item.version + 1, updatedAt: now.toISOString() })
          .where((a, op) => op.eq(a.version, item.version))
          .commit(),
        auditCommit({ audit }, now, {
          actor: operator,
          action,
          targetType: 'item',
          targetId: item.itemId,
          before: { under_review: Boolean(item.underReview) },
          after: { under_review: on },
          key: `${action}#${item.itemId}#${item.version}`,
        }),
      ];
    })
    .go();
  if (result.canceled) throw new AppError('admin_conflict');
  return itemView(deps, await readItem(deps, item.itemId));
}
