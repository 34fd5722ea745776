/**
 * The fan's /home/fanclub (`GET /fanclub/memberships/{id}`, own id): every membership (current ones
 * first, then ended ones; newest join first in each) with its creator and fan club name, and the
 * back-number passes bought (newest first). Reads: the Membership and BackNumberPass items of
 * `member#<fanId>` (both under `fc#…`), then one BatchGet of the creators' profiles and one of
 * their Fanclub items.
 */
import type { MembershipView, MyMembershipsResponse, PassView } from '@app/shared/schemas/fanclub';
import { profilesById } from '../profiles.ts';
import type { FanclubDeps } from './deps.ts';
import { creatorViewOf, membershipViewOf } from './views.ts';

export async function myMemberships(deps: FanclubDeps, fanId: string): Promise<MyMembershipsResponse> {
  const now = deps.clock.now();
  const [memberships, passes] = await Promise.all([
    deps.db.entities.membership.query.byFan({ fanId }).go({ pages: 'all' }),
    deps.db.entities.backNumberPass.query.byFan({ fanId }).go({ pages: 'all' }),
  ]);
  const creatorIds = [
    ...new Set([...memberships.data.map((m) => m.creatorId), ...passes.data.map((p) => p.creatorId)]),
  ];
  const [profiles, fanclubs] = await Promise.all([
    profilesById(deps.db, creatorIds),
    creatorIds.length > 0
      ? deps.db.entities.fanclub
          .get(creatorIds.map((creatorId) => ({ creatorId })))
          .go()
          .then((r) => new Map(r.data.map((f) => [f.creatorId, f.name])))
      : new Map<string, string>(),
  ]);
  const creator = (id: string) => creatorViewOf(id, profiles.get(id));
  const name = (id: string) => fanclubs.get(id) ?? '';
  const views: MembershipView[] = memberships.data
    .map((m) => membershipViewOf(m, creator(m.creatorId), name(m.creatorId), now))
    .sort(
      (a, b) =>
        Number(a.status === 'ended') - Number(b.status === 'ended') || b.joined_at.localeCompare(a.joined_at),
    );
  const passViews: PassView[] = passes.data
    .map((p) => ({
      creator: creator(p.creatorId),
      fanclub_name: name(p.creatorId),
      month: p.month,
      points: p.points,
      bought_at: p.createdAt,
    }))
    .sort((a, b) => b.bought_at.localeCompare(a.bought_at));
  return { memberships: views, passes: passViews };
}
