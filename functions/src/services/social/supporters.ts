/**
 * Supporter totals (stream consumer `streams/supporters`, journal INSERTs of kind `spend`): the
 * point value a fan spends on a creator (chat, stamps, items, fan club) is added to the fan's
 * `all` row and the row of the spend's JST month; a spend paying several creators (a cart) adds to
 * each its own points. Each row is rewritten with its new total and
 * rank key on a condition on the total read (only this consumer writes these rows); `lastTxIds`
 * holds the movements already added, so a redelivered record adds nothing.
 */
import { spendPurposes } from '@app/shared/schemas/points';
import { jstMonth } from '@app/shared/time';
import { isConditionFailure } from '../../db/errors.ts';
import type { Db } from '../../db/service.ts';
import type { StreamRecord } from '../../lib/stream.ts';

/** Every spend on a creator is support: chat, stamps (`gift`), items (`product`), fan club (`subscription`). */
const SUPPORT_PURPOSES = new Set<string>(spendPurposes);
/** Recent movements remembered per row: more than a stream batch of one fan's spends on one creator. */
const KEEP_TX_IDS = 60;

async function addToRow(
  db: Db,
  key: { creatorId: string; period: string; fanId: string },
  txId: string,
  points: number,
  at: string,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const { data: row } = await db.entities.supporter.get(key).go({ consistent: true });
    if (row?.lastTxIds?.includes(txId)) return;
    try {
      await db.entities.supporter
        .put({
          ...key,
          total: (row?.total ?? 0) + points,
          lastTxIds: [...(row?.lastTxIds ?? []), txId].slice(-KEEP_TX_IDS),
          updatedAt: at,
        })
        .where((a, op) => (row ? op.eq(a.total, row.total) : op.notExists(a.total)))
        .go();
      return;
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= 5) throw error;
    }
  }
}

/**
 * The points a spend paid each payee: its one `payeeId`, or its `shares` (a cart of several shops:
 * one movement, each payee credited once with the sum of its shares).
 */
export function payeesOf(j: {
  payeeId?: string;
  points: number;
  shares?: { payeeId: string; points: number }[];
}): Map<string, number> {
  const paid = new Map<string, number>();
  if (j.payeeId) paid.set(j.payeeId, j.points);
  else for (const s of j.shares ?? []) paid.set(s.payeeId, (paid.get(s.payeeId) ?? 0) + s.points);
  return paid;
}

export async function supporterRecord(db: Db, record: StreamRecord): Promise<void> {
  const { data: j } = db.entities.journal.parse({ Item: record.image });
  if (j?.kind !== 'spend' || !j.purpose || !SUPPORT_PURPOSES.has(j.purpose)) return;
  const month = jstMonth(new Date(j.createdAt));
  for (const [creatorId, points] of payeesOf(j)) {
    if (!Number.isInteger(points) || points <= 0) continue;
    const base = { creatorId, fanId: j.holderId };
    for (const period of ['all', month]) await addToRow(db, { ...base, period }, j.txId, points, j.createdAt);
  }
}
