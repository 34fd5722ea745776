/**
 * Sending a scheduled broadcast at scale (the fan-out): the send job freezes the audience into
 * chunks and queues them; queue workers deliver each chunk's fans once; the last chunk sets the
 * counts and the status. Written with the fan-out commit; the signatures below are what the
 * authoring screens and the job call.
 */
import * as z from 'zod/mini';
import type { BroadcastDeps } from './deps.ts';

/** The job's input, from the reserve's one-time schedule (`scheduleNameOf`). */
export const reserveSendInput = z.object({
  reserve_id: z.string(),
  creator_id: z.string(),
  /** The time the schedule was made for: a schedule left from before an edit changes nothing. */
  reserved_at: z.string(),
});
export type ReserveSendInput = z.infer<typeof reserveSendInput>;

/** The one-time schedule of a reserve (one per reserve: an edit replaces it). */
export const scheduleNameOf = (reserveId: string) => `reserve-${reserveId}`;

/** The job handler that a reserve's schedule invokes. */
export const RESERVE_SEND_JOB = 'jobs/broadcast-send';

/** Starts (or resumes) sending a reserve whose time has come. */
export async function startReserve(
  _deps: BroadcastDeps,
  _input: ReserveSendInput,
): Promise<Record<string, unknown>> {
  throw new Error('startReserve: coming with the fan-out commit');
}

/**
 * `POST /broadcasting/reserve/retry {id}`: sends again to the failed recipients of a reserve in
 * status 3 (error). Refused ('broadcast_not_retryable') in any other state.
 */
export async function retryFailed(
  _deps: BroadcastDeps,
  _creatorId: string,
  _reserveId: string,
): Promise<void> {
  throw new Error('retryFailed: coming with the fan-out commit');
}

/** The sweep: resumes plans cut short and re-queues chunks that made no progress for `stallMinutes`. */
export async function sweepSending(_deps: BroadcastDeps): Promise<Record<string, unknown>> {
  return { resumed: 0 };
}
