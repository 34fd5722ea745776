/** Profiles read by id in one BatchGet: the people a list names (buyers, counterparties). */
import type { Db } from '../db/service.ts';
import type { ProfileItem } from '../lib/auth.ts';

/** The profiles of `ids` that exist (a left person's item is gone), by id. */
export async function profilesById(db: Db, ids: string[]): Promise<Map<string, ProfileItem>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { data } = await db.entities.profile.get(unique.map((profileId) => ({ profileId }))).go();
  return new Map(data.map((p) => [p.profileId, p]));
}
