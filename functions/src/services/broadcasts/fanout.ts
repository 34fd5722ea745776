/**
 * Sending a scheduled broadcast at scale (the fan-out), in three steps that each survive a crash:
 *
 * 1. The reserve's one-time schedule runs the send job (`startReserve`): status 0 → 1 (only for
 *    the `reserved_at` the schedule was made for), then the planner freezes the audience page by
 *    page into BroadcastChunk items (`chunkSize` fans each, conditional creates) and sends one
 *    queue message per chunk. The reserve's `chunks`/`planCursor` move with a condition on the
 *    count read, so two planners never plan a page twice; a planner cut short resumes from
 *    `planCursor` (the send job's retry, or the sweep).
 * 2. Queue workers (`deliverChunk`) deliver each fan of a chunk with `deliverChats`, guarded by the
 *    fan's BroadcastRecipient item (created only if absent, in the messages' transaction): a
 *    redelivered message, a crashed worker's batch or a fan listed twice sends nothing twice.
 *    Deliveries that throw are retried by the queue; on the last receive they are recorded as
 *    failed. The chunk then records its outcome counts and adds 1 to the reserve's `chunksDone`
 *    (one transaction, once per round).
 * 3. The last chunk of the round (or the planner, or the sweep) sums the chunks' counts and sets
 *    status 2 (completed) or 3 (error: some failed). `retryFailed` starts another round with the
 *    chunks that hold failed fans.
 */
import { emptyCounts, RESERVE_STATUS, type RecipientOutcome } from '@app/shared/broadcasts';
import { businessConfig } from '@app/shared/config';
import type { EntityItem } from 'electrodb';
import * as z from 'zod/mini';
import type { BroadcastChunk, BroadcastRecipient, Reserve } from '../../db/entities/broadcast.ts';
import { isConditionFailure } from '../../db/errors.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { eachLimit } from '../../lib/concurrency.ts';
import { shardOf } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import type { QueueMessage } from '../../lib/queue.ts';
import { type ChatDeps, readProfile } from '../chat/rooms.ts';
import { deliverChats } from './delivery.ts';
import type { BroadcastDeps } from './deps.ts';
import { reserveQuotaRelease } from './quota.ts';

const B = businessConfig.broadcasts;
/** The statuses as plain numbers (the entity's attribute is a number). */
const STATUS: { [K in keyof typeof RESERVE_STATUS]: number } = RESERVE_STATUS;
type ReserveItem = EntityItem<typeof Reserve>;
type ChunkItem = EntityItem<typeof BroadcastChunk>;
type RecipientItem = EntityItem<typeof BroadcastRecipient>;
type Counts = ReserveItem['counts'];

/** The manifest queue of delivery chunks. */
export const DELIVERY_QUEUE = 'broadcast-deliveries';
/** Fans read per page of the audience (`chunkSize` per chunk). */
const AUDIENCE_PAGE = 500;
const MINUTE_MS = 60_000;

/** The job's input, from the reserve's one-time schedule (`scheduleNameOf`). */
export const reserveSendInput = z.object({
  reserve_id: z.string(),
  creator_id: z.string(),
  /** The time the schedule was made for: a schedule left from before an edit changes nothing. */
  reserved_at: z.string(),
});
export type ReserveSendInput = z.infer<typeof reserveSendInput>;

/** One queue message: a chunk of a reserve to deliver in a round. */
export const chunkMessage = z.object({
  reserve_id: z.string(),
  creator_id: z.string(),
  chunk: z.string(),
  round: z.number(),
});
export type ChunkMessage = z.infer<typeof chunkMessage>;

// A reserve's one-time schedule: its name and job (reserve-schedule.ts, light for the forms' bundles).
export { RESERVE_SEND_JOB, scheduleNameOf } from './reserve-schedule.ts';

/** Chunk ids sort in planning order. */
const chunkIdOf = (n: number) => String(n).padStart(6, '0');

async function readReserve(deps: ChatDeps, creatorId: string, reserveId: string) {
  return (await deps.db.entities.reserve.get({ creatorId, reserveId }).go({ consistent: true })).data;
}

/** A conditional write that lost: another run got there first. */
function lost(error: unknown): null {
  if (!isConditionFailure(error)) throw error;
  return null;
}

/** The send job: starts (or resumes) sending a reserve whose time has come. */
export async function startReserve(
  deps: BroadcastDeps,
  input: ReserveSendInput,
): Promise<Record<string, unknown>> {
  const { creator_id: creatorId, reserve_id: reserveId, reserved_at: reservedAt } = input;
  let reserve = await readReserve(deps, creatorId, reserveId);
  if (!reserve || reserve.reservedAt !== reservedAt) return { outcome: 'stale' };
  if (reserve.status === STATUS.notSent) {
    const now = deps.clock.now().toISOString();
    // Sending gives the creator's slot back (the limit counts reserves not sent yet), in the same
    // transaction; a cancellation means another fire moved it, or it was edited: read it again.
    await deps.db.transaction
      .write((e) => [
        e.reserve
          .patch({ creatorId, reserveId })
          .set({
            status: STATUS.sending,
            round: 1,
            chunks: 0,
            roundChunks: 0,
            chunksDone: 0,
            planned: false,
            counts: emptyCounts(),
            sendingSince: now,
            progressAt: now,
            startedAt: now,
            updatedAt: now,
          })
          .where((a, op) => `${op.eq(a.status, STATUS.notSent)} AND ${op.eq(a.reservedAt, reservedAt)}`)
          .commit(),
        reserveQuotaRelease(e, creatorId),
      ])
      .go();
    reserve = await readReserve(deps, creatorId, reserveId);
    if (!reserve || reserve.reservedAt !== reservedAt) return { outcome: 'stale' };
  }
  if (reserve.status !== STATUS.sending) return { outcome: 'done', status: reserve.status };
  return plan(deps, reserve);
}

/** Freezes the rest of the audience into chunks and queues them; then finishes if all are done. */
async function plan(deps: BroadcastDeps, start: ReserveItem): Promise<Record<string, unknown>> {
  let reserve: ReserveItem | null = start;
  const { creatorId, reserveId } = start;
  let planned = 0;
  const creator = await readProfile(deps.db, creatorId);
  if (creator?.status !== 'active') return { outcome: 'creator_gone', finished: await endRound(deps, start) };
  while (reserve && reserve.status === STATUS.sending && !reserve.planned) {
    const page = await audiencePage(deps, reserve);
    const first = reserve.chunks;
    const groups: string[][] = [];
    for (let i = 0; i < page.fanIds.length; i += B.chunkSize)
      groups.push(page.fanIds.slice(i, i + B.chunkSize));
    const now = deps.clock.now().toISOString();
    await Promise.all(
      groups.map((fanIds, i) =>
        deps.db.entities.broadcastChunk
          .create({ reserveId, chunk: chunkIdOf(first + i), creatorId, fanIds, updatedAt: now })
          .go()
          .catch(lost),
      ),
    );
    const chunks = first + groups.length;
    const done = page.cursor === null;
    const moved = await deps.db.entities.reserve
      .patch({ creatorId, reserveId })
      .set({
        chunks,
        roundChunks: chunks,
        planned: done,
        progressAt: now,
        updatedAt: now,
        ...(page.cursor ? { planCursor: page.cursor } : {}),
      })
      .where(
        (a, op) =>
          `${op.eq(a.chunks, first)} AND ${op.eq(a.status, STATUS.sending)} AND ${op.eq(a.round, 1)}`,
      )
      .go({ response: 'all_new' })
      .catch(lost);
    if (!moved) {
      // Another planner moved on: continue from where it is (or stop: it is no longer this round's).
      reserve = await readReserve(deps, creatorId, reserveId);
      if (reserve && reserve.chunks === first && reserve.round !== 1)
        return { outcome: 'not_planned', round: reserve.round };
      continue;
    }
    await deps.queue.send(
      DELIVERY_QUEUE,
      groups.map((_, i) => ({
        reserve_id: reserveId,
        creator_id: creatorId,
        chunk: chunkIdOf(first + i),
        round: 1,
      })),
    );
    planned += groups.length;
    reserve = moved.data as ReserveItem;
  }
  return { outcome: 'planned', chunks: planned, finished: await finishIfDone(deps, creatorId, reserveId) };
}

/**
 * One page of the audience, frozen as read (fan ids), from the reserve's `planCursor`:
 * 1 current fan-club members; 2 fans whose room with the creator has had no message for `hours`;
 * 3 fans with mutual chat. Rooms that are closed or blocked are kept: the delivery skips them with
 * their reason, so the creator sees them counted.
 */
async function audiencePage(
  deps: BroadcastDeps,
  r: ReserveItem,
): Promise<{ fanIds: string[]; cursor: string | null }> {
  const options = { limit: AUDIENCE_PAGE, ...(r.planCursor ? { cursor: r.planCursor } : {}) };
  const { db } = deps;
  if (r.condition === 1) {
    const page = await db.entities.membership.query
      .byCreator({ creatorId: r.creatorId })
      .begins({ listPart: 'a' })
      .go(options);
    return { fanIds: page.data.map((m) => m.fanId), cursor: page.cursor ?? null };
  }
  if (r.condition === 2) {
    // Inactive since the send started (the audience does not drift while a resumed plan reads on).
    const since = new Date(Date.parse(r.startedAt ?? r.reservedAt) - (r.hours ?? 0) * 3_600_000);
    const page = await db.entities.roomMember.query
      .byActivity({ ownerId: r.creatorId })
      .lt({ lastMessageAt: since.toISOString() })
      .go({ ...options, hydrate: true });
    return { fanIds: page.data.map((row) => row.peerId), cursor: page.cursor ?? null };
  }
  const page = await db.entities.roomMember.query
    .byOwner({ ownerId: r.creatorId })
    .where((a, op) => op.exists(a.mutualAt))
    .go(options);
  return { fanIds: page.data.map((row) => row.peerId), cursor: page.cursor ?? null };
}

const recipientKey = (reserveId: string, fanId: string) => ({
  reserveId,
  shard: shardOf(fanId, B.recipientShards),
  fanId,
});

/** The outcome items of these fans that exist (consistent reads). */
async function recipientsOf(deps: ChatDeps, reserveId: string, fanIds: readonly string[]) {
  if (fanIds.length === 0) return new Map<string, RecipientItem>();
  const { data } = await deps.db.entities.broadcastRecipient
    .get(fanIds.map((fanId) => recipientKey(reserveId, fanId)))
    .go({ consistent: true });
  return new Map(data.map((item) => [item.fanId, item]));
}

/**
 * A queue worker's message: delivers the chunk's fans (round 1: all without an outcome; a retry
 * round: the chunk's failed fans), then completes the chunk. Throws (the queue redelivers) while
 * deliveries fail and receives are left; on the last receive the failures are recorded.
 */
export async function deliverChunk(
  deps: ChatDeps,
  msg: ChunkMessage,
  receipt: Pick<QueueMessage, 'receiveCount' | 'maxReceiveCount'>,
): Promise<Record<string, unknown>> {
  const { reserve_id: reserveId, creator_id: creatorId, round } = msg;
  const [reserve, chunk] = await Promise.all([
    readReserve(deps, creatorId, reserveId),
    deps.db.entities.broadcastChunk.get({ reserveId, chunk: msg.chunk }).go({ consistent: true }),
  ]);
  const item = chunk.data;
  if (!reserve || !item) return { outcome: 'gone' };
  if (reserve.status !== STATUS.sending || reserve.round !== round || item.doneRound >= round)
    return { outcome: 'done' };
  const creator = await readProfile(deps.db, creatorId);
  const existing = await recipientsOf(deps, reserveId, item.fanIds);
  /** The outcomes this chunk decided (a fan decided by another chunk counts there). */
  const outcomes = new Map<string, RecipientOutcome>();
  for (const [fanId, r] of existing) if (r.chunk === item.chunk) outcomes.set(fanId, r.outcome);
  const todo = item.fanIds.filter((fanId) => {
    const r = existing.get(fanId);
    return r ? r.chunk === item.chunk && r.outcome === 'failed' && r.round < round : true;
  });
  const failures: string[] = [];
  if (creator) {
    await eachLimit(todo, B.workerConcurrency, async (fanId) => {
      try {
        const outcome = await deliverOne(deps, reserve, item, creator, fanId, round);
        if (outcome) outcomes.set(fanId, outcome);
      } catch (error) {
        failures.push(fanId);
        logger.warn('broadcast delivery failed', { error: error as Error, reserveId, chunk: item.chunk });
      }
    });
  } else failures.push(...todo);
  if (failures.length > 0) {
    if (receipt.receiveCount < receipt.maxReceiveCount)
      throw new Error(`${failures.length} deliveries of chunk ${item.chunk} failed; the queue retries`);
    for (const fanId of failures) {
      const outcome = await recordOutcome(deps, reserveId, item.chunk, fanId, 'failed', round);
      if (outcome) outcomes.set(fanId, outcome);
    }
  }
  await completeChunk(deps, reserve, item, outcomes, round);
  return { outcome: 'completed', delivered: todo.length - failures.length, failed: failures.length };
}

/** One fan: delivered, a skip reason, or null when another chunk decided the fan. */
async function deliverOne(
  deps: ChatDeps,
  reserve: ReserveItem,
  chunk: ChunkItem,
  creator: ProfileItem,
  fanId: string,
  round: number,
): Promise<RecipientOutcome | null> {
  const key = recipientKey(reserve.reserveId, fanId);
  const at = deps.clock.now().toISOString();
  const result = await deliverChats(deps, {
    creator,
    fanId,
    chats: reserve.chats,
    source: { kind: 'reserve', id: reserve.reserveId },
    guard: (e) => [
      round === 1
        ? e.broadcastRecipient
            .create({ ...key, outcome: 'delivered', round, chunk: chunk.chunk, at })
            .commit()
        : e.broadcastRecipient
            .patch(key)
            .set({ outcome: 'delivered', round, at })
            .where((a, op) => `${op.eq(a.outcome, 'failed')} AND ${op.eq(a.chunk, chunk.chunk)}`)
            .commit(),
    ],
  });
  if (result.outcome === 'delivered') return 'delivered';
  if (result.outcome === 'guarded') return decidedHere(deps, reserve.reserveId, chunk.chunk, fanId);
  return recordOutcome(deps, reserve.reserveId, chunk.chunk, fanId, result.outcome, round);
}

/** The fan's outcome as stored, when this chunk decided it. */
async function decidedHere(deps: ChatDeps, reserveId: string, chunk: string, fanId: string) {
  const { data } = await deps.db.entities.broadcastRecipient
    .get(recipientKey(reserveId, fanId))
    .go({ consistent: true });
  return data?.chunk === chunk ? data.outcome : null;
}

/** Records a skip or a failure once (or over this chunk's earlier failure in a retry round). */
async function recordOutcome(
  deps: ChatDeps,
  reserveId: string,
  chunk: string,
  fanId: string,
  outcome: RecipientOutcome,
  round: number,
): Promise<RecipientOutcome | null> {
  const key = recipientKey(reserveId, fanId);
  const at = deps.clock.now().toISOString();
  const written =
    round === 1
      ? await deps.db.entities.broadcastRecipient
          .create({ ...key, outcome, round, chunk, at })
          .go()
          .catch(lost)
      : await deps.db.entities.broadcastRecipient
          .patch(key)
          .set({ outcome, round, at })
          .where(
            (a, op) =>
              `${op.eq(a.outcome, 'failed')} AND ${op.eq(a.chunk, chunk)} AND ${op.lt(a.round, round)}`,
          )
          .go()
          .catch(lost);
  return written ? outcome : decidedHere(deps, reserveId, chunk, fanId);
}

function countsOf(outcomes: Iterable<RecipientOutcome>): Counts {
  const counts = emptyCounts();
  for (const outcome of outcomes) {
    counts.targeted++;
    counts[outcome]++;
  }
  return counts;
}

/** The chunk's counts of this round and the reserve's `chunksDone + 1`, once per round. */
async function completeChunk(
  deps: ChatDeps,
  reserve: ReserveItem,
  chunk: ChunkItem,
  outcomes: Map<string, RecipientOutcome>,
  round: number,
) {
  const { creatorId, reserveId } = reserve;
  const now = deps.clock.now().toISOString();
  const failedIds = [...outcomes].filter(([, o]) => o === 'failed').map(([fanId]) => fanId);
  const result = await deps.db.transaction
    .write((e) => [
      e.broadcastChunk
        .patch({ reserveId, chunk: chunk.chunk })
        .set({ doneRound: round, counts: countsOf(outcomes.values()), failedIds, updatedAt: now })
        .where((a, op) => op.lt(a.doneRound, round))
        .commit(),
      e.reserve
        .patch({ creatorId, reserveId })
        .add({ chunksDone: 1 })
        .set({ progressAt: now, updatedAt: now })
        .where((a, op) => `${op.eq(a.round, round)} AND ${op.eq(a.status, STATUS.sending)}`)
        .commit(),
    ])
    .go();
  // Cancelled: this chunk was completed already (a redelivery), or the round is over.
  if (!result.canceled) await finishIfDone(deps, creatorId, reserveId);
}

/** When the round's chunks are all done (and planned): the counts summed and the final status. */
async function finishIfDone(deps: ChatDeps, creatorId: string, reserveId: string): Promise<boolean> {
  const reserve = await readReserve(deps, creatorId, reserveId);
  if (!reserve || reserve.status !== STATUS.sending || !reserve.planned) return false;
  if (reserve.chunksDone < reserve.roundChunks) return false;
  return endRound(deps, reserve);
}

async function endRound(deps: ChatDeps, reserve: ReserveItem): Promise<boolean> {
  const { creatorId, reserveId } = reserve;
  const chunks = await allChunks(deps, reserveId);
  const counts = emptyCounts();
  for (const c of chunks) for (const k of Object.keys(counts) as (keyof Counts)[]) counts[k] += c.counts[k];
  const now = deps.clock.now().toISOString();
  const ended = await deps.db.entities.reserve
    .patch({ creatorId, reserveId })
    .set({
      status: counts.failed > 0 ? STATUS.error : STATUS.completed,
      counts,
      planned: true,
      sendingSince: '',
      finishedAt: now,
      updatedAt: now,
    })
    .remove(['planCursor'])
    .where(
      (a, op) =>
        `${op.eq(a.status, STATUS.sending)} AND ${op.eq(a.round, reserve.round)} AND ${op.eq(a.chunksDone, reserve.chunksDone)}`,
    )
    .go()
    .catch(lost);
  return ended !== null;
}

async function allChunks(deps: ChatDeps, reserveId: string): Promise<ChunkItem[]> {
  const { data } = await deps.db.entities.broadcastChunk.query
    .byReserve({ reserveId })
    .go({ pages: 'all', consistent: true });
  return data;
}

/** The chunks a round sends: all in round 1, those holding failed fans in a retry round. */
const inRound = (c: ChunkItem, round: number) => round === 1 || (c.failedIds?.length ?? 0) > 0;

/**
 * `POST /broadcasting/reserve/retry {id}`: sends again to the failed recipients of a reserve in
 * status 3 (error). Refused ('broadcast_not_retryable') in any other state.
 */
export async function retryFailed(deps: BroadcastDeps, creatorId: string, reserveId: string): Promise<void> {
  const reserve = await readReserve(deps, creatorId, reserveId);
  if (!reserve) throw new AppError('not_found');
  if (reserve.status !== STATUS.error || reserve.counts.failed === 0)
    throw new AppError('broadcast_not_retryable');
  const chunks = (await allChunks(deps, reserveId)).filter((c) => inRound(c, 2));
  if (chunks.length === 0) throw new AppError('broadcast_not_retryable');
  const round = reserve.round + 1;
  const now = deps.clock.now().toISOString();
  const started = await deps.db.entities.reserve
    .patch({ creatorId, reserveId })
    .set({
      status: STATUS.sending,
      round,
      roundChunks: chunks.length,
      chunksDone: 0,
      sendingSince: now,
      progressAt: now,
      updatedAt: now,
    })
    .where((a, op) => `${op.eq(a.status, STATUS.error)} AND ${op.eq(a.round, reserve.round)}`)
    .go()
    .catch(lost);
  if (!started) throw new AppError('broadcast_not_retryable');
  // Lost on a crash here: the sweep queues the round's chunks again.
  await deps.queue.send(
    DELIVERY_QUEUE,
    chunks.map((c) => ({ reserve_id: reserveId, creator_id: creatorId, chunk: c.chunk, round })),
  );
}

/**
 * The sweep (every few minutes): each sending reserve without progress for `stallMinutes` is
 * resumed: a plan cut short plans on; otherwise the round's unfinished chunks are queued again
 * (a message lost between a commit and its send, a chunk dead-lettered), or the round is ended.
 */
export async function sweepSending(deps: BroadcastDeps): Promise<Record<string, unknown>> {
  const { data } = await deps.db.entities.reserve.query
    .sending({ status: STATUS.sending })
    .go({ pages: 'all' });
  const stallBefore = deps.clock.now().getTime() - B.stallMinutes * MINUTE_MS;
  let resumed = 0;
  let requeued = 0;
  for (const seen of data) {
    const reserve = await readReserve(deps, seen.creatorId, seen.reserveId);
    if (!reserve || reserve.status !== STATUS.sending) continue;
    if (Date.parse(reserve.progressAt ?? reserve.updatedAt) > stallBefore) continue;
    resumed++;
    if (!reserve.planned) {
      await plan(deps, reserve);
      continue;
    }
    if (await finishIfDone(deps, reserve.creatorId, reserve.reserveId)) continue;
    const pending = (await allChunks(deps, reserve.reserveId)).filter(
      (c) => c.doneRound < reserve.round && inRound(c, reserve.round),
    );
    const now = deps.clock.now().toISOString();
    await deps.db.entities.reserve
      .patch({ creatorId: reserve.creatorId, reserveId: reserve.reserveId })
      .set({ progressAt: now })
      .go();
    await deps.queue.send(
      DELIVERY_QUEUE,
      pending.map((c) => ({
        reserve_id: reserve.reserveId,
        creator_id: reserve.creatorId,
        chunk: c.chunk,
        round: reserve.round,
      })),
    );
    requeued += pending.length;
  }
  return { sending: data.length, resumed, requeued };
}
