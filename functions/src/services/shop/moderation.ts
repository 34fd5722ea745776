/**
 * The operators' removals of an item's public files (issue 17 gives them a route): the thumbnail,
 * or one sample file. The item loses the file in a transaction conditioned on the version read (a
 * concurrent edit makes it read again), with the caller's items (the console's audit entry:
 * `extra`); the file's processed folder (every derivative) is
 * deleted after that commit, and the creator gets the 'thumbnail_deleted' or
 * 'sample_file_deleted' notice. Removing a file already gone answers `not_found` and changes nothing.
 */
import { timeId } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { deleteItemFolders, itemFileFolder } from '../media/cleanup.ts';
import { writeNotices } from '../notices.ts';
import type { TxEntities, TxItems } from '../points/ledger.ts';
import type { ShopDeps } from './deps.ts';
import type { ItemRecord } from './views.ts';

type Deps = Pick<ShopDeps, 'db' | 'clock' | 'media'>;

const ATTEMPTS = 5;

/** Items written with the removal or not at all, given the item as read (the console's audit entry). */
export type RemovalExtra = (tx: TxEntities, item: ItemRecord) => TxItems;

async function removeFile(
  deps: Deps,
  itemId: string,
  change: (item: ItemRecord) => { set: Partial<ItemRecord>; remove: ('thumbnail' | 'samples')[] } | null,
  extra?: RemovalExtra,
): Promise<ItemRecord> {
  for (let attempt = 1; ; attempt++) {
    const { data: item } = await deps.db.entities.item.get({ itemId }).go({ consistent: true });
    if (!item) throw new AppError('item_not_found');
    const next = change(item);
    if (!next) throw new AppError('not_found');
    const now = deps.clock.now().toISOString();
    const result = await deps.db.transaction
      .write((tx) => {
        let patch = tx.item.patch({ itemId }).set({ ...next.set, version: item.version + 1, updatedAt: now });
        if (next.remove.length > 0) patch = patch.remove(next.remove);
        return [
          patch.where((a, op) => op.eq(a.version, item.version)).commit(),
          ...(extra ? extra(tx, item) : []),
        ];
      })
      .go();
    if (!result.canceled) return item;
    if (attempt >= ATTEMPTS) throw new AppError('item_edit_conflict');
  }
}

async function afterRemoval(
  deps: Deps,
  item: ItemRecord,
  key: string,
  kind: 'thumbnail_deleted' | 'sample_file_deleted',
) {
  // The item no longer names it.
  await deleteItemFolders(deps, [itemFileFolder(key)]);
  const now = deps.clock.now();
  await writeNotices(deps.db, [
    {
      to: item.creatorId,
      noticeId: timeId(now),
      kind,
      params: { item_name: item.name, item_id: item.itemId },
      createdAt: now.toISOString(),
    },
  ]);
}

/** Removes the item's thumbnail (the file and its derivatives) and tells the creator. */
export async function deleteThumbnail(
  deps: Deps,
  itemId: string,
  extra?: RemovalExtra,
): Promise<{ ok: true }> {
  let key = '';
  const item = await removeFile(
    deps,
    itemId,
    (it) => {
      if (!it.thumbnail?.key) return null;
      key = it.thumbnail.key;
      return { set: {}, remove: ['thumbnail'] };
    },
    extra,
  );
  await afterRemoval(deps, item, key, 'thumbnail_deleted');
  return { ok: true };
}

/** Removes one sample file of the item (by its processed key) and tells the creator. */
export async function deleteSampleFile(
  deps: Deps,
  itemId: string,
  key: string,
  extra?: RemovalExtra,
): Promise<{ ok: true }> {
  const item = await removeFile(
    deps,
    itemId,
    (it) => {
      const samples = it.samples ?? [];
      if (!samples.some((s) => s.key === key)) return null;
      return { set: { samples: samples.filter((s) => s.key !== key) }, remove: [] };
    },
    extra,
  );
  await afterRemoval(deps, item, key, 'sample_file_deleted');
  return { ok: true };
}
