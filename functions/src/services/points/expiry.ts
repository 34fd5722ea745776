/**
 * The daily expiry job (J2): lots are listed by the JST date of their expiry (gsi1, sharded); each
 * expired lot is removed with a type-2 log row. Reads already hide expired lots at the instant, so
 * the job only writes the record. A cursor makes a late or repeated run catch up, idempotently.
 */
import { businessConfig } from '@app/shared/config';
import { jstDate } from '@app/shared/time';
import { expireLot, type LedgerDeps } from './ledger.ts';

const JOB = 'point-expiry';
/** Without a cursor (first run), look this many days back. */
const FIRST_RUN_DAYS = 30;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** `jobName` names the cursor (tests use their own). */
export async function expireDueLots(
  deps: LedgerDeps,
  jobName = JOB,
): Promise<{ lots: number; points: number; from: string; to: string }> {
  const now = deps.clock.now();
  const today = jstDate(now);
  const { data: cursor } = await deps.db.entities.jobCursor.get({ jobName }).go({ consistent: true });
  const from = cursor ? addDays(cursor.value, 1) : addDays(today, -FIRST_RUN_DAYS);
  let lots = 0;
  let points = 0;
  for (let date = from; date <= today; date = addDays(date, 1)) {
    const shards = Array.from({ length: businessConfig.points.expiryShards }, (_, s) => String(s));
    await Promise.all(
      shards.map(async (shard) => {
        const { data } = await deps.db.entities.lot.query
          .byExpiry({ expiryDate: date, shard })
          .lte({ expiresAt: now.toISOString() })
          .go({ pages: 'all' });
        for (const lot of data) {
          if (await expireLot(deps, lot)) {
            lots++;
            points += lot.balance;
          }
        }
      }),
    );
  }
  // Every lot of a date before today has expired by now: those dates are done.
  const done = addDays(today, -1);
  if (!cursor || cursor.value < done) {
    await deps.db.entities.jobCursor.upsert({ jobName, value: done, updatedAt: now.toISOString() }).go();
  }
  return { lots, points, from, to: today };
}
