/** Contracts of the point ledger's reads: balances, point history, original points. */
import * as z from 'zod/mini';

export const pointKinds = ['mushroom', 'leaf', 'original'] as const;
export const pointKind = z.enum(pointKinds);
export type PointKind = z.infer<typeof pointKind>;

/** Point log types of spec section 3. */
export const POINT_LOG_TYPE = { consumption: 1, expiration: 2, purchase: 3, grant: 4 } as const;
export const pointLogType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type PointLogType = z.infer<typeof pointLogType>;

/** Detail kinds of spec section 3 (`granted_by_creator` = original points from a creator). */
export const pointLogDetails = [
  'chat',
  'product',
  'subscription',
  'gift',
  'expired',
  'cancelled',
  'purchased',
  'granted',
  'granted_by_creator',
] as const;
export const pointLogDetail = z.enum(pointLogDetails);
export type PointLogDetail = z.infer<typeof pointLogDetail>;

/** What a spend is for; decides the detail kind and the creator's reward rate. */
export const spendPurposes = ['chat', 'product', 'subscription', 'gift'] as const;
export type SpendPurpose = (typeof spendPurposes)[number];

export const expiringView = z.object({
  kind: pointKind,
  points: z.int(),
  expires_at: z.string(),
});

/** Live balances (expired lots never count), the nearest expiry and a warning when it is close. */
export const balanceView = z.object({
  mushroom: z.int(),
  leaf: z.int(),
  original: z.int(),
  /** Mushrooms + leaves: the points usable with any creator. */
  total: z.int(),
  nearest_expiry: z.nullable(expiringView),
  /** Points expiring within `expiryWarningDays` (all kinds), null when none. */
  expiring_soon: z.nullable(z.object({ points: z.int(), first_expires_at: z.string() })),
});
export type BalanceView = z.infer<typeof balanceView>;

export const counterpartyView = z.object({
  id: z.string(),
  username: z.nullable(z.string()),
  nickname: z.nullable(z.string()),
});

export const pointLogView = z.object({
  id: z.string(),
  type: pointLogType,
  detail: pointLogDetail,
  /** Positive; the type says the direction (1 and 2 take points away, 3 and 4 add them). */
  points: z.int().check(z.positive()),
  /** The kinds the movement touched, e.g. a chat paid with 2 leaves and 3 mushrooms. */
  parts: z.array(z.object({ kind: pointKind, issuer_id: z.nullable(z.string()), points: z.int() })),
  /** The creator paid or the issuer of a grant; null for purchases and expiry. */
  counterparty: z.nullable(counterpartyView),
  /** Yen paid, for purchases. */
  yen: z.nullable(z.int()),
  created_at: z.string(),
});
export type PointLogView = z.infer<typeof pointLogView>;

export const pointHistoryQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(64))),
  type: z.optional(z.pipe(z.coerce.number(), pointLogType)),
});

export const pointHistoryResponse = z.object({
  balance: balanceView,
  logs: z.array(pointLogView),
  next_cursor: z.nullable(z.string()),
});
export type PointHistoryResponse = z.infer<typeof pointHistoryResponse>;

export const originalPointsResponse = z.object({
  issuers: z.array(
    z.object({
      issuer: z.extend(counterpartyView, { profile_image: z.nullable(z.string()) }),
      points: z.int(),
      nearest_expires_at: z.string(),
    }),
  ),
});
export type OriginalPointsResponse = z.infer<typeof originalPointsResponse>;
