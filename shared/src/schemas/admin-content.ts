/**
 * The operators' console (issue 17): news, the home banner and points.
 *
 * Routes (role 3 only):
 * - `GET /admin/news` (paged) → `adminNewsPage` (every news: published, scheduled, withdrawn; newest first)
 * - `POST /admin/news` `newsCreateRequest` → `adminNewsView`
 * - `POST /admin/news/update` `newsUpdateRequest` → `adminNewsView`
 * - `POST /admin/news/withdraw` `newsWithdrawRequest` → `adminNewsView`
 * - `GET /admin/banner` → `adminBannerResponse`
 * - `POST /admin/banner/upload-url` `bannerUploadUrlRequest` → `uploadUrlView`
 * - `POST /admin/banner` `bannerSaveRequest` → `adminBannerResponse`
 * - `POST /admin/banner/remove` `bannerRemoveRequest` → `adminBannerResponse`
 * - `POST /admin/points/grant` `leafGrantRequest` → `leafGrantResponse`
 * - `GET /admin/points/history` `adminPointHistoryQuery` (paged) → `adminPointHistory`
 * - `GET /admin/points/journal` `journalQuery` → `movementView`
 * - `POST /admin/points/refund` `refundRequest` → `refundResponse`
 */
import * as z from 'zod/mini';
import { CONTENT_LIMITS } from '../admin-content.ts';
import { businessConfig } from '../config.ts';
import { IMAGE_TYPES } from '../media.ts';
import { PROFILE_ID_RE, textSchema, USERNAME_RE, V } from '../validation.ts';
import { balanceView, pointLogView } from './points.ts';

export { CONTENT_LIMITS, contentMessageParams } from '../admin-content.ts';
export { uploadUrlView } from './uploads.ts';

const A = businessConfig.admin;

const C = CONTENT_LIMITS;

// ---------------------------------------------------------------------------------------------
// News

/** The roles a news can be for: admin 3, creator 2, fan 4, user (shop/organization owner) 1. */
export const NEWS_AUDIENCES = [4, 2, 1, 3] as const;
export type NewsAudience = (typeof NEWS_AUDIENCES)[number];

export const newsStatuses = ['published', 'scheduled', 'withdrawn'] as const;
export type NewsStatus = (typeof newsStatuses)[number];

const localized = (max: number, required: string, maxMessage: string, multiline = false) =>
  z.object({
    ja: textSchema({ max, maxMessage, required, multiline }),
    en: textSchema({ max, maxMessage, required, multiline }),
  });

const newsFields = {
  title: localized(C.newsTitleMax, V.newsTitle, V.newsTitleMax),
  body: localized(C.newsBodyMax, V.newsBody, V.newsBodyMax, true),
  audiences: z
    .array(
      z.union(
        NEWS_AUDIENCES.map((r) => z.literal(r)),
        { error: V.newsAudiences },
      ),
      { error: V.newsAudiences },
    )
    .check(
      z.minLength(1, V.newsAudiences),
      z.refine((a) => new Set(a).size === a.length, V.newsAudiences),
    ),
  /** Null: publish now. An instant: publish then (a past instant is refused; now is `null`). */
  publish_at: z.nullable(z.iso.datetime({ offset: true, error: V.newsPublishAt })),
};

/** A form's key (a UUID made when the form opens): a retried or doubled submit acts once. */
const formKey = z.string({ error: V.required }).check(z.regex(/^[A-Za-z0-9-]{8,64}$/, V.required));

/** The news form's fields (create and edit). */
export const newsForm = z.object(newsFields);
export type NewsFormInput = z.output<typeof newsForm>;
export const newsCreateRequest = z.object({ ...newsFields, key: formKey });
export type NewsCreateRequest = z.input<typeof newsCreateRequest>;
export type NewsCreateInput = z.output<typeof newsCreateRequest>;

const newsRef = {
  id: z.string({ error: V.required }).check(z.regex(PROFILE_ID_RE, V.required)),
  /** The version the operator read: another operator's change in between answers 409. */
  version: z.int({ error: V.required }).check(z.positive(V.required)),
};

export const newsUpdateRequest = z.object({ ...newsRef, ...newsFields });
export type NewsUpdateRequest = z.input<typeof newsUpdateRequest>;
export type NewsUpdateInput = z.output<typeof newsUpdateRequest>;
export const newsWithdrawRequest = z.object(newsRef);

export const adminNewsView = z.object({
  id: z.string(),
  title: z.object({ ja: z.string(), en: z.string() }),
  body: z.object({ ja: z.string(), en: z.string() }),
  audiences: z.array(z.int()),
  status: z.enum(newsStatuses),
  published_at: z.string(),
  withdrawn_at: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.int(),
});
export type AdminNewsView = z.infer<typeof adminNewsView>;

export const adminNewsQuery = z.object({ cursor: z.optional(z.string().check(z.maxLength(2048))) });
export const adminNewsPage = z.object({ news: z.array(adminNewsView), next_cursor: z.nullable(z.string()) });
export type AdminNewsPage = z.infer<typeof adminNewsPage>;

// ---------------------------------------------------------------------------------------------
// The home banner

export const bannerUploadUrlRequest = z.object({
  content_type: z.enum(Object.keys(IMAGE_TYPES) as [keyof typeof IMAGE_TYPES], { error: V.mediaType }),
});

/** A link on the site (`/…`) or an https address. */
const linkSchema = z.string({ error: V.bannerLink }).check(
  z.trim(),
  z.maxLength(C.bannerLinkMax, V.bannerLink),
  z.refine((s) => /^\/(?!\/)\S*$/.test(s) || /^https:\/\/[^\s/]+\S*$/.test(s), V.bannerLink),
);

export const bannerSaveRequest = z.object({
  /** A new picture (`POST /admin/banner/upload-url`); absent keeps the current one. */
  upload_key: z.optional(z.string().check(z.minLength(1, V.bannerImage), z.maxLength(500, V.bannerImage))),
  alt: localized(C.bannerAltMax, V.bannerAlt, V.bannerAltMax),
  /** Null or '': the banner links nowhere. */
  link: z.nullable(z.union([z.literal(''), linkSchema])),
  /** The version read (null: there was no banner). */
  version: z.nullable(z.int()),
});
export type BannerSaveRequest = z.input<typeof bannerSaveRequest>;
export const bannerRemoveRequest = z.object({ version: z.int({ error: V.required }) });

export const adminBannerView = z.object({
  image_url: z.nullable(z.string()),
  alt: z.object({ ja: z.string(), en: z.string() }),
  link: z.nullable(z.string()),
  updated_at: z.string(),
  version: z.int(),
});
export const adminBannerResponse = z.object({ banner: z.nullable(adminBannerView) });
export type AdminBannerResponse = z.infer<typeof adminBannerResponse>;

// ---------------------------------------------------------------------------------------------
// Points

/** A fan named by profile id or username (ids are longer than usernames may be, or hold a hyphen). */
const fanRef = z.string().check(
  z.overwrite((s) => s.normalize('NFKC').trim().replace(/^@/, '')),
  z.refine((s) => PROFILE_ID_RE.test(s) || USERNAME_RE.test(s), V.grantTarget),
);

export const leafGrantRequest = z.object({
  targets: z
    .array(fanRef, { error: V.grantTargets })
    .check(z.minLength(1, V.grantTargets), z.maxLength(A.grantListMax, V.grantTargetsMax)),
  points: z
    .int({ error: V.grantLeaves })
    .check(z.gte(1, V.grantLeaves), z.lte(C.grantPointsMax, V.grantLeaves)),
  reason: textSchema({
    max: A.reasonMax,
    maxMessage: V.contentReasonMax,
    required: V.contentReason,
    multiline: true,
  }),
  /** A retried or doubled grant credits once per fan. */
  key: formKey,
});
export type LeafGrantRequest = z.input<typeof leafGrantRequest>;

export const grantRefusals = ['not_fan', 'suspended', 'unknown'] as const;
export const leafGrantResponse = z.object({
  granted: z.array(
    z.object({
      id: z.string(),
      username: z.nullable(z.string()),
      nickname: z.nullable(z.string()),
      movement_id: z.string(),
      /** Already granted under this key (a retry). */
      replayed: z.boolean(),
    }),
  ),
  refused: z.array(z.object({ target: z.string(), reason: z.enum(grantRefusals) })),
});
export type LeafGrantResponse = z.infer<typeof leafGrantResponse>;

export const adminPointHistoryQuery = z.object({
  profile: z.string({ error: V.required }).check(z.regex(PROFILE_ID_RE, V.required)),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
});

export const adminPointLogView = z.extend(pointLogView, {
  /** The journal's movement (`GET /admin/points/journal?movement=`). */
  movement_id: z.string(),
});

export const adminPointHistory = z.object({
  profile: z.object({
    id: z.string(),
    username: z.nullable(z.string()),
    nickname: z.nullable(z.string()),
    role_id: z.int(),
  }),
  balance: balanceView,
  logs: z.array(adminPointLogView),
  next_cursor: z.nullable(z.string()),
});
export type AdminPointHistory = z.infer<typeof adminPointHistory>;

const movementId = z.string({ error: V.required }).check(z.regex(/^[A-Za-z0-9_-]{1,128}$/, V.required));
export const journalQuery = z.object({ movement: movementId });

/** Why a movement cannot be refunded (null: it can). */
export const refundBlocks = ['not_spend', 'too_old', 'refunded'] as const;
export const movementView = z.object({
  id: z.string(),
  kind: z.enum(['purchase', 'grant', 'spend', 'expiry', 'reversal']),
  holder_id: z.string(),
  points: z.int(),
  purpose: z.nullable(z.string()),
  payee_ids: z.array(z.string()),
  lines: z.array(z.object({ account: z.string(), amount: z.number() })),
  /** A reversal: the movement it reverses; a refunded spend: its reversal. */
  reverses: z.nullable(z.string()),
  reversed_by: z.nullable(z.string()),
  created_at: z.string(),
  refund_block: z.nullable(z.enum(refundBlocks)),
  /** The last instant a spend may be refunded (`admin.refundDays` after it). */
  refundable_until: z.nullable(z.string()),
});
export type MovementView = z.infer<typeof movementView>;

export const refundRequest = z.object({
  movement_id: movementId,
  reason: textSchema({
    max: A.reasonMax,
    maxMessage: V.contentReasonMax,
    required: V.contentReason,
    multiline: true,
  }),
});
export const refundResponse = z.object({ movement: movementView });
