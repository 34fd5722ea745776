import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/** Payment types (DECISIONS.md "Creator rewards": 1 chat, 2 products, 3 fan clubs, 4 gifts). */
export const STATS_PAYMENT_TYPES = [1, 2, 3, 4] as const;
export type StatsPaymentType = (typeof STATS_PAYMENT_TYPES)[number];
/** Point kinds as income rows name them (plain constants: every bundle carries the entities). */
export const STATS_POINT_KINDS = ['mushroom', 'leaf', 'original'] as const;
export type StatsPointKind = (typeof STATS_POINT_KINDS)[number];
/** Roles whose new accounts are counted: 1 owners, 2 creators (casts included), 4 fans. */
export const STATS_ROLES = [1, 2, 4] as const;
export type StatsRole = (typeof STATS_ROLES)[number];

/** `points2_leaf`: the point value of type 2 sales paid with leaves; `fee2_leaf`: the platform's share of it. */
export type SalesField = `${'points' | 'fee'}${StatsPaymentType}_${StatsPointKind}`;
/** `count3`: payments (movements) of type 3, reversals subtracted. */
export type CountField = `count${StatsPaymentType}`;
/** `accounts4`: new fan accounts. */
export type AccountField = `accounts${StatsRole}`;
export type PlatformDayField =
  | SalesField
  | CountField
  | AccountField
  | 'purchaseYen'
  | 'purchaseMushrooms'
  | 'purchases';

export const salesField = (
  measure: 'points' | 'fee',
  type: StatsPaymentType,
  kind: StatsPointKind,
): SalesField => `${measure}${type}_${kind}`;

const counters = Object.fromEntries(
  [
    ...STATS_PAYMENT_TYPES.flatMap((t) => [
      ...STATS_POINT_KINDS.flatMap((k) => [salesField('points', t, k), salesField('fee', t, k)]),
      `count${t}`,
    ]),
    ...STATS_ROLES.map((r) => `accounts${r}`),
    'purchaseYen',
    'purchaseMushrooms',
    'purchases',
  ].map((name) => [name, { type: 'number' as const }]),
) as Record<PlatformDayField, { type: 'number' }>;

/**
 * One write shard of the platform's figures of one JST day (the operators' dashboard, issue 17):
 * sales by payment type and point kind, card purchases of mushrooms in yen, new accounts by role.
 * Stream consumers ADD to the shard of the record's id (`admin.platformStatsShards` of them), in
 * one transaction with the record's StreamMark, so a busy day's records rarely touch one item and
 * none is counted twice. A day is the sum of its shards; a month the sum of its days. Each shard
 * is a partition of its own (`platform-stats#<s>`, days in order), so the platform's writes spread
 * over `admin.platformStatsShards` partitions; the dashboard reads its days with one Query per
 * shard, in parallel.
 */
export const PlatformDay = new Entity({
  model: { entity: 'platformDay', version: '1', service: SERVICE },
  attributes: {
    /** JST date, YYYY-MM-DD. */
    day: { type: 'string', required: true, readOnly: true },
    shard: { type: 'string', required: true, readOnly: true },
    ...counters,
  },
  indexes: {
    byShard: {
      pk: { field: 'pk', composite: ['shard'], template: 'platform-stats#${shard}', casing: 'none' },
      sk: { field: 'sk', composite: ['day'], template: 'day#${day}', casing: 'none' },
    },
  },
});
