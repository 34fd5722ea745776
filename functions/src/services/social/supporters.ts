/**
 * Supporter totals (stream consumer `streams/supporters`, journal INSERTs of kind `spend`): the
 * point value a fan spends on a creator (chat, stamps, items, fan club) is added to the fan's
 * `all` row and the row of the spend's JST month. Each row is rewritten with its new total and
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

export async function supporterRecord(db: Db, record: StreamRecord): Promise<void> {
  const { data: j } = db.entities.journal.parse({ Item: record.image });
  if (j?.kind !== 'spend' || !j.payeeId || !j.purpose || !SUPPORT_PURPOSES.has(j.purpose)) return;
  if (!Number.isInteger(j.points) || j.points <= 0) return;
  const base = { creatorId: j.payeeId, fanId: j.holderId };
  const month = jstMonth(new Date(j.createdAt));
  for (const period of ['all', month]) await addToRow(db, { ...base, period }, j.txId, j.points, j.createdAt);
}
