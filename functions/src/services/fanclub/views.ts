/** How the fan club's records show on the API: the creator, the membership. */
import { dueOnOf, type MembershipState, stopDeadlineOf } from '@app/shared/fanclub';
import { partsOf } from '@app/shared/ledger';
import type { FanclubCreatorView, MembershipView } from '@app/shared/schemas/fanclub';
import type { PointKind } from '@app/shared/schemas/points';
import type { EntityItem } from 'electrodb';
import type { BackNumberPass, Fanclub, Membership } from '../../db/entities/fanclub.ts';
import type { Post } from '../../db/entities/post.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { mediaUrl, thumbKey } from '../social/cards.ts';

export type FanclubRecord = EntityItem<typeof Fanclub>;
export type MembershipRecord = EntityItem<typeof Membership>;
export type PassRecord = EntityItem<typeof BackNumberPass>;
export type PostRecord = EntityItem<typeof Post>;

/** A creator as the fan club screens show them (a left creator: id only). */
export function creatorViewOf(id: string, profile: ProfileItem | null | undefined): FanclubCreatorView {
  return {
    id,
    username: profile?.username ?? null,
    nickname: profile?.nickname ?? null,
    avatar_url: mediaUrl(thumbKey(profile?.profileImage)),
  };
}

/** The rules' view of a stored membership (shared/src/fanclub.ts). */
export function membershipStateOf(m: MembershipRecord): MembershipState {
  return {
    status: m.status,
    anchorDay: m.anchorDay,
    renewsOn: m.renewsOn,
    accessUntil: m.accessUntil,
    autoRenew: m.autoRenew,
    months: m.months,
    earlierMonths: m.earlierMonths,
    stint: m.stint,
    monthsPaid: m.monthsPaid,
    failures: m.failures,
  };
}

/**
 * The stored fields of a new state: the member list's part and the renewal index's date follow
 * the status (every write of a membership sets them with it).
 */
export function membershipFieldsOf(s: MembershipState) {
  const dueOn = dueOnOf(s);
  return {
    ...s,
    listPart: s.status === 'ended' ? ('z' as const) : ('a' as const),
    ...(dueOn ? { dueOn } : {}),
  };
}

export function membershipViewOf(
  m: MembershipRecord,
  creator: FanclubCreatorView,
  fanclubName: string,
  now: Date,
): MembershipView {
  // Past its period before the job ended it: shown as ended already.
  const lapsed = m.status === 'active' && !m.autoRenew && now.getTime() >= Date.parse(m.accessUntil);
  const status = lapsed ? 'ended' : m.status;
  return {
    creator,
    fanclub_name: fanclubName,
    status,
    joined_at: m.joinedAt,
    renews_on: status === 'ended' || !m.autoRenew ? null : m.renewsOn,
    access_until: m.accessUntil,
    auto_renew: status !== 'ended' && m.autoRenew,
    stop_deadline: status === 'active' && m.autoRenew ? stopDeadlineOf(m.renewsOn).toISOString() : null,
    price: m.price,
    months_paid: m.monthsPaid,
    failures: m.failures,
  };
}

/** The points a movement used, by kind and issuer, as the join's and the pass's answers show them. */
export function partsViewOf(lots: readonly { kind: string; issuerId?: string; points: number }[]) {
  return partsOf(
    lots.map((l) => ({ lot: { kind: l.kind as PointKind, issuerId: l.issuerId ?? null }, points: l.points })),
  ).map((p) => ({ kind: p.kind, issuer_id: p.issuerId, points: p.points }));
}
