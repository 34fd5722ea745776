/**
 * The daily expiry job (J2). A credit leaves an expiry marker `expiry#<date>#<s>`/`<holderId>`
 * (sharded by holder) for the JST date its lot expires; the job reads the markers of every due
 * date, reads each marked wallet once and removes every expired lot with a type-2 log row. Reads
 * already hide expired lots at the instant, so the job only writes the record. A cursor makes a
 * late or repeated run catch up; each lot's removal is idempotent (journal `exp-<lotId>`).
 *
 * A marker goes once its date has passed (every lot of that date has expired and been removed),
 * never on its own date: a lot re-credited today after expiry (a reversal) is bucketed today, and
 * tomorrow's run, which re-reads today, finds it.
 */
import { businessConfig } from '@app/shared/config';
import { jstDate } from '@app/shared/time';
import type { Db } from '../../db/service.ts';
import { shardOf } from '../../lib/crypto.ts';
import { forEachDueDate } from '../daily-catch-up.ts';
import { expireLot, type LedgerDeps, type LotItem, readLots } from './ledger.ts';

const JOB = 'point-expiry';
const P = businessConfig.points;
const SHARDS = Array.from({ length: P.expiryShards }, (_, s) => String(s));

/** `jobName` names the cursor (tests use their own). */
export async function expireDueLots(
  deps: LedgerDeps,
  jobName = JOB,
): Promise<{ lots: number; points: number; from: string; to: string }> {
  const now = deps.clock.now();
  const today = jstDate(now);
  let lots = 0;
  let points = 0;
  const expire = async (lot: LotItem) => {
    if (!(await expireLot(deps, lot))) return;
    lots++;
    points += lot.balance;
  };
  // Every lot of a date before today has expired by now, so those dates are complete.
  const range = await forEachDueDate(deps.db, jobName, now, async (date) => {
    await Promise.all(
      SHARDS.map(async (shard) => {
        const { data: markers } = await deps.db.entities.expiryMarker.query
          .byDate({ expiryDate: date, shard })
          .go({ pages: 'all' });
        for (const { holderId } of markers) {
          for (const lot of await readLots(deps.db, holderId)) await expire(lot);
          if (date < today) {
            await deps.db.entities.expiryMarker.delete({ expiryDate: date, shard, holderId }).go();
          }
        }
        // Lots credited before the markers existed are listed in gsi1 (legacy, see lot.ts).
        const { data: legacy } = await deps.db.entities.lot.query
          .byExpiry({ expiryDate: date, shard })
          .lte({ expiresAt: now.toISOString() })
          .go({ pages: 'all' });
        for (const lot of legacy) await expire(lot);
      }),
    );
  });
  return { lots, points, ...range };
}

/** The markers of a holder's current lots (leaving deletes them with the lots). */
export async function expiryMarkerKeysOf(db: Db, holderId: string) {
  const dates = new Set((await readLots(db, holderId)).map((l) => l.expiryDate));
  return [...dates].map(
    (expiryDate) =>
      db.entities.expiryMarker
        .delete({ expiryDate, shard: shardOf(holderId, P.expiryShards), holderId })
        .params().Key as { pk: string; sk: string },
  );
}
