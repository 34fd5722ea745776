/**
 * Rate limits kept in the table, so they hold the same locally and in AWS and across every
 * concurrent Lambda: one counter item per scope, key and fixed time window, taken with a
 * conditional ADD (`count < limit`). A refused take writes nothing and answers 429 with the
 * seconds left in the window. TTL removes the counters after their window.
 *
 * `takeSlot` before the guarded work; `slot.release()` gives the slot back when the work should
 * not count (a successful login), so the limit bounds failures, whatever the concurrency.
 */

import { isConditionFailure } from '../db/errors.ts';
import { ttlAt } from '../db/keys.ts';
import type { Db } from '../db/service.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

export interface Slot {
  /** Gives the slot back (the action turned out not to count against the limit). */
  release(): Promise<void>;
}

/** The window `now` falls in: its start (epoch seconds, used in the key) and its end. */
export function windowOf(now: Date, rule: RateRule) {
  const start = Math.floor(now.getTime() / 1000 / rule.windowSeconds) * rule.windowSeconds;
  return { start, end: start + rule.windowSeconds };
}

/**
 * Takes one slot of `rule` for `scope`/`key`, or throws `rate_limited` (429) with the wait until
 * the window ends. `key` is normalised by the caller (lower-case e-mail, profile id).
 */
export async function takeSlot(
  db: Db,
  clock: Clock,
  scope: string,
  key: string,
  rule: RateRule,
): Promise<Slot> {
  const now = clock.now();
  const { start, end } = windowOf(now, rule);
  const counter = { scope, key, window: start };
  try {
    await db.entities.rateCounter
      .update(counter)
      .add({ count: 1 })
      .set({ ttl: ttlAt(new Date(end * 1000)) + 60 })
      .where((attr, op) => `${op.notExists(attr.count)} OR ${op.lt(attr.count, rule.limit)}`)
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw new AppError('rate_limited', `${scope} limit reached`).retryIn(end - now.getTime() / 1000);
  }
  return {
    async release() {
      await db.entities.rateCounter.update(counter).add({ count: -1 }).go({ response: 'none' });
    },
  };
}
