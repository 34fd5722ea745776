/**
 * The scan job of the time-based trigger conditions (every 15 minutes): 4 "liked the creator and
 * has not chatted for N hours" and 5 "has not responded for N hours". A cursor (JobCursor) keeps the
 * last instant scanned, so each run looks only at the slice of time (previous run, now] that
 * crossed the N-hour mark: for each timed trigger (gsi1 `bcast-timed#1`), the slice moved back by N
 * hours, read as a key range of the creator's own indexes, never the creator's whole list:
 *
 * - 5: the creator's rooms by last message (gsi4 `byActivity`, keys only, hydrated) whose last
 *   message is the creator's own and not a trigger broadcast's (a trigger's chat left unanswered
 *   does not start trigger 5 again, and two such triggers cannot answer each other forever);
 * - 4: the likes the creator received (gsi2 `received`) whose fan has no room with the creator,
 *   or never wrote in it.
 *
 * Each match starts a run (trigger-runs.ts) with its event at the instant the mark was crossed;
 * a slice scanned twice (two runs at once, a crash before the cursor moved) starts nothing twice.
 */
import { chatroomIdOf } from '@app/shared/chat';
import { ROLE } from '@app/shared/roles';
import { isConditionFailure } from '../../db/errors.ts';
import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import { startRun, type TriggerRecord } from './trigger-runs.ts';

const HOUR_MS = 3_600_000;
/** The job's period: the first run scans this far back. */
const PERIOD_MS = 15 * 60_000;
/** A job stopped for longer catches up at most this far back. */
const CATCH_UP_MS = 24 * HOUR_MS;
export const SCAN_CURSOR = 'broadcast-trigger-scan';

export interface ScanSummary {
  from: string;
  to: string;
  triggers: number;
  started: number;
}

export interface ScanDeps {
  db: Db;
  clock: Clock;
}

export interface ScanOptions {
  /** The JobCursor's name (integration tests use their own). */
  cursor?: string;
  /** Keeps a run to some triggers (integration tests share one table). */
  scope?: (t: TriggerRecord) => boolean;
}

/** The timed triggers (conditions 4 and 5): the sparse index, a few items per creator who has one. */
async function timedTriggers(db: Db): Promise<TriggerRecord[]> {
  const { data } = await db.entities.trigger.query.timed({ timed: '1' }).go({ pages: 'all' });
  return data;
}

/** Condition 5: the creator's rooms whose last message, the creator's, fell in [from, to). */
async function quietRooms(deps: ScanDeps, t: TriggerRecord, from: string, to: string) {
  const { data: rows } = await deps.db.entities.roomMember.query
    .byActivity({ ownerId: t.creatorId })
    .between({ lastMessageAt: from }, { lastMessageAt: to })
    .go({ pages: 'all', hydrate: true });
  const candidates = rows.filter(
    (r) =>
      r.lastMessageAt >= from &&
      r.lastMessageAt < to &&
      r.lastSenderId === t.creatorId &&
      r.lastMessageId !== undefined &&
      r.status === 'open' &&
      (r.peerRoleId === ROLE.FAN || r.peerRoleId === ROLE.USER),
  );
  const matches = await Promise.all(
    candidates.map(async (r) => {
      const { data: message } = await deps.db.entities.message
        .get({ chatroomId: r.chatroomId, messageId: r.lastMessageId as string })
        .go();
      return message && message.broadcast?.kind !== 'trigger' ? r : null;
    }),
  );
  return matches.filter((r) => r !== null);
}

/** Condition 4: fans who liked the creator in [from, to) and have not written to the creator. */
async function quietLikes(deps: ScanDeps, t: TriggerRecord, from: string, to: string) {
  const { data: likes } = await deps.db.entities.like.query
    .received({ toId: t.creatorId })
    .between({ createdAt: from }, { createdAt: to })
    .go({ pages: 'all' });
  const fromFans = likes.filter(
    (l) =>
      l.createdAt >= from && l.createdAt < to && (l.fromRoleId === ROLE.FAN || l.fromRoleId === ROLE.USER),
  );
  const quiet = await Promise.all(
    fromFans.map(async (l) => {
      const { data: row } = await deps.db.entities.roomMember
        .get({ ownerId: t.creatorId, chatroomId: chatroomIdOf(t.creatorId, l.fromId) })
        .go();
      return !row?.peerLastMessageAt ? l : null;
    }),
  );
  return quiet.filter((l) => l !== null);
}

async function scanTrigger(deps: ScanDeps, t: TriggerRecord, from: Date, to: Date): Promise<number> {
  const hoursMs = (t.hours ?? 0) * HOUR_MS;
  if (hoursMs <= 0) return 0;
  const sliceFrom = new Date(from.getTime() - hoursMs).toISOString();
  const sliceTo = new Date(to.getTime() - hoursMs).toISOString();
  const now = deps.clock.now();
  const events =
    t.condition === 5
      ? (await quietRooms(deps, t, sliceFrom, sliceTo)).map((r) => ({
          fanId: r.peerId,
          at: r.lastMessageAt,
          kind: 'quiet',
        }))
      : t.condition === 4
        ? (await quietLikes(deps, t, sliceFrom, sliceTo)).map((l) => ({
            fanId: l.fromId,
            at: l.createdAt,
            kind: 'liked-quiet',
          }))
        : [];
  const outcomes = await Promise.all(
    events.map((e) =>
      startRun(
        deps.db,
        t,
        {
          condition: t.condition as 4 | 5,
          creatorId: t.creatorId,
          fanId: e.fanId,
          eventAt: new Date(Date.parse(e.at) + hoursMs).toISOString(),
          kind: e.kind,
        },
        now,
      ),
    ),
  );
  return outcomes.filter((o) => o !== 'exists').length;
}

/** One run of the scan: the slice since the cursor, every timed trigger, then the cursor moves. */
export async function scanTimedTriggers(deps: ScanDeps, opts: ScanOptions = {}): Promise<ScanSummary> {
  const jobName = opts.cursor ?? SCAN_CURSOR;
  const to = deps.clock.now();
  const { data: cursor } = await deps.db.entities.jobCursor.get({ jobName }).go({ consistent: true });
  const last = cursor ? Date.parse(cursor.value) : to.getTime() - PERIOD_MS;
  const from = new Date(Math.max(last, to.getTime() - CATCH_UP_MS));
  const summary: ScanSummary = { from: from.toISOString(), to: to.toISOString(), triggers: 0, started: 0 };
  if (from >= to) return summary;
  const triggers = (await timedTriggers(deps.db)).filter(opts.scope ?? (() => true));
  summary.triggers = triggers.length;
  for (const t of triggers) summary.started += await scanTrigger(deps, t, from, to);
  // Only forward: a slower run that started earlier does not move the cursor back.
  await deps.db.entities.jobCursor
    .upsert({ jobName, value: summary.to, updatedAt: summary.to })
    .where((a, op) => `${op.notExists(a.value)} OR ${op.lt(a.value, summary.to)}`)
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
  return summary;
}
