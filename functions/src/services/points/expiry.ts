/**
 * The daily expiry job (J2): lots are listed by the JST date of their expiry (gsi1, sharded); each
 * expired lot is removed with a type-2 log row. Reads already hide expired lots at the instant, so
 * the job only writes the record. A cursor makes a late or repeated run catch up, idempotently.
 */
import { businessConfig } from '@app/shared/config';
import { forEachDueDate } from '../daily-catch-up.ts';
import { expireLot, type LedgerDeps } from './ledger.ts';

const JOB = 'point-expiry';

/** `jobName` names the cursor (tests use their own). */
export async function expireDueLots(
  deps: LedgerDeps,
  jobName = JOB,
): Promise<{ lots: number; points: number; from: string; to: string }> {
  const now = deps.clock.now();
  const shards = Array.from({ length: businessConfig.points.expiryShards }, (_, s) => String(s));
  let lots = 0;
  let points = 0;
  // Every lot of a date before today has expired by now, so those dates are complete.
  const range = await forEachDueDate(deps.db, jobName, now, async (date) => {
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
  });
  return { lots, points, ...range };
}
