/** A reserve's one-time schedule (lib/schedules.ts): its name and the job it invokes. */

/** The one-time schedule of a reserve (one per reserve: an edit replaces it). */
export const scheduleNameOf = (reserveId: string) => `reserve-${reserveId}`;

/** The job handler that a reserve's schedule invokes. */
export const RESERVE_SEND_JOB = 'jobs/broadcast-send';
