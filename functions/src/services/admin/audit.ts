/**
 * The operators' audit log (issue 17): every console action writes one entry (who, what, target,
 * the changed fields before and after, when). Entries are created, never changed, and always as
 * an item of the change's own transaction (`auditCommit`): when another area's service makes the
 * change, it takes the console's items (an `extra` hook). So no change is written without its
 * entry, and a change refused (a condition, a conflict) writes none. The key is derived from the
 * action (the target and the version or file acted on), so concurrent twins collide on the entry
 * too; a retry at a later instant is refused by the change's own condition.
 */
import {
  ADMIN_PAGE_SIZE,
  type AuditAction,
  type AuditPage,
  type AuditTargetType,
} from '@app/shared/schemas/admin';
import { addDays, jstDate, jstMonth } from '@app/shared/time';
import { V } from '@app/shared/validation';
import type { EntityItem } from 'electrodb';
import type { AuditEntry } from '../../db/entities/audit.ts';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';

export interface AuditInput {
  actor: Pick<ProfileItem, 'profileId' | 'nickname' | 'email'>;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  /** The fields the action changed, as they were (null or absent: the record was created). */
  before?: Record<string, unknown> | null;
  /** The same fields after (null or absent: deleted). */
  after?: Record<string, unknown> | null;
  /** Derived from the action (e.g. a movement's id, a target and its version), not only the instant. */
  key?: string;
}

type AuditAttributes = Parameters<(typeof AuditEntry)['create']>[0];

/** The entry's item for `at`. */
export function auditItem(at: Date, input: AuditInput): AuditAttributes {
  const iso = at.toISOString();
  return {
    auditId: `${iso}#${input.key ?? newId()}`,
    ym: jstMonth(at),
    at: iso,
    actorId: input.actor.profileId,
    actorName: input.actor.nickname || input.actor.email || input.actor.profileId,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    before: input.before ?? null,
    after: input.after ?? null,
  };
}

/** The entry as one item of the action's own transaction. */
type TxEntities = Parameters<Parameters<Db['transaction']['write']>[0]>[0];
export const auditCommit = (tx: Pick<TxEntities, 'audit'>, at: Date, input: AuditInput) =>
  tx.audit.create(auditItem(at, input)).commit();

export interface AuditFilter {
  from?: string | undefined;
  to?: string | undefined;
  actor_id?: string | undefined;
  target_id?: string | undefined;
  action?: AuditAction | undefined;
}

const DEFAULT_DAYS = 7;

/** The JST day range as instants: [from 00:00 JST, the day after `to` 00:00 JST). */
function range(filter: AuditFilter, now: Date) {
  const to = filter.to ?? jstDate(now);
  const from = filter.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  if (from > to) throw new AppError('validation', 'from after to', [{ path: 'to', message: V.dateRange }]);
  const startIso = new Date(`${from}T00:00:00+09:00`).toISOString();
  const endIso = new Date(`${addDays(to, 1)}T00:00:00+09:00`).toISOString();
  return { from, to, startIso, endIso };
}

/** The JST months from `to` back to `from` (YYYY-MM), newest first. */
function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(to.slice(0, 4));
  let m = Number(to.slice(5, 7));
  const end = from.slice(0, 7);
  for (;;) {
    const ym = `${y}-${String(m).padStart(2, '0')}`;
    out.push(ym);
    if (ym <= end) return out;
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
}

type Entry = EntityItem<typeof AuditEntry>;

const view = (e: Entry): AuditPage['entries'][number] => ({
  id: e.auditId,
  at: e.at,
  actor_id: e.actorId,
  actor_name: e.actorName,
  action: e.action as AuditAction,
  target_type: e.targetType as AuditTargetType,
  target_id: e.targetId,
  before: (e.before as Record<string, unknown> | null) ?? null,
  after: (e.after as Record<string, unknown> | null) ?? null,
});

/**
 * A page of entries, newest first: by actor (gsi1) or target (gsi2) when one is given, else month
 * by month; the action (and the target, when both are given) filters any of them. The position
 * names the filters it was made for, the month and ElectroDB's cursor.
 */
export async function listAudit(
  deps: { db: Db; clock: Clock },
  filter: AuditFilter,
  position: string | undefined,
): Promise<AuditPage> {
  const { from, to, startIso, endIso } = range(filter, deps.clock.now());
  const filters = [from, to, filter.actor_id, filter.target_id, filter.action].map((f) => f ?? '').join('|');
  const saved = position ? (JSON.parse(position) as { f?: string; ym?: string; c: string | null }) : null;
  // A cursor of other filters (or of another day's default range) would start elsewhere.
  if (saved && saved.f !== filters) throw new AppError('cursor_invalid');
  const audit = deps.db.entities.audit;
  const options = (cursor: string | null | undefined, limit: number = ADMIN_PAGE_SIZE) => ({
    order: 'desc' as const,
    limit,
    ...(cursor ? { cursor } : {}),
  });
  const bounds = { auditId: startIso } as const;
  const upper = { auditId: endIso } as const;
  const byBoth = Boolean(filter.actor_id && filter.target_id);
  const all = (...conditions: (string | false | undefined)[]) => conditions.filter(Boolean).join(' AND ');
  if (filter.actor_id || filter.target_id) {
    const query = filter.actor_id
      ? audit.query.byActor({ actorId: filter.actor_id }).between(bounds, upper)
      : audit.query.byTarget({ targetId: filter.target_id as string }).between(bounds, upper);
    const page = await query
      .where((a, op) =>
        all(
          filter.action && op.eq(a.action, String(filter.action)),
          byBoth && op.eq(a.targetId, filter.target_id),
        ),
      )
      .go(options(saved?.c));
    return {
      entries: page.data.map(view),
      next_cursor: page.cursor ? JSON.stringify({ f: filters, c: page.cursor }) : null,
    };
  }
  const months = monthsBetween(from, to);
  let index = saved?.ym ? months.indexOf(saved.ym) : 0;
  if (index < 0) throw new AppError('cursor_invalid');
  let cursor = saved?.c ?? null;
  const entries: Entry[] = [];
  while (index < months.length && entries.length < ADMIN_PAGE_SIZE) {
    const page = await audit.query
      .byMonth({ ym: months[index] as string })
      .between(bounds, upper)
      .where((a, op) => all(filter.action && op.eq(a.action, String(filter.action))))
      .go(options(cursor, ADMIN_PAGE_SIZE - entries.length));
    entries.push(...page.data);
    cursor = page.cursor;
    if (!cursor) index += 1;
  }
  const more = index < months.length;
  return {
    entries: entries.map(view),
    next_cursor: more ? JSON.stringify({ f: filters, ym: months[index], c: cursor }) : null,
  };
}
