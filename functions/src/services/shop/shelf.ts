/**
 * The profile's shop section (`GET /profile/{id}/items/{x}`): a creator's listed items, pinned
 * first then newest, from the shelf index (Item gsi2 `shelf#<creatorId>`, sorted by `shelfSort`).
 * The creator also sees their private items (published, hidden from the profile) after the listed
 * ones: a second read of the same index's `shelf#hidden#<creatorId>` partition (private items,
 * drafts and deleted items; the last two filtered out), in the same order. A page's position says
 * which of the two reads it continues (`p:` listed, `h:` private), sealed by lib/http.ts.
 */
import { businessConfig } from '@app/shared/config';
import type { ItemListResponse, ItemType, profileItemFilters } from '@app/shared/schemas/shop';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { isPublicCreator, profileByIdOrUsername } from '../social/relations.ts';
import { type ItemRecord, itemCardOf } from './views.ts';

const PAGE = businessConfig.shop.pageSize;

type Filter = (typeof profileItemFilters)[number];
type Phase = 'p' | 'h';

async function shelfPage(
  db: Db,
  shelf: string,
  type: ItemType | null,
  privateOnly: boolean,
  count: number,
  cursor: string | null,
): Promise<{ items: ItemRecord[]; cursor: string | null }> {
  const query = db.entities.item.query.shelf({ shelf });
  const filtered =
    type || privateOnly
      ? query.where((a, op) =>
          [
            type ? op.eq(a.itemType, type) : '',
            privateOnly ? `${op.eq(a.status, 'published')} AND ${op.notExists(a.deletedAt)}` : '',
          ]
            .filter(Boolean)
            .join(' AND '),
        )
      : query;
  // `count` keeps reading pages until that many items passed the filter.
  const page = await filtered.go({ limit: count, count, ...(cursor ? { cursor } : {}) });
  return { items: page.data, cursor: page.cursor ?? null };
}

function parsePosition(position: string | undefined): { phase: Phase; cursor: string | null } {
  if (!position) return { phase: 'p', cursor: null };
  const phase = position.slice(0, 2);
  const cursor = position.slice(2) || null;
  if (phase === 'p:') return { phase: 'p', cursor };
  if (phase === 'h:') return { phase: 'h', cursor };
  throw new AppError('cursor_invalid');
}

/** `GET /profile/{id}/items/{x}`: `{id}` a username or a profile id; `viewer` null for guests. */
export async function profileItems(
  deps: { db: Db; clock: Clock },
  viewer: ProfileItem | null,
  idOrUsername: string,
  filter: Filter,
  position: string | undefined,
): Promise<ItemListResponse> {
  const creator = await profileByIdOrUsername(deps.db, idOrUsername);
  if (!isPublicCreator(creator)) throw new AppError('profile_not_found');
  const owner = viewer?.profileId === creator.profileId;
  const type = filter === 'all' ? null : filter;
  const now = deps.clock.now();
  let { phase, cursor } = parsePosition(position);
  if (phase === 'h' && !owner) throw new AppError('cursor_invalid');
  const items: ItemRecord[] = [];
  let next: string | null = null;
  if (phase === 'p') {
    const listed = await shelfPage(deps.db, creator.profileId, type, false, PAGE, cursor);
    items.push(...listed.items);
    if (listed.cursor) next = `p:${listed.cursor}`;
    else if (owner) {
      // The listed items are done: the owner's private items fill the rest of the page.
      phase = 'h';
      cursor = null;
    }
  }
  if (phase === 'h' && items.length < PAGE) {
    const hidden = await shelfPage(
      deps.db,
      `hidden#${creator.profileId}`,
      type,
      true,
      PAGE - items.length,
      cursor,
    );
    items.push(...hidden.items);
    next = hidden.cursor ? `h:${hidden.cursor}` : null;
  } else if (phase === 'h') next = `h:${cursor ?? ''}`;
  return { items: items.map((item) => itemCardOf(item, now, owner)), next_cursor: next };
}
