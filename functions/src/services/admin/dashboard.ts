/**
 * The operators' dashboard (issue 17): `GET /admin/dashboard`. Reads (docs/access-patterns.md,
 * "Console: the dashboard"):
 * - the platform's daily figures (`PlatformDay`, written by the platform-stats consumers): one
 *   Query per write shard (in parallel) of the days from the earlier of (today - 29) and the 1st
 *   of this month to today; today, this month and the chart's series are sums of what they read;
 * - the queues' sizes, each a `Select: COUNT` Query of the queue's index (paged while
 *   `LastEvaluatedKey`): reports still needing work (gsi1 `reports#open` and
 *   `reports#in_progress`), organizations under review (gsi1
 *   `org-status#review`), withdrawals by pending status (gsi2 `withdrawals#<status>`).
 */
import { businessConfig } from '@app/shared/config';
import type { DashboardDay, DashboardResponse, PeriodFigures } from '@app/shared/schemas/admin-dashboard';
import { addDays, jstDate } from '@app/shared/time';
import type { WithdrawalStatus } from '@app/shared/withdrawal-states';
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  type PlatformDayField,
  STATS_PAYMENT_TYPES,
  STATS_POINT_KINDS,
  salesField,
} from '../../db/entities/platform-stats.ts';
import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DayFigures } from './platform-stats.ts';
import type { ReportItem } from './reports.ts';

export interface DashboardDeps {
  db: Db;
  clock: Clock;
  /** The document client, for the COUNT queries ElectroDB does not make. */
  client: { send: (command: QueryCommand) => Promise<unknown> };
}

/** Withdrawal statuses that wait for the operators. */
export const PENDING_WITHDRAWALS = [
  'unconfirmed',
  'checking',
  'reapplying',
] as const satisfies readonly WithdrawalStatus[];

/** Report statuses that still need an operator's work. */
export const PENDING_REPORTS = ['open', 'in_progress'] as const satisfies readonly ReportItem['status'][];

const TYPE_NAMES = { 1: 'chat', 2: 'product', 3: 'subscription', 4: 'gift' } as const;

/** Items matching a Query, counted by DynamoDB (`Select: COUNT`), page after page. */
export async function countQuery(
  deps: Pick<DashboardDeps, 'client'>,
  params: QueryCommandInput,
): Promise<number> {
  let total = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = (await deps.client.send(
      new QueryCommand({ ...params, Select: 'COUNT', ...(start ? { ExclusiveStartKey: start } : {}) }),
    )) as { Count?: number; LastEvaluatedKey?: Record<string, unknown> };
    total += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return total;
}

function addInto(sum: DayFigures, item: DayFigures): void {
  for (const [k, v] of Object.entries(item) as [PlatformDayField, unknown][])
    if (typeof v === 'number') sum[k] = (sum[k] ?? 0) + v;
}

const n = (f: DayFigures, k: PlatformDayField) => f[k] ?? 0;

export function periodOf(f: DayFigures): PeriodFigures {
  const sales = STATS_PAYMENT_TYPES.map((t) => {
    const byKind = Object.fromEntries(
      STATS_POINT_KINDS.map((k) => [
        k,
        { points: n(f, salesField('points', t, k)), fee: n(f, salesField('fee', t, k)) },
      ]),
    ) as PeriodFigures['sales'][number]['by_kind'];
    const kinds = Object.values(byKind);
    return {
      payment_type: t,
      points: kinds.reduce((s, k) => s + k.points, 0),
      fee: kinds.reduce((s, k) => s + k.fee, 0),
      count: n(f, `count${t}`),
      by_kind: byKind,
    };
  });
  return {
    sales,
    total: {
      points: sales.reduce((s, x) => s + x.points, 0),
      fee: sales.reduce((s, x) => s + x.fee, 0),
      count: sales.reduce((s, x) => s + x.count, 0),
      mushroom_points: sales.reduce((s, x) => s + x.by_kind.mushroom.points, 0),
    },
    purchases: { yen: n(f, 'purchaseYen'), mushrooms: n(f, 'purchaseMushrooms'), count: n(f, 'purchases') },
    accounts: { fans: n(f, 'accounts4'), creators: n(f, 'accounts2'), owners: n(f, 'accounts1') },
  };
}

function dayOf(day: string, f: DayFigures): DashboardDay {
  const sales = Object.fromEntries(
    STATS_PAYMENT_TYPES.map((t) => [
      TYPE_NAMES[t],
      STATS_POINT_KINDS.reduce((s, k) => s + n(f, salesField('points', t, k)), 0),
    ]),
  ) as DashboardDay['sales'];
  return {
    day,
    sales,
    purchase_yen: n(f, 'purchaseYen'),
    fans: n(f, 'accounts4'),
    creators: n(f, 'accounts2'),
    owners: n(f, 'accounts1'),
  };
}

/** The platform's figures of each JST day from `from` to `to` (one Query per shard, in parallel). */
export async function readDays(db: Db, from: string, to: string): Promise<Map<string, DayFigures>> {
  const shards = Array.from({ length: businessConfig.admin.platformStatsShards }, (_, s) => String(s));
  const data = (
    await Promise.all(
      shards.map(
        async (shard) =>
          (
            await db.entities.platformDay.query
              .byShard({ shard })
              .between({ day: from }, { day: to })
              .go({ pages: 'all' })
          ).data,
      ),
    )
  ).flat();
  const days = new Map<string, DayFigures>();
  for (const { day, shard: _shard, ...figures } of data) {
    const sum = days.get(day) ?? {};
    addInto(sum, figures as DayFigures);
    days.set(day, sum);
  }
  return days;
}

export async function readDashboard(deps: DashboardDeps): Promise<DashboardResponse> {
  const today = jstDate(deps.clock.now());
  const month = today.slice(0, 7);
  const first = addDays(today, -(businessConfig.admin.dashboardDays - 1));
  const from = first < `${month}-01` ? first : `${month}-01`;
  const { db } = deps;
  const [days, [reportsOpen, reportsInProgress], organizationsReview, ...withdrawals] = await Promise.all([
    readDays(db, from, today),
    Promise.all(
      PENDING_REPORTS.map((status) =>
        countQuery(deps, db.entities.report.query.byStatus({ status }).params()),
      ),
    ),
    countQuery(deps, db.entities.organization.query.byStatus({ status: 'review' }).params()),
    ...PENDING_WITHDRAWALS.map((status) =>
      countQuery(deps, db.entities.withdrawal.query.byStatus({ status }).params()),
    ),
  ]);
  const monthSum: DayFigures = {};
  for (const [day, f] of days) if (day.startsWith(month)) addInto(monthSum, f);
  const series: DashboardDay[] = [];
  for (let day = first; day <= today; day = addDays(day, 1)) series.push(dayOf(day, days.get(day) ?? {}));
  return {
    today,
    month,
    figures: { today: periodOf(days.get(today) ?? {}), month: periodOf(monthSum) },
    queues: {
      reports: { open: reportsOpen ?? 0, in_progress: reportsInProgress ?? 0 },
      organizations_review: organizationsReview,
      withdrawals: Object.fromEntries(
        PENDING_WITHDRAWALS.map((s, i) => [s, withdrawals[i] ?? 0]),
      ) as DashboardResponse['queues']['withdrawals'],
    },
    series,
  };
}
