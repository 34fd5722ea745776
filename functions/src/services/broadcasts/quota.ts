/**
 * A creator's broadcast slots (BroadcastQuota `bcast#<creatorId>`/`quota`, db/entities/broadcast.ts):
 * scheduled broadcasts not sent yet, and triggers. Every move is an ADD in the transaction of the
 * write it counts; taking a slot is conditioned on the count being under the limit, so concurrent
 * creates can never pass it (no read decides).
 */
import { businessConfig } from '@app/shared/config';
import type { Db } from '../../db/service.ts';
import type { TxEntities } from '../points/ledger.ts';

const L = businessConfig.limits;

export type QuotaField = 'reserves' | 'triggers';
export const QUOTA_LIMITS: Record<QuotaField, number> = {
  reserves: L.scheduledBroadcasts,
  triggers: L.triggerBroadcasts,
};

/** Takes one slot (the transaction is canceled when the creator is at the limit). */
export const quotaTake = (e: TxEntities, creatorId: string, field: QuotaField) =>
  e.broadcastQuota
    .update({ creatorId })
    .add({ [field]: 1 })
    .where((a, op) => `${op.notExists(a[field])} OR ${op.lt(a[field], QUOTA_LIMITS[field])}`)
    .commit();

/** Gives one slot back (a delete; a reserve that starts sending). */
export const quotaGiveBack = (e: TxEntities, creatorId: string, field: QuotaField) =>
  e.broadcastQuota
    .update({ creatorId })
    .add({ [field]: -1 })
    .commit();

/**
 * The transaction item that gives a reserve's slot back: the send job commits it with the move of
 * the reserve from status 0 to 1 (a sending or sent broadcast does not count toward the limit).
 */
export const reserveQuotaRelease = (e: TxEntities, creatorId: string) =>
  quotaGiveBack(e, creatorId, 'reserves');

/** The slots taken now (for the lists' "n of max"). */
export async function quotaUsed(db: Db, creatorId: string, field: QuotaField): Promise<number> {
  const { data } = await db.entities.broadcastQuota.get({ creatorId }).go({ consistent: true });
  return Math.max(0, data?.[field] ?? 0);
}
