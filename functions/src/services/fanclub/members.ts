/**
 * The creator's member list (`GET /fanclub/members/{id}`, own id, paged): current members (active
 * and past due) first, then the ended ones, each newest join first, from the Membership's gsi1
 * (`members#<creatorId>`, sk `a#…` current, `z#…` ended), with the fan's nickname and avatar.
 *
 * Counts: `members` is the Fanclub's counter (moved by the join and end transactions). Auto-renewal
 * off and past due have no counters: the first page counts them in one bounded Query of the current
 * members (at most `memberCountMax` items, two attributes projected); later pages carry those
 * figures in their (sealed) cursor instead of counting again.
 */
import { businessConfig } from '@app/shared/config';
import type { MemberListResponse, MemberRowView } from '@app/shared/schemas/fanclub';
import type { ProfileItem } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { profilesById } from '../profiles.ts';
import { mediaUrl, thumbKey } from '../social/cards.ts';
import type { FanclubDeps } from './deps.ts';
import { ownFanclubOf } from './settings.ts';
import { creatorViewOf, type MembershipRecord, membershipViewOf } from './views.ts';

const F = businessConfig.fanclub;
type Part = 'a' | 'z';
type Counts = MemberListResponse['counts'];

/** Where the next page starts: the list part, the first page's counts, ElectroDB's cursor. */
interface ListCursor {
  part: Part;
  autoRenewOff: number;
  pastDue: number;
  complete: boolean;
  after: string | null;
}

const CURSOR_RE = /^([az])\.(\d{1,9})\.(\d{1,9})\.([01])\.(.*)$/s;

export function encodeMemberCursor(c: ListCursor): string {
  return `${c.part}.${c.autoRenewOff}.${c.pastDue}.${c.complete ? 1 : 0}.${c.after ?? ''}`;
}

/** The cursor as this service wrote it (lib/http.ts has already checked its seal). */
export function decodeMemberCursor(raw: string): ListCursor {
  const m = CURSOR_RE.exec(raw);
  if (!m) throw new AppError('cursor_invalid');
  return {
    part: m[1] as Part,
    autoRenewOff: Number(m[2]),
    pastDue: Number(m[3]),
    complete: m[4] === '1',
    after: m[5] ? (m[5] as string) : null,
  };
}

/** Auto-renewal off and past due among the current members: one Query, at most `max` read. */
export async function countCurrent(
  deps: Pick<FanclubDeps, 'db'>,
  creatorId: string,
  max: number = F.memberCountMax,
) {
  let autoRenewOff = 0;
  let pastDue = 0;
  let seen = 0;
  let cursor: string | null = null;
  do {
    const page: { data: Pick<MembershipRecord, 'status' | 'autoRenew'>[]; cursor: string | null } =
      await deps.db.entities.membership.query.byCreator({ creatorId, listPart: 'a' }).go({
        attributes: ['status', 'autoRenew'],
        limit: max - seen,
        ...(cursor ? { cursor } : {}),
      });
    for (const m of page.data) {
      if (!m.autoRenew) autoRenewOff++;
      if (m.status === 'past_due') pastDue++;
    }
    seen += page.data.length;
    cursor = page.cursor;
  } while (cursor && seen < max);
  return { autoRenewOff, pastDue, complete: cursor === null };
}

function rowOf(m: MembershipRecord, fan: ProfileItem | undefined, now: Date): MemberRowView {
  // The fan's own view of the membership decides the shown status (a stopped one past its period
  // shows as ended before the job ends it) and the next charge.
  const v = membershipViewOf(m, creatorViewOf(m.creatorId, null), '', now);
  return {
    fan: {
      id: m.fanId,
      nickname: fan?.nickname ?? null,
      avatar_url: mediaUrl(thumbKey(fan?.profileImage)),
    },
    status: v.status,
    joined_at: v.joined_at,
    renews_on: v.renews_on,
    auto_renew: v.auto_renew,
    months_paid: v.months_paid,
  };
}

/** `GET /fanclub/members/{id}`: a page of the caller's members (current ones, then ended ones). */
export async function listMembers(
  deps: FanclubDeps,
  me: ProfileItem,
  rawCursor: string | undefined,
): Promise<MemberListResponse> {
  const creatorId = ownFanclubOf(me);
  const [fanclub, start] = await Promise.all([
    deps.db.entities.fanclub.get({ creatorId }).go(),
    rawCursor === undefined
      ? countCurrent(deps, creatorId).then((c) => ({ part: 'a' as Part, after: null, ...c }))
      : Promise.resolve(decodeMemberCursor(rawCursor)),
  ]);
  const rows: MembershipRecord[] = [];
  let part: Part = start.part;
  let after: string | null = start.after;
  let next: string | null = null;
  for (;;) {
    const page = await deps.db.entities.membership.query
      .byCreator({ creatorId, listPart: part })
      .go({ order: 'desc', limit: F.memberPageSize - rows.length, ...(after ? { cursor: after } : {}) });
    rows.push(...page.data);
    if (page.cursor) {
      next = encodeMemberCursor({ ...start, part, after: page.cursor });
      break;
    }
    if (part === 'z') break;
    // The current members are done: the ended ones follow (on this page if it has room).
    part = 'z';
    after = null;
    if (rows.length >= F.memberPageSize) {
      next = encodeMemberCursor({ ...start, part, after: null });
      break;
    }
  }
  const fans = await profilesById(
    deps.db,
    rows.map((m) => m.fanId),
  );
  const now = deps.clock.now();
  const counts: Counts = {
    members: fanclub.data?.members ?? 0,
    auto_renew_off: start.autoRenewOff,
    past_due: start.pastDue,
    complete: start.complete,
  };
  return { members: rows.map((m) => rowOf(m, fans.get(m.fanId), now)), counts, next_cursor: next };
}
