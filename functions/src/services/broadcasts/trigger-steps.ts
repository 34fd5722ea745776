/**
 * The step job of trigger broadcasts (every minute): every run whose next chat is due (the due
 * index `trun-due#<shard>`, `nextAt` <= now) gets that chat through `deliverChats`, whose guard is
 * the run's own conditional step (this step, this due time → the next one, or the end) with the
 * trigger's counts, in the messages' transaction. Two runs of the job at once, or a re-run after a
 * crash, send nothing twice: the second transaction's guard fails ('guarded').
 *
 * Before a chat: the trigger must still exist (deleted → the run ends as 'deleted', nothing sent),
 * and now must be inside its window (a late job moves the step to the next window start). An edit
 * (a new `version`) applies from the next chat on: the run goes on with the edited chats, interval
 * and window from its step index (a list that got shorter ends it). A skip (blocked either way,
 * closed room, an account that left) ends the run with that reason: a fan who blocks the creator
 * gets nothing more.
 *
 * Counts (the trigger's `counts`, per fan): `targeted` when the first chat is attempted; at the
 * end, `delivered` (every chat went out) or the skip's reason; so targeted minus the others is the
 * fans in a sequence now.
 */
import { inWindow, nextStepAt, type SkipReason, windowOpenAt } from '@app/shared/broadcasts';
import { TRIGGER_RUN_SHARDS } from '../../db/entities/trigger-run.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { eachLimit } from '../../lib/concurrency.ts';
import { logger } from '../../lib/logger.ts';
import type { ChatDeps } from '../chat/rooms.ts';
import type { TxEntities, TxItems } from '../points/ledger.ts';
import { type BroadcastChat, deliverChats } from './delivery.ts';
import { type TriggerRecord, type TriggerRunRecord, windowOf } from './trigger-runs.ts';

const SHARDS = Array.from({ length: TRIGGER_RUN_SHARDS }, (_, s) => String(s));
/** Deliveries at once within one job run. */
const CONCURRENCY = 5;
/** A run stops taking new steps after this long (the next minute's run goes on). */
const BUDGET_MS = 45_000;

export interface StepSummary {
  delivered: number;
  /** Ended by a skip (blocked, closed, left). */
  skipped: number;
  /** Ended without a chat: the trigger was deleted, or its edited list has no chat left. */
  ended: number;
  /** Outside the window: moved to its next start. */
  moved: number;
  /** Done by another run of the job meanwhile (or cancelled: still due). */
  guarded: number;
  /** Failed with an error: still due, tried again by the next run. */
  failed: number;
}

type Outcome = Exclude<keyof StepSummary, 'failed'>;
type RunKey = Pick<TriggerRunRecord, 'triggerId' | 'fanId' | 'step' | 'nextAt' | 'dueShard'>;
type Counts = Partial<Record<'targeted' | 'delivered' | SkipReason, number>>;

/** The run's step, conditioned on the step and due time this job read (else another run did it). */
function stepWrite(
  e: TxEntities,
  run: RunKey,
  set: Partial<TriggerRunRecord>,
  end: TriggerRunRecord['status'] | null,
) {
  const { triggerId, fanId, step, nextAt } = run;
  const update = e.triggerRun
    .patch({ triggerId, fanId })
    .set({ ...set, ...(end ? { status: end, endedAt: set.updatedAt as string } : {}) })
    .composite({ dueShard: run.dueShard });
  return (end ? update.remove(['nextAt']) : update)
    .where((a, op) => `${op.eq(a.step, step)} AND ${op.eq(a.nextAt, nextAt as string)}`)
    .commit();
}

/**
 * The trigger's counts, under the version this job read: a deleted trigger is not brought back by
 * an ADD, and an edit meanwhile cancels the step (the next run reads the edit).
 */
function countsWrite(e: TxEntities, trigger: TriggerRecord, counts: Counts) {
  return e.trigger
    .patch({ creatorId: trigger.creatorId, triggerId: trigger.triggerId })
    .data((a, op) => {
      for (const [name, n] of Object.entries(counts)) op.add(a.counts[name as keyof Counts], n);
    })
    .where((a, op) => op.eq(a.version, trigger.version))
    .commit();
}

async function transact(deps: ChatDeps, write: (e: TxEntities) => TxItems): Promise<boolean> {
  const result = await deps.db.transaction.write(write).go();
  return !result.canceled;
}

/** One due run: its next chat, a move into the window, or its end. */
export async function runStep(
  deps: ChatDeps,
  run: TriggerRunRecord,
  trigger: TriggerRecord | null,
  creator: ProfileItem | null,
): Promise<Outcome> {
  const now = deps.clock.now();
  const at = now.toISOString();
  if (!trigger) {
    const ok = await transact(deps, (e) => [stepWrite(e, run, { updatedAt: at }, 'deleted')]);
    return ok ? 'ended' : 'guarded';
  }
  const window = windowOf(trigger);
  const chat = trigger.chats[run.step] as BroadcastChat | undefined;
  if (!chat) {
    // An edit left fewer chats than the run has sent: it is complete.
    const ok = await transact(deps, (e) => [
      stepWrite(e, run, { updatedAt: at }, 'done'),
      ...(run.step > 0 ? [countsWrite(e, trigger, { delivered: 1 })] : []),
    ]);
    return ok ? 'ended' : 'guarded';
  }
  if (!inWindow(now, window)) {
    const nextAt = windowOpenAt(now, window).toISOString();
    const ok = await transact(deps, (e) => [stepWrite(e, run, { nextAt, updatedAt: at }, null)]);
    return ok ? 'moved' : 'guarded';
  }
  const last = run.step + 1 >= trigger.chats.length;
  const targeted: Counts = run.step === 0 ? { targeted: 1 } : {};
  if (!creator) return skip(deps, run, trigger, 'left', targeted, at);
  const result = await deliverChats(deps, {
    creator,
    fanId: run.fanId,
    chats: [chat],
    source: { kind: 'trigger', id: trigger.triggerId },
    guard: (e) => [
      stepWrite(
        e,
        run,
        {
          step: run.step + 1,
          version: trigger.version,
          lastSentAt: at,
          updatedAt: at,
          ...(last ? {} : { nextAt: nextStepAt(now, trigger.intervalHours, window).toISOString() }),
        },
        last ? 'done' : null,
      ),
      ...(last || run.step === 0
        ? [countsWrite(e, trigger, { ...targeted, ...(last ? { delivered: 1 } : {}) })]
        : []),
    ],
  });
  if (result.outcome === 'delivered') return 'delivered';
  if (result.outcome === 'guarded') return 'guarded';
  return skip(deps, run, trigger, result.outcome, targeted, at);
}

async function skip(
  deps: ChatDeps,
  run: TriggerRunRecord,
  trigger: TriggerRecord,
  reason: SkipReason,
  targeted: Counts,
  at: string,
): Promise<Outcome> {
  const ok = await transact(deps, (e) => [
    stepWrite(e, run, { updatedAt: at }, reason),
    countsWrite(e, trigger, { ...targeted, [reason]: 1 }),
  ]);
  return ok ? 'skipped' : 'guarded';
}

/**
 * Runs every due step, `CONCURRENCY` at a time. `scope` keeps a run to some runs (integration
 * tests share one table: each runs the job over its own triggers only).
 */
export async function runDueSteps(
  deps: ChatDeps,
  scope: (run: TriggerRunRecord) => boolean = () => true,
): Promise<StepSummary> {
  const started = Date.now();
  const now = deps.clock.now();
  // Every item whose `nextAt` is at or before now (the key is `<nextAt>#…`, so "before the next ms").
  const until = new Date(now.getTime() + 1).toISOString();
  const queue: TriggerRunRecord[] = [];
  await Promise.all(
    SHARDS.map(async (dueShard) => {
      const { data } = await deps.db.entities.triggerRun.query
        .due({ dueShard })
        .lt({ nextAt: until })
        .go({ pages: 'all' });
      queue.push(...data.filter(scope));
    }),
  );
  queue.sort((a, b) => (a.nextAt ?? '').localeCompare(b.nextAt ?? ''));
  const triggers = new Map<string, Promise<TriggerRecord | null>>();
  const creators = new Map<string, Promise<ProfileItem | null>>();
  const once = <T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>) => {
    let value = cache.get(key);
    if (!value) {
      value = read();
      cache.set(key, value);
    }
    return value;
  };
  const summary: StepSummary = { delivered: 0, skipped: 0, ended: 0, moved: 0, guarded: 0, failed: 0 };
  await eachLimit(queue, CONCURRENCY, async (run) => {
    // Past the budget the rest stays due for the next minute's run.
    if (Date.now() - started >= BUDGET_MS) return;
    const [trigger, creator] = await Promise.all([
      once(triggers, run.triggerId, async () => {
        const { data } = await deps.db.entities.trigger
          .get({ creatorId: run.creatorId, triggerId: run.triggerId })
          .go({ consistent: true });
        return data;
      }),
      once(creators, run.creatorId, async () => {
        const { data } = await deps.db.entities.profile.get({ profileId: run.creatorId }).go();
        return data;
      }),
    ]);
    try {
      summary[await runStep(deps, run, trigger, creator)]++;
    } catch (error) {
      // One fan's failure (a delivery cancelled again and again) leaves that run due for the next minute.
      summary.failed++;
      logger.error('trigger step failed', {
        error: error as Error,
        triggerId: run.triggerId,
        step: run.step,
      });
    }
  });
  return summary;
}
