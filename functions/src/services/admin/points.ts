/**
 * The console's points (issue 17): leaves (free points) granted to fans, any user's point history
 * with the journal of each movement, and the refund of a spend.
 *
 * - A grant credits each fan through the ledger (`credit`, a `leaf` lot, point log type 4
 *   `granted`) under a movement id derived from the form's key and the fan, so a retried or
 *   concurrent grant credits once per fan; the audit entry (target: the movement) is an item of
 *   the same transaction. The fan's notice (`leaves_granted`) is keyed by the movement's log id.
 * - A refund reverses a spend through the ledger (`reverseSpend`, idempotent by `rev-<txId>`),
 *   within `admin.refundDays` of it; the audit entry (with the operator's reason) is an item of
 *   the reversal's transaction: a refund is never written without its reason, nor the reverse.
 */
import { businessConfig } from '@app/shared/config';
import type {
  AdminPointHistory,
  LeafGrantResponse,
  MovementView,
  refundBlocks,
} from '@app/shared/schemas/admin-content';
import { PROFILE_ID_RE, USERNAME_RE } from '@app/shared/validation';
import type { EntityItem } from 'electrodb';
import type { Journal } from '../../db/entities/journal.ts';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { writeNotices } from '../notices.ts';
import { pointHistory } from '../points/history.ts';
import { credit, reverseSpend } from '../points/ledger.ts';
import { profilesById } from '../profiles.ts';
import { auditCommit } from './audit.ts';

const A = businessConfig.admin;
const DAY_MS = 86_400_000;
const FAN = 4;
/** Fans credited at once during a list grant. */
const GRANT_PARALLEL = 8;

export interface AdminPointsDeps {
  db: Db;
  clock: Clock;
}

type JournalItem = EntityItem<typeof Journal>;

/** The movement id of an operators' grant to one fan (`agrant-…`). */
export const adminGrantTxId = (key: string, fanId: string) =>
  `agrant-${sha256(`admin-grant:${key}:${fanId}`)}`;
const reversalOf = (txId: string) => `rev-${txId}`;

/** The profiles the targets name: ids first, then usernames (case-insensitive) for the rest. */
async function resolveTargets(db: Db, targets: readonly string[]): Promise<Map<string, ProfileItem>> {
  const byId = await profilesById(
    db,
    targets.filter((t) => PROFILE_ID_RE.test(t)),
  );
  const names = targets.filter((t) => !byId.has(t) && USERNAME_RE.test(t));
  const found = new Map<string, ProfileItem>();
  for (const t of targets) {
    const p = byId.get(t);
    if (p) found.set(t, p);
  }
  if (names.length === 0) return found;
  const { data: claims } = await db.entities.uniqueClaim
    .get(
      [...new Set(names.map((n) => n.toLowerCase()))].map((value) => ({ kind: 'username' as const, value })),
    )
    .go();
  const idOfName = new Map(claims.map((c) => [c.value, c.profileId]));
  const profiles = await profilesById(db, [...idOfName.values()]);
  for (const n of names) {
    const id = idOfName.get(n.toLowerCase());
    const p = id ? profiles.get(id) : undefined;
    if (p) found.set(n, p);
  }
  return found;
}

async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Grants `points` leaves to each fan the targets name; the others are refused with a reason. */
export async function grantLeaves(
  deps: AdminPointsDeps,
  actor: ProfileItem,
  input: { targets: string[]; points: number; reason: string; key: string },
): Promise<LeafGrantResponse> {
  const targets = [...new Set(input.targets)];
  const profiles = await resolveTargets(deps.db, targets);
  const refused: LeafGrantResponse['refused'] = [];
  const fans = new Map<string, ProfileItem>();
  for (const t of targets) {
    const p = profiles.get(t);
    if (!p) refused.push({ target: t, reason: 'unknown' });
    else if (p.roleId !== FAN) refused.push({ target: t, reason: 'not_fan' });
    else if (p.status !== 'active') refused.push({ target: t, reason: 'suspended' });
    else fans.set(p.profileId, p);
  }
  const granted = await mapLimited([...fans.values()], GRANT_PARALLEL, async (fan) => {
    const { txId, replayed } = await grantOne(deps, actor, fan.profileId, input);
    return {
      id: fan.profileId,
      username: fan.username ?? null,
      nickname: fan.nickname ?? null,
      movement_id: txId,
      replayed,
    };
  });
  return { granted, refused };
}

async function grantOne(
  deps: AdminPointsDeps,
  actor: ProfileItem,
  fanId: string,
  input: { points: number; reason: string; key: string },
): Promise<{ txId: string; replayed: boolean }> {
  const txId = adminGrantTxId(input.key, fanId);
  const read = () => deps.db.entities.journal.get({ txId }).go({ consistent: true });
  let journal = (await read()).data;
  let replayed = true;
  if (!journal) {
    const now = deps.clock.now();
    const result = await credit(deps, {
      holderId: fanId,
      kind: 'leaf',
      points: input.points,
      txId,
      journalKind: 'grant',
      log: { type: 4, detail: 'granted' },
      extra: (e) => [
        auditCommit(e, now, {
          actor,
          action: 'points.grant',
          targetType: 'movement',
          targetId: txId,
          before: null,
          after: { holder_id: fanId, kind: 'leaf', points: input.points, reason: input.reason },
          key: txId,
        }),
      ],
    });
    replayed = !result.committed;
    // Cancelled: a concurrent grant with the same key and fan committed first.
    journal = (await read()).data;
    if (!journal) throw new AppError('admin_conflict');
  }
  if (journal.holderId !== fanId || journal.points !== input.points)
    throw new AppError('idempotency_mismatch');
  // The notice (again on a replay: a create that finds it changes nothing).
  await writeNotices(deps.db, [
    {
      to: fanId,
      noticeId: `${journal.logId}-lg`,
      kind: 'leaves_granted',
      params: { points: journal.points },
      createdAt: journal.createdAt,
    },
  ]);
  return { txId, replayed };
}

// ---------------------------------------------------------------------------------------------
// History and journal

export async function adminPointHistory(
  deps: AdminPointsDeps,
  profileId: string,
  cursor: string | undefined,
): Promise<AdminPointHistory> {
  const { data: profile } = await deps.db.entities.profile.get({ profileId }).go();
  if (!profile) throw new AppError('profile_not_found');
  const history = await pointHistory(deps, profileId, { cursor });
  // The page's movement ids (the shared view leaves them out).
  const { data: rows } = history.logs.length
    ? await deps.db.entities.pointLog
        .get(history.logs.map((l) => ({ holderId: profileId, logId: l.id })))
        .go({ attributes: ['logId', 'txId'] })
    : { data: [] };
  const txOf = new Map(rows.map((r) => [r.logId, r.txId]));
  return {
    profile: {
      id: profile.profileId,
      username: profile.username ?? null,
      nickname: profile.nickname ?? null,
      role_id: profile.roleId,
    },
    balance: history.balance,
    logs: history.logs.map((l) => ({ ...l, movement_id: txOf.get(l.id) ?? '' })),
    next_cursor: history.next_cursor,
  };
}

function refundBlock(j: JournalItem, reversed: boolean, now: Date): (typeof refundBlocks)[number] | null {
  if (j.kind !== 'spend') return 'not_spend';
  if (reversed) return 'refunded';
  if (Date.parse(j.createdAt) + A.refundDays * DAY_MS < now.getTime()) return 'too_old';
  return null;
}

export async function movement(deps: AdminPointsDeps, txId: string): Promise<MovementView> {
  const [{ data: j }, { data: rev }] = await Promise.all([
    deps.db.entities.journal.get({ txId }).go({ consistent: true }),
    deps.db.entities.journal.get({ txId: reversalOf(txId) }).go({ consistent: true }),
  ]);
  if (!j) throw new AppError('movement_not_found');
  const now = deps.clock.now();
  return {
    id: j.txId,
    kind: j.kind,
    holder_id: j.holderId,
    points: j.points,
    purpose: j.purpose ?? null,
    payee_ids: j.payeeId ? [j.payeeId] : (j.shares ?? []).map((s) => s.payeeId),
    lines: j.lines.map((l) => ({ account: l.account, amount: l.amount })),
    reverses: j.reverses ?? null,
    reversed_by: rev ? rev.txId : null,
    created_at: j.createdAt,
    refund_block: refundBlock(j, Boolean(rev), now),
    refundable_until:
      j.kind === 'spend' ? new Date(Date.parse(j.createdAt) + A.refundDays * DAY_MS).toISOString() : null,
  };
}

const REFUSAL = {
  not_spend: 'refund_not_spend',
  too_old: 'refund_too_old',
  refunded: 'refund_done',
} as const;

/** Reverses a spend (once), within `admin.refundDays` of it. */
export async function refundSpend(
  deps: AdminPointsDeps,
  actor: ProfileItem,
  input: { movement_id: string; reason: string },
): Promise<{ movement: MovementView }> {
  const before = await movement(deps, input.movement_id);
  if (before.refund_block) throw new AppError(REFUSAL[before.refund_block]);
  const { reversed } = await reverseSpend(deps, input.movement_id, {
    extra: (e) => [
      auditCommit(e, deps.clock.now(), {
        actor,
        action: 'points.refund',
        targetType: 'movement',
        targetId: input.movement_id,
        before: { refunded: false },
        after: {
          refunded: true,
          reversal_id: reversalOf(input.movement_id),
          points: before.points,
          reason: input.reason,
        },
        key: `refund-${input.movement_id}`,
      }),
    ],
  });
  if (!reversed) {
    // Cancelled: another operator's refund (or a retry of this one) came first, or, with the
    // reversal not written, the entry's own write failed: nothing was written, try again.
    const { data: reversal } = await deps.db.entities.journal
      .get({ txId: reversalOf(input.movement_id) })
      .go({ consistent: true });
    throw new AppError(reversal ? 'refund_done' : 'admin_conflict');
  }
  return { movement: await movement(deps, input.movement_id) };
}
