/**
 * A broadcast audience written straight to the table: `count` fans (active profiles) who are
 * current members of the creator's fan club (scheduled condition 1), in batches of 25. Used by
 * `npm run bench:broadcast` and the fan-out tests.
 */
import { joined } from '@app/shared/fanclub';
import type { Db } from '../../functions/src/db/service.ts';
import { newId } from '../../functions/src/lib/crypto.ts';
import { membershipFieldsOf } from '../../functions/src/services/fanclub/views.ts';

export async function seedMembers(
  db: Db,
  creatorId: string,
  count: number,
  at = new Date(),
): Promise<string[]> {
  const fanIds = Array.from({ length: count }, () => newId());
  const now = at.toISOString();
  const state = joined(null, at);
  for (let i = 0; i < fanIds.length; i += 25) {
    const ids = fanIds.slice(i, i + 25);
    await Promise.all([
      db.entities.profile
        .put(
          ids.map((profileId, n) => ({
            profileId,
            roleId: 4,
            finalStep: 2,
            status: 'active' as const,
            nickname: `ファン${i + n + 1}`,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .go(),
      db.entities.membership
        .put(
          ids.map((fanId) => ({
            fanId,
            creatorId,
            ...membershipFieldsOf(state),
            price: 500,
            useOriginal: false,
            joinedAt: now,
            firstJoinedAt: now,
            dueShard: '0',
            version: 1,
            updatedAt: now,
          })),
        )
        .go(),
    ]);
  }
  return fanIds;
}
