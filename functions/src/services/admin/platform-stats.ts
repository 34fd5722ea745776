/**
 * The platform's daily figures for the operators' dashboard (issue 17), kept by three stream
 * consumers over one write path (`addOnce`): each record's figures are ADDed to one write shard of
 * its JST day (entity `PlatformDay`), in one transaction with a StreamMark named after the
 * record's item, so a redelivered record, whatever its event id, adds nothing.
 *
 * - `streams/platform-stats-sales`: every income row the ledger writes (a spend's row per payee and
 *   point kind; a reversal's negative rows) → the point value and the fee (the platform's share)
 *   by payment type and point kind; the movement's first row (`…-0`) counts the payment once
 *   (a reversal's first row takes it back).
 * - `streams/platform-stats-purchases`: a card purchase of mushrooms settled (`completed`) → yen,
 *   mushrooms and one purchase, on the day it was paid. Mushrooms are never refunded as cash
 *   (DECISIONS.md "Points"), so nothing is subtracted; a refund of points is a reversal of the
 *   spend and shows in the sales above.
 * - `streams/platform-stats-accounts`: a new profile → one new account of its role (fans,
 *   creators and casts, owners; operators are not counted).
 */
import { businessConfig } from '@app/shared/config';
import { jstDate } from '@app/shared/time';
import {
  type PlatformDayField,
  STATS_PAYMENT_TYPES,
  STATS_POINT_KINDS,
  STATS_ROLES,
  type StatsPaymentType,
  type StatsPointKind,
  salesField,
} from '../../db/entities/platform-stats.ts';
import { ttlAt } from '../../db/keys.ts';
import type { Db } from '../../db/service.ts';
import { sha256, shardOf } from '../../lib/crypto.ts';
import { logger } from '../../lib/logger.ts';
import type { StreamRecord } from '../../lib/stream.ts';

/** Marks outlive the stream's 24 h retention of a record. */
const MARK_MS = 2 * 86_400_000;

export type DayFigures = Partial<Record<PlatformDayField, number>>;

/**
 * Adds `figures` to the JST day of `at`, once per `id` (the consumer's mark, in the same
 * transaction as the ADD). A cancelled transaction whose mark exists was a repeat; otherwise
 * (a conflict on the shard) it throws, and the record is retried.
 */
export async function addOnce(
  db: Db,
  consumer: string,
  id: string,
  at: string,
  figures: DayFigures,
  now = new Date(),
): Promise<boolean> {
  // The mark names a hash of the record's item, never a profile id: nothing here outlives leaving.
  const mark = { consumer, eventId: sha256(`${consumer}:${id}`).slice(0, 32) };
  const day = jstDate(new Date(at));
  const shard = shardOf(id, businessConfig.admin.platformStatsShards);
  const result = await db.transaction
    .write(({ streamMark, platformDay }) => [
      streamMark.create({ ...mark, ttl: ttlAt(new Date(now.getTime() + MARK_MS)) }).commit(),
      platformDay.update({ day, shard }).add(figures).commit(),
    ])
    .go();
  if (!result.canceled) return true;
  const { data } = await db.entities.streamMark.get(mark).go({ consistent: true });
  if (!data) throw new Error(`${consumer}: platform figures transaction cancelled`);
  logger.info('platform figures counted already', mark);
  return false;
}

const isType = (n: unknown): n is StatsPaymentType => STATS_PAYMENT_TYPES.includes(n as StatsPaymentType);
const isKind = (k: unknown): k is StatsPointKind => STATS_POINT_KINDS.includes(k as StatsPointKind);

/** An income row's figures: its value and fee by type and kind, and ±1 payment on the movement's first row. */
export function salesFigures(row: {
  paymentType: number;
  pointType: string;
  points: number;
  fee: number;
  rowId: string;
}): DayFigures | null {
  if (!isType(row.paymentType) || !isKind(row.pointType)) return null;
  const t = row.paymentType;
  // The ledger numbers a movement's rows from 0 (`<logId>-<n>`): the first one stands for the payment.
  const first = row.rowId.endsWith('-0');
  return {
    [salesField('points', t, row.pointType)]: row.points,
    [salesField('fee', t, row.pointType)]: row.fee,
    ...(first ? { [`count${t}`]: row.points < 0 ? -1 : 1 } : {}),
  };
}

export async function salesRecord(db: Db, record: StreamRecord, now = new Date()): Promise<void> {
  if (record.eventName !== 'INSERT') return;
  const row = db.entities.incomeRow.parse({ Item: record.image }).data;
  if (!row) return;
  const figures = salesFigures(row);
  if (!figures) {
    logger.warn('income row of an unknown type or kind left out', { txId: row.txId, rowId: row.rowId });
    return;
  }
  // A row is inserted once: its creator and row id name it.
  await addOnce(db, 'platform-stats-sales', `${row.creatorId}#${row.rowId}`, row.createdAt, figures, now);
}

export async function purchaseRecord(db: Db, record: StreamRecord, now = new Date()): Promise<void> {
  const payment = db.entities.payment.parse({ Item: record.image }).data;
  if (payment?.state !== 'completed') return;
  // The receipt's mark later modifies the completed payment again: the payment's uuid counts it once.
  await addOnce(
    db,
    'platform-stats-purchases',
    payment.uuid,
    payment.paidAt ?? payment.createdAt,
    { purchaseYen: payment.yen, purchaseMushrooms: payment.mushrooms, purchases: 1 },
    now,
  );
}

export async function accountRecord(db: Db, record: StreamRecord, now = new Date()): Promise<void> {
  if (record.eventName !== 'INSERT') return;
  const profile = db.entities.profile.parse({ Item: record.image }).data;
  const role = profile?.roleId;
  if (!profile || !STATS_ROLES.includes(role as (typeof STATS_ROLES)[number])) return;
  await addOnce(
    db,
    'platform-stats-accounts',
    profile.profileId,
    profile.createdAt,
    { [`accounts${role}`]: 1 },
    now,
  );
}
