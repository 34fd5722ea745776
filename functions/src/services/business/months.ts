/**
 * A creator's months as the business screens see them: each JST month's income totals (the sum
 * of its write shards) and its withdrawal request, read from the creator's income partition in
 * two queries (neither reads the income rows). The summary, the statement, the withdrawal screen
 * and leaving all start from here.
 */
import { businessConfig } from '@app/shared/config';
import { type PaymentType, paymentTypes } from '@app/shared/schemas/business';
import { jstMonth } from '@app/shared/time';
import type { EntityItem } from 'electrodb';
import type { Withdrawal } from '../../db/entities/withdrawal.ts';
import type { Db } from '../../db/service.ts';
import type { IncomeTotals } from '../points/ledger.ts';

export type WithdrawalItem = EntityItem<typeof Withdrawal>;

export interface CreatorMonths {
  /** 'YYYY-MM' -> the month's totals; months without any sale are absent. */
  totals: Map<string, IncomeTotals>;
  /** 'YYYY-MM' -> the month's totals by payment type 1-4 (index 0-3), from the same shards. */
  byType?: Map<string, IncomeTotals[]>;
  /** 'YYYY-MM' -> the month's request. */
  withdrawals: Map<string, WithdrawalItem>;
}

export async function readCreatorMonths(
  db: Db,
  creatorId: string,
  consistent = false,
): Promise<CreatorMonths> {
  const [shards, requests] = await Promise.all([
    db.entities.incomeMonth.query.byCreator({ creatorId }).go({ pages: 'all', consistent }),
    db.entities.withdrawal.query.byCreator({ creatorId }).go({ pages: 'all', consistent }),
  ]);
  const totals = new Map<string, IncomeTotals>();
  const byType = new Map<string, IncomeTotals[]>();
  for (const s of shards.data) {
    const types = byType.get(s.ym) ?? paymentTypes.map(() => ({ revenue: 0, fee: 0, income: 0 }));
    paymentTypes.forEach((n, i) => {
      const t = types[i] as IncomeTotals;
      t.revenue += s[`revenue${n}`] ?? 0;
      t.fee += s[`fee${n}`] ?? 0;
      t.income += s[`income${n}`] ?? 0;
    });
    byType.set(s.ym, types);
    const t = totals.get(s.ym) ?? { revenue: 0, fee: 0, income: 0 };
    totals.set(s.ym, {
      revenue: t.revenue + (s.revenue ?? 0),
      fee: t.fee + (s.fee ?? 0),
      income: t.income + (s.income ?? 0),
    });
  }
  return { totals, byType, withdrawals: new Map(requests.data.map((w) => [w.ym, w])) };
}

const ZERO: IncomeTotals = { revenue: 0, fee: 0, income: 0 };

/** A month's totals (zeros for a month without sales). */
export const monthTotals = (months: CreatorMonths, ym: string): IncomeTotals => months.totals.get(ym) ?? ZERO;

/** A month's totals by payment type 1-4, in order, zeros included. */
export function monthByType(
  months: CreatorMonths,
  ym: string,
): (IncomeTotals & { payment_type: PaymentType })[] {
  const types = months.byType?.get(ym);
  return paymentTypes.map((n, i) => ({ payment_type: n, ...(types?.[i] ?? ZERO) }));
}

/** A month is closed once it has ended in JST: its totals no longer change. */
export const isClosed = (ym: string, now: Date): boolean => ym < jstMonth(now);

export interface OpenMonth {
  ym: string;
  income: number;
  /** At or above `withdrawal.minimumYen`. */
  eligible: boolean;
}

/** Closed months with a positive income and no request, newest first. */
export function requestableMonths(months: CreatorMonths, now: Date): OpenMonth[] {
  return [...months.totals]
    .filter(([ym, t]) => isClosed(ym, now) && t.income > 0 && !months.withdrawals.has(ym))
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([ym, t]) => ({ ym, income: t.income, eligible: t.income >= businessConfig.withdrawal.minimumYen }));
}

/**
 * What can be requested now: the eligible requestable months, and the requests whose transfer
 * failed (the creator reapplies them), summed.
 */
export function withdrawableAmount(months: CreatorMonths, now: Date): number {
  let failed = 0;
  for (const w of months.withdrawals.values())
    if (w.status === 'transfer_failed') failed += w.finalizedAmount ?? w.requestedAmount;
  return (
    failed +
    requestableMonths(months, now)
      .filter((m) => m.eligible)
      .reduce((sum, m) => sum + m.income, 0)
  );
}

/** Every income not transferred yet (this month's included): what leaving forfeits. */
export function unpaidAmount(months: CreatorMonths): number {
  let unpaid = 0;
  for (const [ym, t] of months.totals) {
    if (months.withdrawals.get(ym)?.status !== 'transferred') unpaid += Math.max(0, t.income);
  }
  return unpaid;
}
