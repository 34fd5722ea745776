/**
 * Broadcast rules (DECISIONS.md "Broadcasts"): the conditions, the scheduled time's range and a
 * trigger's delivery times (interval hours apart, only inside a window of whole JST hours).
 * Pure functions: the API, the jobs and the web forms use the same ones.
 */
import { businessConfig } from './config.ts';

const B = businessConfig.broadcasts;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** JST is UTC+9 all year (no daylight saving time). */
const JST_OFFSET_MS = 9 * HOUR_MS;

/**
 * Trigger conditions (stable codes): 1 signed up through the creator's invitation page, 2 first
 * fan-club join, 3 liked the creator, 4 liked and has not chatted for the set hours, 5 has not
 * responded for the set hours, 6 mutual chat established (both sides have written).
 */
export const TRIGGER_CONDITIONS = [1, 2, 3, 4, 5, 6] as const;
export type TriggerCondition = (typeof TRIGGER_CONDITIONS)[number];

/** Scheduled conditions: 1 current fan-club members, 2 inactive in chat for the set hours, 3 mutual chat. */
export const RESERVE_CONDITIONS = [1, 2, 3] as const;
export type ReserveCondition = (typeof RESERVE_CONDITIONS)[number];

/** The conditions that take `hours` (and only they keep it). */
export const triggerNeedsHours = (c: TriggerCondition) => c === 4 || c === 5;
export const reserveNeedsHours = (c: ReserveCondition) => c === 2;

/** A scheduled broadcast's status (the spec's numbers). */
export const RESERVE_STATUS = { notSent: 0, sending: 1, completed: 2, error: 3 } as const;
export type ReserveStatus = (typeof RESERVE_STATUS)[keyof typeof RESERVE_STATUS];

/** Why a recipient got nothing: a block either way, a closed room, an account that left. */
export const SKIP_REASONS = ['blocked', 'closed', 'left'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** What happened to one recipient of a broadcast. */
export type RecipientOutcome = 'delivered' | SkipReason | 'failed';

/**
 * The counts a creator sees for a broadcast (scheduled: the frozen audience; trigger: the fans
 * each chat went to): targeted = delivered + blocked + closed + left + failed once it is done.
 */
export interface BroadcastCounts {
  targeted: number;
  delivered: number;
  blocked: number;
  closed: number;
  left: number;
  failed: number;
}

export const emptyCounts = (): BroadcastCounts => ({
  targeted: 0,
  delivered: 0,
  blocked: 0,
  closed: 0,
  left: 0,
  failed: 0,
});

/** Why a scheduled time is refused, or null: past, closer than 5 minutes, further than 90 days. */
export function reserveTimeRefusal(reservedAt: Date, now: Date): 'past' | 'too_soon' | 'too_far' | null {
  const t = reservedAt.getTime();
  if (Number.isNaN(t) || t <= now.getTime()) return 'past';
  if (t < now.getTime() + B.reserveMinMinutes * 60_000) return 'too_soon';
  if (t > now.getTime() + B.reserveMaxDays * DAY_MS) return 'too_far';
  return null;
}

/**
 * A delivery window of whole JST hours: from `start`:00 (0-23) to `end`:00 (1-24, not included).
 * `start` > `end` wraps over midnight (22 to 6 is 22:00-06:00); 0 to 24 is the whole day.
 */
export interface DeliveryWindow {
  start: number;
  end: number;
}

export const WHOLE_DAY: DeliveryWindow = { start: 0, end: 24 };

/** The window's hours are whole, in range and not empty. */
export function isValidWindow(w: DeliveryWindow): boolean {
  return (
    Number.isInteger(w.start) &&
    Number.isInteger(w.end) &&
    w.start >= 0 &&
    w.start <= 23 &&
    w.end >= 1 &&
    w.end <= 24 &&
    w.start !== w.end
  );
}

/** The JST hour (0-23) of an instant. */
export const jstHour = (instant: Date) =>
  Math.floor(((instant.getTime() + JST_OFFSET_MS) % DAY_MS) / HOUR_MS);

export function inWindow(instant: Date, w: DeliveryWindow): boolean {
  const h = jstHour(instant);
  return w.start < w.end ? h >= w.start && h < w.end : h >= w.start || h < w.end;
}

/** The instant itself when it is inside the window, else the window's next start (JST). */
export function windowOpenAt(instant: Date, w: DeliveryWindow): Date {
  if (inWindow(instant, w)) return instant;
  const jst = instant.getTime() + JST_OFFSET_MS;
  const dayStart = jst - (jst % DAY_MS);
  let next = dayStart + w.start * HOUR_MS - JST_OFFSET_MS;
  if (next <= instant.getTime()) next += DAY_MS;
  return new Date(next);
}

/** When a trigger's first chat goes out after its event. */
export const firstStepAt = (eventAt: Date, w: DeliveryWindow) => windowOpenAt(eventAt, w);

/** When the next chat goes out: `intervalHours` after the previous one, moved into the window. */
export const nextStepAt = (previousAt: Date, intervalHours: number, w: DeliveryWindow) =>
  windowOpenAt(new Date(previousAt.getTime() + intervalHours * HOUR_MS), w);

/** The placeholders of the broadcasts' validation messages, for `t(key, broadcastMessageParams)`. */
export const broadcastMessageParams = {
  broadcast_chats_max: B.chatsMax,
  broadcast_text_max: B.textMax,
  broadcast_hours_min: B.conditionHoursMin,
  broadcast_hours_max: B.conditionHoursMax,
  broadcast_interval_min: B.intervalHoursMin,
  broadcast_interval_max: B.intervalHoursMax,
  broadcast_reserve_min: B.reserveMinMinutes,
  broadcast_reserve_max_days: B.reserveMaxDays,
  trigger_max: businessConfig.limits.triggerBroadcasts,
  reserve_max: businessConfig.limits.scheduledBroadcasts,
} as const;
