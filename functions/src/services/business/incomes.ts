/**
 * A creator's income screens: the month's income rows (`GET /mypage/incomes`), the summary with
 * its chart (`GET /mypage/summary`) and the statement of a closed month (`GET /mypage/statement`).
 * Every read is of the caller's own partitions (`income#<caller>`, `profile#<caller>`): no query
 * names another creator. Totals come from the month shards (months.ts), never from the rows.
 */
import { businessConfig } from '@app/shared/config';
import { campaignRuns } from '@app/shared/ledger';
import {
  type IncomeListResponse,
  type IncomeRowView,
  pointTypes,
  type StatementResponse,
  type SummaryResponse,
  yearMonthOf,
} from '@app/shared/schemas/business';
import { jstDate, jstMonth } from '@app/shared/time';
import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { cachedCampaign } from '../catalog/catalogue.ts';
import { readIncomeMonth } from '../points/ledger.ts';
import { profilesById } from '../profiles.ts';
import {
  isClosed,
  monthByType,
  monthTotals,
  readCreatorMonths,
  unpaidAmount,
  withdrawableAmount,
} from './months.ts';

export interface IncomeDeps {
  db: Db;
  clock: Clock;
}

interface YearMonth {
  year?: string | undefined;
  month?: string | undefined;
}

/** The month asked for ('YYYY-MM'), or the current JST month when neither part is given. */
const monthOf = (q: YearMonth, now: Date): string => yearMonthOf(q) ?? jstMonth(now);

const partsOf = (ym: string) => ({ year: Number(ym.slice(0, 4)), month: Number(ym.slice(5, 7)) });

/** The month `delta` months from `ym` ('YYYY-MM'). */
export function shiftMonth(ym: string, delta: number): string {
  const { year, month } = partsOf(ym);
  const index = year * 12 + (month - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const TARGET_KIND_BY_TYPE: Record<number, IncomeRowView['target']['kind']> = {
  1: 'chat',
  2: 'item',
  3: 'fanclub',
  4: 'stamp',
};

/** A sealed cursor's content: the month and the last row id shown (lib/http.ts checked the seal). */
const CURSOR_RE = /^(\d{4}-\d{2}):([0-9A-Z]{26}-\d{1,3})$/;

/** `GET /mypage/incomes`: one page of the month's rows, newest first, and the month's totals. */
export async function listIncomes(
  deps: IncomeDeps,
  creatorId: string,
  query: YearMonth & { payment_type?: string | undefined; cursor?: string | undefined },
): Promise<IncomeListResponse> {
  const size = businessConfig.business.incomePageSize;
  const ym = monthOf(query, deps.clock.now());
  let after: string | undefined;
  if (query.cursor !== undefined) {
    const m = CURSOR_RE.exec(query.cursor);
    // A cursor of another month (sealed for this caller, but for another page set) is refused.
    if (!m || m[1] !== ym) throw new AppError('cursor_invalid');
    after = m[2];
  }
  const paymentType = query.payment_type === undefined ? undefined : Number(query.payment_type);
  const base = deps.db.entities.incomeRow.query.byCreator({ creatorId, ym });
  const ranged = after ? base.lt({ rowId: after }) : base;
  const filtered =
    paymentType === undefined ? ranged : ranged.where((a, op) => op.eq(a.paymentType, paymentType));
  // A filter may thin a page out: read on until the page is full or the month ends.
  type Page = Awaited<ReturnType<typeof filtered.go>>;
  const rows: Page['data'] = [];
  let more = true;
  const readRows = async () => {
    let next: string | null = null;
    while (rows.length < size && more) {
      const page: Page = await filtered.go({
        order: 'desc',
        limit: size - rows.length,
        ...(next ? { cursor: next } : {}),
      });
      rows.push(...page.data);
      next = page.cursor;
      more = Boolean(page.cursor);
    }
  };
  // The month's totals from its shards alone (the list needs no other month).
  const [totals] = await Promise.all([readIncomeMonth(deps.db, creatorId, ym), readRows()]);
  // The buyers, and an organization's casts, in one BatchGet.
  const buyers = await profilesById(
    deps.db,
    rows.flatMap((r) => (r.castId ? [r.buyerId, r.castId] : [r.buyerId])),
  );
  const last = rows.at(-1);
  return {
    ...partsOf(ym),
    rows: rows.map((r) => {
      const buyer = buyers.get(r.buyerId);
      return {
        id: r.rowId,
        buyer: buyer
          ? { id: r.buyerId, nickname: buyer.nickname ?? null, profile_image: buyer.profileImage ?? null }
          : null,
        target: {
          kind:
            (r.targetKind as IncomeRowView['target']['kind'] | undefined) ??
            TARGET_KIND_BY_TYPE[r.paymentType] ??
            'chat',
          name: r.targetName ?? null,
        },
        cast: r.castId ? { id: r.castId, nickname: buyers.get(r.castId)?.nickname ?? null } : null,
        payment_type: r.paymentType,
        point_type: (pointTypes as readonly string[]).includes(r.pointType)
          ? (r.pointType as IncomeRowView['point_type'])
          : 'mushroom',
        points: r.points,
        revenue: r.revenue,
        fee: r.fee,
        income: r.income,
        created_at: r.createdAt,
      };
    }),
    totals,
    next_cursor: rows.length === size && more && last ? `${ym}:${last.rowId}` : null,
  };
}

/** `GET /mypage/summary`: the month by payment type, what can be withdrawn, the chart, the campaign. */
export async function incomeSummary(
  deps: IncomeDeps,
  creatorId: string,
  query: YearMonth,
): Promise<SummaryResponse> {
  const now = deps.clock.now();
  const ym = monthOf(query, now);
  const [months, { data: profile }] = await Promise.all([
    readCreatorMonths(deps.db, creatorId),
    deps.db.entities.profile.get({ profileId: creatorId }).go(),
  ]);
  const chartMonths = businessConfig.business.chartMonths;
  // The campaign of the code the creator registered with, as the catalogue holds it now.
  const campaign = profile?.campaignCode ? await cachedCampaign(deps, profile.campaignCode) : null;
  return {
    ...partsOf(ym),
    closed: isClosed(ym, now),
    by_type: monthByType(months, ym),
    totals: monthTotals(months, ym),
    withdrawable_amount: withdrawableAmount(months, now),
    unpaid_amount: unpaidAmount(months),
    chart: Array.from({ length: chartMonths }, (_, i) => {
      const m = shiftMonth(ym, i - chartMonths + 1);
      return { ...partsOf(m), income: monthTotals(months, m).income };
    }),
    campaign:
      campaign && campaignRuns(campaign, now)
        ? { rate: campaign.ratePercent / 100, ends_at: campaign.endsAt }
        : null,
  };
}

/** `GET /mypage/statement`: a closed month's statement ('month_not_closed' for the current or a later one). */
export async function incomeStatement(
  deps: IncomeDeps,
  creatorId: string,
  query: YearMonth,
): Promise<StatementResponse> {
  const now = deps.clock.now();
  const ym = monthOf(query, now);
  if (!isClosed(ym, now)) throw new AppError('month_not_closed');
  const [months, { data: profile }, { data: user }, { data: business }] = await Promise.all([
    readCreatorMonths(deps.db, creatorId),
    deps.db.entities.profile.get({ profileId: creatorId }).go(),
    deps.db.entities.userInfo.get({ profileId: creatorId }).go(),
    deps.db.entities.businessSettings.get({ profileId: creatorId }).go(),
  ]);
  const withdrawal = months.withdrawals.get(ym);
  return {
    ...partsOf(ym),
    issued_on: jstDate(now),
    creator: {
      full_name: user?.fullName ?? null,
      nickname: profile?.nickname ?? null,
      username: profile?.username ?? null,
    },
    // Stored by the business settings (another branch adds the attribute): read defensively.
    invoice_number: (business as { invoiceNumber?: string } | null)?.invoiceNumber ?? null,
    by_type: monthByType(months, ym),
    totals: monthTotals(months, ym),
    withdrawal: withdrawal
      ? {
          status: withdrawal.status,
          requested_amount: withdrawal.requestedAmount,
          transfer_date: withdrawal.transferDate ?? null,
        }
      : null,
  };
}
