/**
 * Scheduled (reserve) broadcasts, the creator's side (issue 15; DECISIONS.md "Broadcasts"): the
 * list, the form (create and edit with `POST /broadcasting/reserve`), delete, and the retry of the
 * failed recipients.
 *
 * - The time is 5 minutes to 90 days ahead on the injected clock (shared `reserveTimeRefusal`).
 * - At most `limits.scheduledBroadcasts` not sent yet per creator: a BroadcastQuota slot taken in
 *   the create's transaction under the condition `< limit` (quota.ts), given back by a delete and
 *   by the send job when sending starts.
 * - Edits and deletes are conditioned on status 0 (not sent) and on the version the creator saw.
 * - One EventBridge Scheduler one-time schedule per reserve (`scheduleNameOf`): created BEFORE the
 *   write commits (an edit of the time removes the old one and creates the new one first); a
 *   schedule whose write never committed fires into a job that ignores it, since its
 *   `reserved_at` does not match. A delete commits first, then removes the schedule (a leftover
 *   fire finds no reserve).
 * - Files (chats.ts): processed before the write; what a delete or an edit drops is deleted after
 *   the commit (a failed clean-up only logs).
 */
import { type ReserveCondition, reserveNeedsHours, reserveTimeRefusal } from '@app/shared/broadcasts';
import { businessConfig } from '@app/shared/config';
import type {
  ReserveListResponse,
  ReserveResponse,
  ReserveSaveRequest,
  ReserveView,
} from '@app/shared/schemas/broadcasts';
import { V } from '@app/shared/validation';
import type { EntityItem } from 'electrodb';
import type { Reserve } from '../../db/entities/broadcast.ts';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { timeId } from '../../lib/crypto.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import type { OneTimeScheduler } from '../../lib/schedules.ts';
import { deleteItemFolders } from '../media/cleanup.ts';
import type { MediaDeps } from '../media/pipeline.ts';
import {
  broadcastFilePrefixes,
  chatViewsOf,
  deleteFiles,
  discardUploads,
  droppedFolders,
  resolveChats,
} from './chats.ts';
import { QUOTA_LIMITS, quotaGiveBack, quotaTake, quotaUsed } from './quota.ts';
import { RESERVE_SEND_JOB, scheduleNameOf } from './reserve-schedule.ts';

const L = businessConfig.limits;
/** Scheduled broadcasts per page of the list. */
export const RESERVE_PAGE_SIZE = 20;

/** What the authoring services take: the table, the clock, the media bucket and the scheduler. */
export interface AuthoringDeps extends MediaDeps {
  db: Db;
  clock: Clock;
  scheduler: OneTimeScheduler;
}

export type ReserveRecord = EntityItem<typeof Reserve>;

const REFUSALS = {
  past: V.broadcastReservedAt,
  too_soon: V.broadcastReservedAtSoon,
  too_far: V.broadcastReservedAtFar,
} as const;

/** The caller's own reserve, or 404 `broadcast_not_found` (another creator's id too: the key holds the creator). */
export async function ownReserve(deps: Pick<AuthoringDeps, 'db'>, creatorId: string, reserveId: string) {
  const { data } = await deps.db.entities.reserve.get({ creatorId, reserveId }).go({ consistent: true });
  if (!data) throw new AppError('broadcast_not_found');
  return data;
}

export async function reserveViewOf(deps: MediaDeps, r: ReserveRecord): Promise<ReserveView> {
  return {
    id: r.reserveId,
    condition: r.condition,
    hours: r.hours ?? null,
    reserved_at: r.reservedAt,
    chats: await chatViewsOf(deps, r.chats),
    status: r.status,
    counts: r.counts,
    editable: r.status === 0,
    version: r.version,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

/** `GET /broadcasting/reserve/list/{id}` (own id, paged): newest first, with the slots taken. */
export async function listReserves(
  deps: AuthoringDeps,
  me: ProfileItem,
  cursor: string | undefined,
): Promise<ReserveListResponse> {
  const creatorId = me.profileId;
  const [page, used] = await Promise.all([
    deps.db.entities.reserve.query
      .byCreator({ creatorId })
      .go({ order: 'desc', limit: RESERVE_PAGE_SIZE, ...(cursor ? { cursor } : {}) }),
    quotaUsed(deps.db, creatorId, 'reserves'),
  ]);
  return {
    reserves: await Promise.all(page.data.map((r) => reserveViewOf(deps, r))),
    quota: { used: used, max: L.scheduledBroadcasts },
    next_cursor: page.cursor ?? null,
  };
}

/** `GET /broadcasting/reserve/{id}`: the caller's own reserve. */
export async function getReserve(
  deps: Omit<AuthoringDeps, 'scheduler'>,
  me: ProfileItem,
  id: string,
): Promise<ReserveResponse> {
  return { reserve: await reserveViewOf(deps, await ownReserve(deps, me.profileId, id)) };
}

/** The scheduled time, to the second (an at() schedule has no finer unit), or a 422 on `reserved_at`. */
function reserveTimeOf(reservedAt: string, now: Date): Date {
  const at = new Date(Math.floor(Date.parse(reservedAt) / 1000) * 1000);
  const refusal = reserveTimeRefusal(at, now);
  if (refusal) throw fieldError('reserved_at', REFUSALS[refusal]);
  return at;
}

/** Why a canceled write of `reserveId` was refused: gone, sending started, or changed meanwhile. */
async function refusalOf(deps: AuthoringDeps, creatorId: string, reserveId: string): Promise<AppError> {
  const { data } = await deps.db.entities.reserve.get({ creatorId, reserveId }).go({ consistent: true });
  if (!data) return new AppError('broadcast_not_found');
  if (data.status !== 0) return new AppError('broadcast_sending');
  return new AppError('broadcast_conflict', 'the reserve changed meanwhile');
}

/** Deletes a schedule no longer wanted; a failure leaves a stale schedule, which does nothing (logged). */
async function removeSchedule(deps: AuthoringDeps, name: string): Promise<void> {
  await deps.scheduler.remove(name).catch((error: unknown) => {
    logger.warn('reserve schedule not deleted', { name, error: (error as Error).message });
  });
}

const scheduleInput = (reserveId: string, creatorId: string, at: Date) => ({
  reserve_id: reserveId,
  creator_id: creatorId,
  reserved_at: at.toISOString(),
});

/**
 * `POST /broadcasting/reserve`: creates (no id) or edits (id + version) the caller's own scheduled
 * broadcast. Files first, then the schedule, then the conditional write (see the module's notes).
 */
export async function saveReserve(
  deps: AuthoringDeps,
  me: ProfileItem,
  body: ReserveSaveRequest,
): Promise<ReserveResponse> {
  const creatorId = me.profileId;
  const now = deps.clock.now();
  const at = reserveTimeOf(body.reserved_at, now);
  const current = body.id ? await ownReserve(deps, creatorId, body.id) : null;
  if (current) {
    if (current.status !== 0) throw new AppError('broadcast_sending');
    if (current.version !== body.version) throw new AppError('broadcast_conflict', 'stale version');
  }
  const condition = body.condition as ReserveCondition;
  const hours = reserveNeedsHours(condition) ? (body.hours ?? undefined) : undefined;
  const reserveId = current?.reserveId ?? timeId(now);
  const resolved = await resolveChats(deps, creatorId, reserveId, body.chats, current?.chats ?? []);
  const name = scheduleNameOf(reserveId);
  const timeChanged = !current || Date.parse(current.reservedAt) !== at.getTime();
  const stamp = now.toISOString();
  const fields = {
    condition,
    reservedAt: at.toISOString(),
    chats: resolved.chats,
    version: (current?.version ?? 0) + 1,
    scheduleName: name,
    updatedAt: stamp,
  };
  let record: ReserveRecord;
  try {
    if (timeChanged) {
      if (current) await deps.scheduler.remove(name);
      await deps.scheduler.create(name, at, RESERVE_SEND_JOB, scheduleInput(reserveId, creatorId, at));
    }
    const result = await deps.db.transaction
      .write((e) => {
        const ops = [];
        if (!current) {
          ops.push(
            e.reserve
              .create({ creatorId, reserveId, ...fields, ...(hours ? { hours } : {}), createdAt: stamp })
              .commit(),
            quotaTake(e, creatorId, 'reserves'),
          );
          return ops;
        }
        let op = e.reserve.patch({ creatorId, reserveId }).set({ ...fields, ...(hours ? { hours } : {}) });
        if (!hours && current.hours !== undefined) op = op.remove(['hours']);
        ops.push(op.where((a, o) => `${o.eq(a.status, 0)} AND ${o.eq(a.version, current.version)}`).commit());
        return ops;
      })
      .go();
    if (result.canceled) {
      throw current
        ? await refusalOf(deps, creatorId, reserveId)
        : (await quotaUsed(deps.db, creatorId, 'reserves')) >= QUOTA_LIMITS.reserves
          ? new AppError('broadcast_limit')
          : new AppError('broadcast_conflict', 'the create was canceled');
    }
    record = {
      ...(current ?? { creatorId, reserveId, createdAt: stamp }),
      ...fields,
      hours,
      status: 0,
      round: current?.round ?? 0,
      chunks: current?.chunks ?? 0,
      chunksDone: current?.chunksDone ?? 0,
      planned: current?.planned ?? false,
      counts: current?.counts ?? { targeted: 0, delivered: 0, blocked: 0, closed: 0, left: 0, failed: 0 },
    } as ReserveRecord;
  } catch (error) {
    // Not committed: what this request made goes; an edit's old schedule comes back.
    await Promise.all([
      deleteItemFolders(
        deps,
        resolved.processed.map((p) => p.folder),
      ),
      timeChanged ? restoreSchedule(deps, current, name) : undefined,
    ]);
    throw error;
  }
  await Promise.all([
    discardUploads(deps, resolved.uploads),
    current ? deleteFiles(deps, droppedFolders(current.chats, resolved.chats)) : undefined,
  ]);
  return { reserve: await reserveViewOf(deps, record) };
}

/** After a write that did not commit: the new schedule goes, an edited reserve's schedule is made again. */
async function restoreSchedule(deps: AuthoringDeps, current: ReserveRecord | null, name: string) {
  await removeSchedule(deps, name);
  if (current?.status !== 0) return;
  const at = new Date(current.reservedAt);
  await deps.scheduler
    .create(name, at, RESERVE_SEND_JOB, scheduleInput(current.reserveId, current.creatorId, at))
    .catch((error: unknown) => {
      logger.error('reserve schedule not restored', { name, error: (error as Error).message });
    });
}

/**
 * `POST /broadcasting/reserve/delete {id, version?}`: a reserve not sent yet goes with its slot;
 * then its schedule and its files. One deleted meanwhile (a concurrent delete) answers ok.
 */
export async function deleteReserve(
  deps: AuthoringDeps,
  me: ProfileItem,
  body: { id: string; version?: number | undefined },
): Promise<{ ok: true }> {
  const creatorId = me.profileId;
  const current = await ownReserve(deps, creatorId, body.id);
  if (current.status !== 0) throw new AppError('broadcast_sending');
  if (body.version !== undefined && body.version !== current.version) {
    throw new AppError('broadcast_conflict', 'stale version');
  }
  const reserveId = current.reserveId;
  const result = await deps.db.transaction
    .write((e) => [
      e.reserve
        .delete({ creatorId, reserveId })
        .where((a, o) => `${o.eq(a.status, 0)} AND ${o.eq(a.version, current.version)}`)
        .commit(),
      quotaGiveBack(e, creatorId, 'reserves'),
    ])
    .go();
  if (result.canceled) {
    const refusal = await refusalOf(deps, creatorId, reserveId);
    if (refusal.code !== 'broadcast_not_found') throw refusal;
    return { ok: true };
  }
  await Promise.all([
    removeSchedule(deps, current.scheduleName ?? scheduleNameOf(reserveId)),
    deleteFiles(deps, broadcastFilePrefixes(creatorId, reserveId)),
  ]);
  return { ok: true };
}
