/**
 * The join and pass flows without React: what a join now renews on, the month's name, the retry
 * date of a past-due renewal, and the flow kept in this tab's sessionStorage while the fan buys the
 * shortfall at the store (the shop's way: features/shop/purchase-plan.ts).
 */
import { businessConfig, type Language } from '@app/shared/config';
import { renewalDateAfter } from '@app/shared/fanclub';
import type { MembershipView } from '@app/shared/schemas/fanclub';
import { addDays, jstDate } from '@app/shared/time';

/** The JST date a join at `now` renews on, and its day of the month. */
export function renewalOfJoinAt(now: Date): { renewsOn: string; day: number } {
  const today = jstDate(now);
  const day = Number(today.slice(8, 10));
  return { renewsOn: renewalDateAfter(today, day), day };
}

/** "2026年11月" / "November 2026" of a YYYY-MM. */
export function formatMonth(lang: Language, month: string): string {
  const d = new Date(`${month}-15T00:00:00+09:00`);
  return new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-US', {
    timeZone: businessConfig.timeZone,
    year: 'numeric',
    month: 'long',
  }).format(d);
}

/** A JST date (YYYY-MM-DD) as an instant the date formatters read (noon JST: the same day everywhere). */
export const jstNoon = (date: string) => `${date}T12:00:00+09:00`;

/** The last instant of a paid period (its `access_until` is the start of the day after): formatted as its day. */
export const lastAccessOf = (accessUntil: string) => new Date(Date.parse(accessUntil) - 1).toISOString();

/** The JST date of the next attempt of a past-due renewal (the renewal day plus one day per failure). */
export function retryDateOf(m: Pick<MembershipView, 'renews_on' | 'access_until' | 'failures'>): string {
  const base = m.renews_on ?? jstDate(new Date(Date.parse(m.access_until) - 1));
  return addDays(base, m.failures);
}

export type FlowKind = { kind: 'join' } | { kind: 'pass'; month: string };

/** What the flow keeps while the fan is at the store. */
export interface SavedFlow {
  flow: FlowKind;
  useOriginal: boolean;
  agreed: boolean;
}

const FLOW_KEY = 'fanclub_flow';

export function saveFlow(creatorId: string, saved: SavedFlow): void {
  try {
    sessionStorage.setItem(FLOW_KEY, JSON.stringify({ creatorId, ...saved }));
  } catch {
    // storage unavailable: the flow starts over on return
  }
}

const sameFlow = (a: FlowKind, b: FlowKind) =>
  a.kind === b.kind && (a.kind === 'join' || (b.kind === 'pass' && a.month === b.month));

/** The flow saved for this creator and this flow (join, or this month's pass), read once. */
export function takeFlow(creatorId: string, flow: FlowKind): SavedFlow | null {
  try {
    const raw = sessionStorage.getItem(FLOW_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(FLOW_KEY);
    const v = JSON.parse(raw) as Partial<SavedFlow & { creatorId: string }>;
    if (v.creatorId !== creatorId || !v.flow || !sameFlow(v.flow, flow)) return null;
    return { flow, useOriginal: v.useOriginal === true, agreed: v.agreed === true };
  } catch {
    return null;
  }
}

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The flow a `?pass=` asks for (a malformed month: none). */
export function flowOfSearch(search: string): FlowKind {
  const pass = new URLSearchParams(search).get('pass');
  return pass && MONTH_RE.test(pass) ? { kind: 'pass', month: pass } : { kind: 'join' };
}
