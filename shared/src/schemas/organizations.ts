/**
 * Organizations and their casts (issue 16): the owner's registration and review, cast management,
 * the sales per cast, and the cast's first-login password.
 *
 * Routes (owner = role 1 with setup complete; the service checks every cast against the caller's
 * organization):
 * - `GET /organizations` → `organizationResponse` (null before the first application)
 * - `POST /organizations` `organizationRequest` → `organizationResponse` (apply, edit, apply again)
 * - `POST /organizations/logo-url` `logoUploadUrlRequest` → `uploadUrlView`
 * - `GET /organizations/casts` → `castListResponse` (this and last JST month's sales per cast)
 * - `POST /organizations/casts` `castCreateRequest` → `castResponse`
 * - `POST /organizations/casts/password` `castPasswordResetRequest` → `castResponse`
 * - `POST /organizations/casts/suspend` / `/resume` `castActionRequest` → `castResponse`
 * - `POST /organizations/casts/remove` `castActionRequest` → `okResponse`
 * - `GET /organizations/sales` `yearMonthQuery` → `organizationSalesResponse`
 * - `POST /auth/cast-password` `castPasswordRequest` → `okResponse` (the cast, at its first login)
 */
import * as z from 'zod/mini';
import { businessConfig } from '../config.ts';
import { IMAGE_TYPES, mediaConfig, mediaPurposes } from '../media.ts';
import { castStatuses, ORGANIZATION_CATEGORIES, organizationStatuses } from '../organizations.ts';
import { PROFILE_ID_RE, passwordSchema, textSchema, usernameSchema, V } from '../validation.ts';
import { passwordPair } from './auth.ts';
import { yearMonthQuery } from './business.ts';
import { uploadUrlView } from './uploads.ts';

const L = businessConfig.limits;

/** A new logo upload of the caller: `uploads/logo/<owner>-<uuid>.<ext>`. */
export const LOGO_UPLOAD_RE = new RegExp(
  `^${mediaConfig.prefixes.uploads}${mediaPurposes.logo.folder}/[A-Za-z0-9_-]{1,140}\\.[A-Za-z0-9]{1,8}$`,
);

// ---------------------------------------------------------------------------------------------
// The organization

export const organizationRequest = z.object({
  name: textSchema({
    max: L.organizationNameMax,
    maxMessage: V.organizationNameMax,
    required: V.organizationName,
  }).check(z.minLength(1, V.organizationName)),
  category: z.literal(ORGANIZATION_CATEGORIES, { error: V.organizationCategory }),
  address: z._default(
    textSchema({ max: L.organizationAddressMax, maxMessage: V.organizationAddressMax, multiline: true }),
    '',
  ),
  /** A new upload (`LOGO_UPLOAD_RE`), null to remove the logo, absent to keep it. */
  logo_upload_key: z.optional(
    z.nullable(
      z
        .string({ error: V.organizationLogo })
        .check(z.maxLength(400, V.organizationLogo), z.regex(LOGO_UPLOAD_RE, V.organizationLogo)),
    ),
  ),
  is_public: z.boolean({ error: V.required }),
});
export type OrganizationRequest = z.input<typeof organizationRequest>;

export const logoUploadUrlRequest = z.object({
  content_type: z.enum(Object.keys(IMAGE_TYPES) as [keyof typeof IMAGE_TYPES], { error: V.mediaType }),
});
export { uploadUrlView };

export const organizationView = z.object({
  id: z.string(),
  name: z.string(),
  category: z.int(),
  address: z.string(),
  /** The logo's public URL (512 px square), null when none. */
  logo_url: z.nullable(z.string()),
  is_public: z.boolean(),
  status: z.enum(organizationStatuses),
  /** Why the operators rejected the application (status 'rejected'), else null. */
  reject_reason: z.nullable(z.string()),
  submitted_at: z.string(),
  reviewed_at: z.nullable(z.string()),
  cast_count: z.int(),
  casts_max: z.int(),
});
export type OrganizationView = z.infer<typeof organizationView>;

export const organizationResponse = z.object({ organization: z.nullable(organizationView) });
export type OrganizationResponse = z.infer<typeof organizationResponse>;

// ---------------------------------------------------------------------------------------------
// Casts

export const castIdSchema = z.string({ error: V.required }).check(z.regex(PROFILE_ID_RE, V.required));

export const castCreateRequest = z.intersection(
  z.object({
    nickname: textSchema({
      max: L.nicknameMax,
      maxMessage: V.nicknameMax,
      required: V.nicknameRequired,
    }).check(z.minLength(1, V.nicknameRequired)),
    username: usernameSchema,
  }),
  passwordPair,
);
export type CastCreateRequest = z.input<typeof castCreateRequest>;

export const castActionRequest = z.object({ cast_id: castIdSchema });
export type CastActionRequest = z.input<typeof castActionRequest>;

/** The owner gives a new first password: the cast's sessions end and it chooses its own at the next login. */
export const castPasswordResetRequest = z.intersection(z.object({ cast_id: castIdSchema }), passwordPair);
export type CastPasswordResetRequest = z.input<typeof castPasswordResetRequest>;

export const salesFigures = z.object({ revenue: z.int(), income: z.int(), count: z.int() });
export type SalesFigures = z.infer<typeof salesFigures>;

export const castView = z.object({
  id: z.string(),
  nickname: z.string(),
  username: z.string(),
  profile_image: z.nullable(z.string()),
  status: z.enum(castStatuses),
  /** The cast has not chosen its own password yet (first login, or after a reset). */
  password_change_required: z.boolean(),
  created_at: z.string(),
  this_month: salesFigures,
  last_month: salesFigures,
});
export type CastView = z.infer<typeof castView>;

export const castResponse = z.object({ cast: castView });
export type CastResponse = z.infer<typeof castResponse>;

export const castListResponse = z.object({
  /** JST months of `this_month` and `last_month` ('2026-11'). */
  this_month: z.string(),
  last_month: z.string(),
  casts: z.array(castView),
});
export type CastListResponse = z.infer<typeof castListResponse>;

// ---------------------------------------------------------------------------------------------
// Sales

export const organizationSalesQuery = yearMonthQuery;

export const castSalesRow = z.object({
  cast_id: z.string(),
  /** Null once the cast was removed (its sales stay). */
  nickname: z.nullable(z.string()),
  username: z.nullable(z.string()),
  ...salesFigures.shape,
});
export type CastSalesRow = z.infer<typeof castSalesRow>;

export const organizationSalesResponse = z.object({
  month: z.string(),
  /** The organization's whole month (its own income's totals: what withdrawals are made of). */
  total: salesFigures,
  /** Casts with sales that month, by revenue, highest first. */
  casts: z.array(castSalesRow),
});
export type OrganizationSalesResponse = z.infer<typeof organizationSalesResponse>;

// ---------------------------------------------------------------------------------------------
// The cast's first login

export const castPasswordRequest = passwordPair;
export type CastPasswordRequest = z.input<typeof castPasswordRequest>;

/** The placeholders of organization messages: `t(key, organizationMessageParams)`. */
export const organizationMessageParams = {
  organization_name_max: L.organizationNameMax,
  organization_address_max: L.organizationAddressMax,
  reject_reason_max: businessConfig.organizations.rejectReasonMax,
  max: businessConfig.organizations.castsMax,
} as const;
