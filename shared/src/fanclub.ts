/**
 * The fan club's rules as pure functions (DECISIONS.md "Fan club"): the membership's periods and
 * renewal dates (the join day each month, clamped at the month's end), the JST months a paid period
 * covers, the 24-hour rule of auto-renewal, and the one access rule of members-only posts. The
 * services and the screens both decide with these; the table's entities import the lists.
 */
import { businessConfig } from './config.ts';
import { addDays, jstDate, jstMonth } from './time.ts';

const F = businessConfig.fanclub;

export const postVisibilities = ['public', 'members'] as const;
export type PostVisibility = (typeof postVisibilities)[number];
export const postStatuses = ['scheduled', 'published'] as const;
export type PostStatus = (typeof postStatuses)[number];
/** active: paid now; past_due: the renewal failed and is retried daily; ended. */
export const membershipStatuses = ['active', 'past_due', 'ended'] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];

/** The membership fields the rules read and write (the table's Membership holds them). */
export interface MembershipState {
  status: MembershipStatus;
  /** The JST day of the month it renews on (the join day, 1-31). */
  anchorDay: number;
  /** The JST date of the next charge. */
  renewsOn: string;
  /** The instant the paid period ends (the end of the `renewsOn` day, JST). */
  accessUntil: string;
  autoRenew: boolean;
  /** JST months (YYYY-MM) paid in the current stint (since the last join). */
  months: string[];
  /** JST months paid in earlier stints (seen again only when the creator allows re-view). */
  earlierMonths: string[];
  /** Joins so far (1 at the first join). */
  stint: number;
  /** Periods paid in all (joins and renewals). */
  monthsPaid: number;
  /** Failed renewal attempts of the current renewal. */
  failures: number;
}

/** The JST day of the month of an instant. */
const jstDay = (instant: Date) => Number(jstDate(instant).slice(8, 10));

/** The last day (28-31) of a month given as year and 1-based month. */
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The JST date one month after `date` (YYYY-MM-DD) on `anchorDay`, clamped to the month's last day. */
export function renewalDateAfter(date: string, anchorDay: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const day = Math.min(anchorDay, lastDayOf(nextYear, nextMonth));
  return `${nextYear}-${String(nextMonth).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 00:00 JST of a JST date, as an instant. */
export const jstMidnight = (date: string) => new Date(`${date}T00:00:00+09:00`);

/** The end of a period that renews on `renewsOn`: the end of that JST day (the charge runs early that day). */
export const accessUntilOf = (renewsOn: string) => jstMidnight(addDays(renewsOn, 1)).toISOString();

/** The JST months a span [from, until) touches, oldest first. */
export function monthsBetween(from: Date, until: Date): string[] {
  const last = jstMonth(new Date(until.getTime() - 1));
  const months: string[] = [];
  for (let m = jstMonth(from); m <= last; m = nextMonth(m)) months.push(m);
  return months;
}

/** The month after a YYYY-MM. */
export function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])].sort();

/** Paid now: not ended and inside the paid period. */
export function isCurrentMember(
  s: Pick<MembershipState, 'status' | 'accessUntil'> | null,
  now: Date,
): boolean {
  return !!s && s.status !== 'ended' && now.getTime() < Date.parse(s.accessUntil);
}

/**
 * A join paid at `now`: the first one, a rejoin after an end (a new stint: what was paid moves to
 * `earlierMonths`), or paying again while a renewal is past due (the stint goes on). The period
 * starts now and renews on this JST day each month.
 */
export function joined(prev: MembershipState | null, now: Date): MembershipState {
  const anchorDay = jstDay(now);
  const renewsOn = renewalDateAfter(jstDate(now), anchorDay);
  const accessUntil = accessUntilOf(renewsOn);
  const covered = monthsBetween(now, new Date(accessUntil));
  // A new stint after an end, or after a stopped period lapsed before the job ended it.
  const newStint =
    !prev || prev.status === 'ended' || (prev.status === 'active' && !isCurrentMember(prev, now));
  return {
    status: 'active',
    anchorDay,
    renewsOn,
    accessUntil,
    autoRenew: true,
    months: newStint ? covered : union(prev.months, covered),
    earlierMonths: !prev ? [] : newStint ? union(prev.earlierMonths, prev.months) : prev.earlierMonths,
    stint: (prev?.stint ?? 0) + (newStint ? 1 : 0),
    monthsPaid: (prev?.monthsPaid ?? 0) + 1,
    failures: 0,
  };
}

/**
 * A renewal charged (on the renewal day, or on a retry day): the next period follows the one that
 * was paid, on the same anchor day, so a late retry does not move the renewal date.
 */
export function renewed(s: MembershipState): MembershipState {
  const renewsOn = renewalDateAfter(s.renewsOn, s.anchorDay);
  const accessUntil = accessUntilOf(renewsOn);
  return {
    ...s,
    status: 'active',
    renewsOn,
    accessUntil,
    months: union(s.months, monthsBetween(new Date(s.accessUntil), new Date(accessUntil))),
    monthsPaid: s.monthsPaid + 1,
    failures: 0,
  };
}

/** A renewal the balance could not cover: retried daily `renewalRetries` times, then the end. */
export function renewalFailed(s: MembershipState): MembershipState {
  const failures = s.failures + 1;
  return failures > F.renewalRetries ? ended(s) : { ...s, status: 'past_due', failures };
}

export function ended(s: MembershipState): MembershipState {
  return { ...s, status: 'ended', autoRenew: false, failures: 0 };
}

/**
 * The JST date the renewal job next looks at a membership (null: never again, it has ended): the
 * renewal day; a retry the day after each failure; the day after the period when auto-renewal is
 * off (the job then ends it).
 */
export function dueOnOf(s: MembershipState): string | null {
  if (s.status === 'ended') return null;
  if (!s.autoRenew) return addDays(s.renewsOn, s.status === 'past_due' ? s.failures : 1);
  return addDays(s.renewsOn, s.failures);
}

/** What the renewal job does with a due membership. */
export function dueActionOf(s: MembershipState): 'charge' | 'end' | null {
  if (s.status === 'ended') return null;
  return s.autoRenew ? 'charge' : 'end';
}

/** The last instant auto-renewal can be stopped: `stopBeforeHours` before the renewal day starts. */
export const stopDeadlineOf = (renewsOn: string) =>
  new Date(jstMidnight(renewsOn).getTime() - F.stopBeforeHours * 3_600_000);

/** Why auto-renewal cannot change now (an error code), or null. A past-due member may stop the retries. */
export function autoRenewRefusal(
  s: MembershipState | null,
  autoRenew: boolean,
  now: Date,
): 'fanclub_not_member' | 'fanclub_auto_renew_locked' | null {
  if (!s || s.status === 'ended' || (s.status === 'active' && !isCurrentMember(s, now)))
    return 'fanclub_not_member';
  if (!autoRenew && s.status === 'active' && s.autoRenew && now >= stopDeadlineOf(s.renewsOn))
    return 'fanclub_auto_renew_locked';
  if (autoRenew && s.status === 'past_due') return 'fanclub_not_member';
  return null;
}

/** Who reads a post, as the access rule needs it. */
export interface PostViewer {
  /** The post's creator (sees every post). */
  isOwner: boolean;
  /** Signed in (a guest is told to log in first). */
  signedIn: boolean;
  membership: MembershipState | null;
  /** Months of the back-number passes this viewer bought from the creator. */
  passMonths: readonly string[];
  /** The creator allows re-view of back numbers for rejoining members. */
  reView: boolean;
}

/** How a locked post can be opened: joining (or rejoining) would show it; a pass for its month can be bought. */
export interface PostLock {
  join: boolean;
  pass: boolean;
}

/** The months a join now would open for this viewer (its own period, and earlier ones with re-view). */
export function joinOpens(viewer: Pick<PostViewer, 'membership' | 'reView'>, now: Date): string[] {
  const next = joined(viewer.membership, now);
  return viewer.reView ? union(next.months, next.earlierMonths) : next.months;
}

/** Months a current member sees through the membership. */
function memberMonths(viewer: PostViewer, now: Date): string[] {
  const s = viewer.membership;
  if (!s || !isCurrentMember(s, now)) return [];
  return viewer.reView ? union(s.months, s.earlierMonths) : s.months;
}

/**
 * THE access rule of members-only posts: null when the viewer may see the post, else how it can be
 * opened. Public posts are for everyone; the creator sees all; a member sees the months paid in
 * the current stint (and earlier stints when re-view is allowed) while paid; a pass opens its month
 * for good. A pass can be bought for a past month by anyone who has joined (now or before).
 */
export function postLockOf(
  post: { visibility: PostVisibility; month: string },
  viewer: PostViewer,
  now: Date,
): PostLock | null {
  if (post.visibility === 'public' || viewer.isOwner) return null;
  if (viewer.passMonths.includes(post.month)) return null;
  if (memberMonths(viewer, now).includes(post.month)) return null;
  if (!viewer.signedIn) return { join: true, pass: false };
  return {
    join: !isCurrentMember(viewer.membership, now) && joinOpens(viewer, now).includes(post.month),
    pass: passRefusal(post.month, viewer, now) === null,
  };
}

/** Why this viewer cannot buy a pass for `month` (an error code), or null. */
export function passRefusal(
  month: string,
  viewer: PostViewer,
  now: Date,
): 'backnumber_not_member' | 'backnumber_not_past' | 'backnumber_owned' | 'backnumber_covered' | null {
  if (!viewer.membership) return 'backnumber_not_member';
  if (month >= jstMonth(now)) return 'backnumber_not_past';
  if (viewer.passMonths.includes(month)) return 'backnumber_owned';
  if (memberMonths(viewer, now).includes(month)) return 'backnumber_covered';
  return null;
}

/** The placeholders of the fan club's validation and error messages, for `t(key, fanclubMessageParams)`. */
export const fanclubMessageParams = {
  fanclub_name_max: F.nameMax,
  fanclub_description_max: F.descriptionMax,
  fanclub_benefits_max: F.benefitsMax,
  fanclub_price_min: F.priceMin,
  fanclub_price_max: F.priceMax,
  post_text_max: F.postTextMax,
  post_images_max: F.postImagesMax,
  post_schedule_min: F.postScheduleMinMinutes,
  post_schedule_max_days: F.postScheduleMaxDays,
} as const;
