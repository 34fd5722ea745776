/**
 * The point ledger's rules as pure functions: which lots a spend takes, the creators' reward
 * rates, live balances and the purchase caps. The server applies them inside DynamoDB
 * transactions; the property test checks them against a reference model.
 */
import { businessConfig } from './config.ts';
import type { BalanceView, PointKind, SpendPurpose } from './schemas/points.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface LotState {
  /** Unique within the holder (the sort key). */
  key: string;
  kind: PointKind;
  /** The issuing creator of original points; null for mushrooms and leaves. */
  issuerId: string | null;
  expiresAt: string;
  balance: number;
}

export interface SpendRule {
  purpose: SpendPurpose;
  /** The creator paid; only their original points can be used. */
  payeeId: string;
  /** Chat only: false when the creator rejects free points. */
  allowLeaves: boolean;
  /** Items, stamps, fan clubs: the buyer opted in with `use_original_points`. Chat always uses them. */
  useOriginal: boolean;
}

export interface LotTake {
  lot: LotState;
  points: number;
}

export interface SpendPart {
  kind: PointKind;
  issuerId: string | null;
  points: number;
}

/** A lot counts only before its expiry instant. */
export function isLive(lot: Pick<LotState, 'expiresAt' | 'balance'>, now: Date): boolean {
  return lot.balance > 0 && Date.parse(lot.expiresAt) > now.getTime();
}

/** The kinds a spend may use, in the order they are used (DECISIONS.md, "Points"). */
export function spendOrder(rule: SpendRule): { kind: PointKind; issuerId: string | null }[] {
  const original = { kind: 'original' as const, issuerId: rule.payeeId };
  const mushroom = { kind: 'mushroom' as const, issuerId: null };
  if (rule.purpose === 'chat') {
    return [...(rule.allowLeaves ? [{ kind: 'leaf' as const, issuerId: null }] : []), original, mushroom];
  }
  return [...(rule.useOriginal ? [original] : []), mushroom];
}

const byExpiry = (a: LotState, b: LotState) =>
  a.expiresAt < b.expiresAt ? -1 : a.expiresAt > b.expiresAt ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;

/**
 * The lots a spend of `points` takes: kind by kind in the rule's order, within a kind the lot that
 * expires first. Null when the usable live balance is short.
 */
export function planSpend(
  lots: readonly LotState[],
  points: number,
  rule: SpendRule,
  now: Date,
): LotTake[] | null {
  if (!Number.isInteger(points) || points <= 0) throw new Error('points must be a positive integer');
  let left = points;
  const takes: LotTake[] = [];
  for (const { kind, issuerId } of spendOrder(rule)) {
    const usable = lots
      .filter((l) => l.kind === kind && (kind !== 'original' || l.issuerId === issuerId) && isLive(l, now))
      .sort(byExpiry);
    for (const lot of usable) {
      if (left === 0) break;
      const take = Math.min(lot.balance, left);
      takes.push({ lot, points: take });
      left -= take;
    }
    if (left === 0) break;
  }
  return left === 0 ? takes : null;
}

/**
 * A spend with several payees in one movement (a cart of several shops): each share is planned in
 * turn with its own rule over what the shares before it left, so a creator's original points pay
 * only that creator's share and mushrooms are shared. Null when any share is short.
 */
export function planShares(
  lots: readonly LotState[],
  shares: readonly { points: number; rule: SpendRule }[],
  now: Date,
): LotTake[][] | null {
  const left = new Map(lots.map((l) => [l.key, l.balance]));
  const plans: LotTake[][] = [];
  for (const share of shares) {
    const current = lots.map((l) => ({ ...l, balance: left.get(l.key) ?? 0 }));
    const takes = planSpend(current, share.points, share.rule, now);
    if (!takes) return null;
    for (const t of takes) left.set(t.lot.key, (left.get(t.lot.key) ?? 0) - t.points);
    // The takes name the lot as it is stored (its balance before this movement).
    const byKey = new Map(lots.map((l) => [l.key, l]));
    plans.push(takes.map((t) => ({ lot: byKey.get(t.lot.key) as LotState, points: t.points })));
  }
  return plans;
}

/** The takes of several shares summed per lot (a transaction writes each lot once). */
export function mergeTakes(plans: readonly (readonly LotTake[])[]): LotTake[] {
  const merged = new Map<string, LotTake>();
  for (const t of plans.flat()) {
    const same = merged.get(t.lot.key);
    if (same) same.points += t.points;
    else merged.set(t.lot.key, { lot: t.lot, points: t.points });
  }
  return [...merged.values()];
}

/** Takes summed by kind and issuer, in the order of first use. */
export function partsOf(
  takes: readonly { lot: Pick<LotState, 'kind' | 'issuerId'>; points: number }[],
): SpendPart[] {
  const parts: SpendPart[] = [];
  for (const { lot, points } of takes) {
    const same = parts.find((p) => p.kind === lot.kind && p.issuerId === lot.issuerId);
    if (same) same.points += points;
    else parts.push({ kind: lot.kind, issuerId: lot.issuerId, points });
  }
  return parts;
}

export const PAYMENT_TYPE = { chat: 1, product: 2, subscription: 3, gift: 4 } as const satisfies Record<
  SpendPurpose,
  number
>;

/**
 * A campaign code's terms as the catalogue holds them (the table, seeded from `rewards`): the
 * chat rate of creators registered with it, in whole percent, until `endsAt` while `active`.
 */
export interface CampaignTerms {
  ratePercent: number;
  endsAt: string;
  active: boolean;
}

/** The configuration's campaign (the seed of the table's campaigns). */
export const configuredCampaign = (): { code: string } & CampaignTerms => ({
  code: businessConfig.rewards.campaignCode,
  ratePercent: Math.round(businessConfig.rewards.chatCampaignRate * 100),
  endsAt: businessConfig.rewards.campaignEndsAt,
  active: true,
});

/** Does a campaign run at `now`? */
export function campaignRuns(campaign: CampaignTerms | null | undefined, now: Date): boolean {
  return !!campaign?.active && now.getTime() < Date.parse(campaign.endsAt);
}

/** The chat rate a creator registered with this campaign earns at `now` (null: the usual rate). */
export function campaignRateAt(campaign: CampaignTerms | null | undefined, now: Date): number | null {
  return campaign && campaignRuns(campaign, now) ? campaign.ratePercent / 100 : null;
}

/** The creator's share of a spend's point value (DECISIONS.md, "Creator rewards"). */
export function rewardRate(purpose: SpendPurpose, kind: PointKind, campaignRate: number | null): number {
  const R = businessConfig.rewards;
  if (kind !== 'mushroom') return R.freePointRate;
  switch (purpose) {
    case 'chat':
      return campaignRate ?? R.chatRate;
    case 'product':
      return R.productRate;
    case 'subscription':
      return R.subscriptionRate;
    case 'gift':
      return R.giftRate;
  }
}

/** Revenue, platform fee and creator income of one part, in whole points (income rounded down). */
export function incomeOf(points: number, rate: number): { revenue: number; fee: number; income: number } {
  const income = Math.floor((points * Math.round(rate * 1000)) / 1000);
  return { revenue: points, fee: points - income, income };
}

/** Live original points by issuer (the creators whose items and chats they pay). */
export function originalByIssuer(lots: readonly LotState[], now: Date): Map<string, number> {
  const by = new Map<string, number>();
  for (const lot of lots)
    if (lot.kind === 'original' && lot.issuerId && isLive(lot, now))
      by.set(lot.issuerId, (by.get(lot.issuerId) ?? 0) + lot.balance);
  return by;
}

/** Balances of live lots by kind, the nearest expiry, and what expires within the warning window. */
export function balanceOf(lots: readonly LotState[], now: Date): BalanceView {
  const live = lots.filter((l) => isLive(l, now)).sort(byExpiry);
  const sum = (kind: PointKind) => live.filter((l) => l.kind === kind).reduce((s, l) => s + l.balance, 0);
  const mushroom = sum('mushroom');
  const leaf = sum('leaf');
  const first = live[0];
  const horizon = now.getTime() + businessConfig.points.expiryWarningDays * DAY_MS;
  const soon = live.filter((l) => Date.parse(l.expiresAt) <= horizon);
  return {
    mushroom,
    leaf,
    original: sum('original'),
    total: mushroom + leaf,
    nearest_expiry: first
      ? {
          kind: first.kind,
          points: live.filter((l) => l.expiresAt === first.expiresAt).reduce((s, l) => s + l.balance, 0),
          expires_at: first.expiresAt,
        }
      : null,
    expiring_soon:
      soon.length > 0
        ? { points: soon.reduce((s, l) => s + l.balance, 0), first_expires_at: soon[0]?.expiresAt ?? '' }
        : null,
  };
}

/** When a lot credited at `at` expires (`lotDays`, never extended). */
export function lotExpiry(at: Date, days: number = businessConfig.points.lotDays): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/** Whole years of age on a JST date, from a YYYY-MM-DD birth date. */
export function ageOn(birthDate: string, jstToday: string): number {
  const [by = 0, bm = 0, bd = 0] = birthDate.split('-').map(Number);
  const [ty = 0, tm = 0, td = 0] = jstToday.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** The monthly yen cap of a minor, or null from 18 (DECISIONS.md). */
export function minorMonthlyCap(age: number): number | null {
  const P = businessConfig.points;
  if (age >= P.adultAge) return null;
  return age < P.minorAgeUnder16 ? P.minorMonthlyYenCapUnder16 : P.minorMonthlyYenCap16To17;
}
