/**
 * The catch-up loop of the daily jobs: `perDate` runs for every JST date from the day after the
 * job's cursor (on a first run, `FIRST_RUN_DAYS` back) to today; then the cursor becomes
 * yesterday, since those dates are complete. A late, repeated or concurrent run is safe as long as
 * `perDate` is idempotent.
 */
import { addDays, jstDate } from '@app/shared/time';
import type { Db } from '../db/service.ts';

const FIRST_RUN_DAYS = 30;

export async function forEachDueDate(
  db: Db,
  jobName: string,
  now: Date,
  perDate: (date: string) => Promise<void>,
): Promise<{ from: string; to: string }> {
  const today = jstDate(now);
  const { data: cursor } = await db.entities.jobCursor.get({ jobName }).go({ consistent: true });
  const from = cursor ? addDays(cursor.value, 1) : addDays(today, -FIRST_RUN_DAYS);
  for (let date = from; date <= today; date = addDays(date, 1)) await perDate(date);
  const done = addDays(today, -1);
  if (!cursor || cursor.value < done) {
    await db.entities.jobCursor.upsert({ jobName, value: done, updatedAt: now.toISOString() }).go();
  }
  return { from, to: today };
}
