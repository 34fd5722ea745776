/**
 * The operators' dashboard (issue 17, section "dashboard"):
 * - `GET /admin/dashboard` → `dashboardResponse`: today's and this month's (JST) sales by payment
 *   type, card purchases of mushrooms, new accounts by role, the queues' counts, and the last
 *   `admin.dashboardDays` days for the charts.
 *
 * Sales are in points (1 point = 10 yen, DECISIONS.md "Points"); `fee` is the platform's share of
 * the point value. Leaves and original points are free points: their value is not money received.
 */
import * as z from 'zod/mini';
import { paymentTypes } from './business.ts';
import { pointKinds } from './points.ts';

const count = z.int();

const kindFigures = z.object({ points: count, fee: count });

export const salesByType = z.object({
  payment_type: z.literal(paymentTypes),
  /** Point value of the sales (all kinds), the platform's share, and payments (reversals subtracted). */
  points: count,
  fee: count,
  count,
  by_kind: z.record(z.enum(pointKinds), kindFigures),
});
export type SalesByType = z.infer<typeof salesByType>;

export const periodFigures = z.object({
  sales: z.array(salesByType),
  /** The sales of every type together. */
  total: z.object({ points: count, fee: count, count, mushroom_points: count }),
  /** Card purchases of mushrooms settled: yen paid, mushrooms credited, purchases. */
  purchases: z.object({ yen: count, mushrooms: count, count }),
  /** New accounts: fans (role 4), creators and casts (role 2), shop and organization owners (role 1). */
  accounts: z.object({ fans: count, creators: count, owners: count }),
});
export type PeriodFigures = z.infer<typeof periodFigures>;

export const dashboardDay = z.object({
  /** JST date, YYYY-MM-DD. */
  day: z.string(),
  /** Point value of each type's sales: chat, products, fan clubs, gifts. */
  sales: z.object({ chat: count, product: count, subscription: count, gift: count }),
  purchase_yen: count,
  fans: count,
  creators: count,
  owners: count,
});
export type DashboardDay = z.infer<typeof dashboardDay>;

export const dashboardResponse = z.object({
  /** JST date and month the figures are for. */
  today: z.string(),
  month: z.string(),
  figures: z.object({ today: periodFigures, month: periodFigures }),
  queues: z.object({
    /** Reports still needing work, by status: not taken yet (open) and taken (in progress). */
    reports: z.object({ open: count, in_progress: count }),
    /** Organizations under review. */
    organizations_review: count,
    /** Withdrawal requests waiting for the operators, by status. */
    withdrawals: z.object({ unconfirmed: count, checking: count, reapplying: count }),
  }),
  /** Oldest first, ending today; days without figures are zeros. */
  series: z.array(dashboardDay),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
