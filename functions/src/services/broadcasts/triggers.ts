/**
 * Trigger broadcasts, the creator's side (issue 15; DECISIONS.md "Broadcasts"): the list, the form
 * (create and edit with `POST /broadcasting/trigger`) and delete. The trigger engine (another
 * module) reads them and delivers.
 *
 * - At most `limits.triggerBroadcasts` per creator: a BroadcastQuota slot taken in the create's
 *   transaction under the condition `< limit` (quota.ts), given back by the delete's.
 * - Edits and deletes are conditioned on the version the creator saw.
 * - The time-based conditions (4, 5) carry `timed` '1', the engine's scan index (else '').
 * - Files are processed before the write (chats.ts) and are NEVER deleted once saved, not by an
 *   edit that drops them nor by the trigger's delete: messages already delivered point at them.
 */
import { type TriggerCondition, triggerNeedsHours } from '@app/shared/broadcasts';
import { businessConfig } from '@app/shared/config';
import type {
  TriggerListResponse,
  TriggerResponse,
  TriggerSaveRequest,
  TriggerView,
} from '@app/shared/schemas/broadcasts';
import type { EntityItem } from 'electrodb';
import type { Trigger } from '../../db/entities/broadcast.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { timeId } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { deleteItemFolders } from '../media/cleanup.ts';
import { chatViewsOf, discardUploads, resolveChats } from './chats.ts';
import { QUOTA_LIMITS, quotaGiveBack, quotaTake, quotaUsed } from './quota.ts';
import type { AuthoringDeps } from './reserves.ts';

const L = businessConfig.limits;

export type TriggerDeps = Omit<AuthoringDeps, 'scheduler'>;
export type TriggerRecord = EntityItem<typeof Trigger>;

/** The caller's own trigger, or 404 `broadcast_not_found` (another creator's id too). */
async function ownTrigger(deps: TriggerDeps, creatorId: string, triggerId: string) {
  const { data } = await deps.db.entities.trigger.get({ creatorId, triggerId }).go({ consistent: true });
  if (!data) throw new AppError('broadcast_not_found');
  return data;
}

async function triggerViewOf(deps: TriggerDeps, t: TriggerRecord): Promise<TriggerView> {
  return {
    id: t.triggerId,
    condition: t.condition,
    hours: t.hours ?? null,
    exclude_duplicated: t.excludeDuplicated,
    interval_hours: t.intervalHours,
    window_start: t.windowStart,
    window_end: t.windowEnd,
    chats: await chatViewsOf(deps, t.chats),
    counts: t.counts,
    version: t.version,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
}

/** `GET /broadcasting/trigger/list/{id}` (own id): all of them (at most the limit), oldest first. */
export async function listTriggers(deps: TriggerDeps, me: ProfileItem): Promise<TriggerListResponse> {
  const creatorId = me.profileId;
  const [triggers, used] = await Promise.all([
    deps.db.entities.trigger.query.byCreator({ creatorId }).go({ pages: 'all' }),
    quotaUsed(deps.db, creatorId, 'triggers'),
  ]);
  return {
    triggers: await Promise.all(triggers.data.map((t) => triggerViewOf(deps, t))),
    quota: { used, max: L.triggerBroadcasts },
  };
}

/** `GET /broadcasting/trigger/{id}`: the caller's own trigger. */
export async function getTrigger(deps: TriggerDeps, me: ProfileItem, id: string): Promise<TriggerResponse> {
  return { trigger: await triggerViewOf(deps, await ownTrigger(deps, me.profileId, id)) };
}

/** Why a canceled write of `triggerId` was refused: gone, or changed meanwhile. */
async function refusalOf(deps: TriggerDeps, creatorId: string, triggerId: string): Promise<AppError> {
  const { data } = await deps.db.entities.trigger.get({ creatorId, triggerId }).go({ consistent: true });
  return data
    ? new AppError('broadcast_conflict', 'the trigger changed meanwhile')
    : new AppError('broadcast_not_found');
}

/** `POST /broadcasting/trigger`: creates (no id) or edits (id + version) the caller's own trigger. */
export async function saveTrigger(
  deps: TriggerDeps,
  me: ProfileItem,
  body: TriggerSaveRequest,
): Promise<TriggerResponse> {
  const creatorId = me.profileId;
  const now = deps.clock.now();
  const current = body.id ? await ownTrigger(deps, creatorId, body.id) : null;
  if (current && current.version !== body.version) throw new AppError('broadcast_conflict', 'stale version');
  const condition = body.condition as TriggerCondition;
  const hours = triggerNeedsHours(condition) ? (body.hours ?? undefined) : undefined;
  const triggerId = current?.triggerId ?? timeId(now);
  const resolved = await resolveChats(deps, creatorId, triggerId, body.chats, current?.chats ?? []);
  const stamp = now.toISOString();
  const fields = {
    condition,
    excludeDuplicated: body.exclude_duplicated,
    intervalHours: body.interval_hours,
    windowStart: body.window_start,
    windowEnd: body.window_end,
    chats: resolved.chats,
    version: (current?.version ?? 0) + 1,
    updatedAt: stamp,
    // The engine's scan index: '1' for the time-based conditions (4, 5), '' keeps it out.
    timed: hours ? '1' : '',
    ...(hours ? { hours } : {}),
  };
  let record: TriggerRecord;
  try {
    const result = await deps.db.transaction
      .write((e) => {
        const ops = [];
        if (!current) {
          ops.push(
            e.trigger.create({ creatorId, triggerId, ...fields, createdAt: stamp }).commit(),
            quotaTake(e, creatorId, 'triggers'),
          );
          return ops;
        }
        let op = e.trigger.patch({ creatorId, triggerId }).set(fields);
        if (!hours && current.hours !== undefined) op = op.remove(['hours']);
        ops.push(op.where((a, o) => o.eq(a.version, current.version)).commit());
        return ops;
      })
      .go();
    if (result.canceled) {
      throw current
        ? await refusalOf(deps, creatorId, triggerId)
        : (await quotaUsed(deps.db, creatorId, 'triggers')) >= QUOTA_LIMITS.triggers
          ? new AppError('broadcast_limit')
          : new AppError('broadcast_conflict', 'the create was canceled');
    }
    const base = current ?? {
      creatorId,
      triggerId,
      createdAt: stamp,
      counts: { targeted: 0, delivered: 0, blocked: 0, closed: 0, left: 0, failed: 0 },
    };
    record = { ...base, ...fields, hours } as TriggerRecord;
  } catch (error) {
    await deleteItemFolders(
      deps,
      resolved.processed.map((p) => p.folder),
    );
    throw error;
  }
  await discardUploads(deps, resolved.uploads);
  return { trigger: await triggerViewOf(deps, record) };
}

/**
 * `POST /broadcasting/trigger/delete {id, version?}`: the trigger goes with its slot. Its files
 * stay (delivered messages point at them). One deleted meanwhile answers ok.
 */
export async function deleteTrigger(
  deps: TriggerDeps,
  me: ProfileItem,
  body: { id: string; version?: number | undefined },
): Promise<{ ok: true }> {
  const creatorId = me.profileId;
  const current = await ownTrigger(deps, creatorId, body.id);
  if (body.version !== undefined && body.version !== current.version) {
    throw new AppError('broadcast_conflict', 'stale version');
  }
  const triggerId = current.triggerId;
  const result = await deps.db.transaction
    .write((e) => [
      e.trigger
        .delete({ creatorId, triggerId })
        .where((a, o) => o.eq(a.version, current.version))
        .commit(),
      quotaGiveBack(e, creatorId, 'triggers'),
    ])
    .go();
  if (result.canceled) {
    const refusal = await refusalOf(deps, creatorId, triggerId);
    if (refusal.code !== 'broadcast_not_found') throw refusal;
  }
  return { ok: true };
}
