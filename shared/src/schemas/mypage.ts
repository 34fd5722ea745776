import * as z from 'zod/mini';
import { businessConfig } from '../config.ts';
import { isValidInvoiceNumber, normalizeInvoiceNumber } from '../invoice-number.ts';
import { IMAGE_TYPES } from '../media.ts';
import {
  ACCOUNT_OWNER_RE,
  codeSchema,
  emailSchema,
  isoDateSchema,
  textSchema,
  usernameSchema,
  V,
} from '../validation.ts';

const L = businessConfig.limits;
const A = businessConfig.areas;

export const areaSchema = z.number({ error: V.area }).check(
  z.int(V.area),
  z.refine(
    (n) => n === A.private || n === A.abroad || (n >= A.prefectureMin && n <= A.prefectureMax),
    V.area,
  ),
);

export const profileView = z.object({
  id: z.string(),
  role_id: z.int(),
  username: z.nullable(z.string()),
  nickname: z.nullable(z.string()),
  genre: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  area: z.int(),
  profile_image: z.nullable(z.string()),
  background_image: z.nullable(z.string()),
  is_anonymous_open_log: z.boolean(),
  is_hide_supporter_ranking: z.boolean(),
});

export const userInfoView = z.object({
  full_name: z.string(),
  notification_email: z.string(),
  /** Confirmed by a code (fans): LINE recovery goes by a confirmed address only. */
  notification_email_verified: z.boolean(),
  gender: z.enum(['male', 'female']),
  birth_date: z.string(),
});

export const accountTypes = ['ordinary', 'checking', 'savings'] as const;

export const bankView = z.object({
  bank_code: z.string(),
  bank_name: z.string(),
  branch_code: z.string(),
  branch_name: z.string(),
  account_type: z.enum(accountTypes),
  account_number: z.string(),
  account_owner: z.string(),
});

/** Business settings (`profile#<id>`/`business`): the chat price with tomorrow's value, lock, free points. */
export const businessSettingsView = z.object({
  /** Today's price of one fan message, in mushrooms. */
  chat_cost: z.int(),
  /** The price from `from` (a JST date, tomorrow when set today); null when no change is pending. */
  chat_cost_next: z.nullable(z.object({ cost: z.int(), from: z.string() })),
  /** When tomorrow's price becomes today's (JST, HH:mm). */
  cost_update_time: z.string(),
  chat_locked: z.boolean(),
  reject_free_points: z.boolean(),
  allow_back_number_review: z.boolean(),
  /** The qualified invoice issuer registration number ("T" and 13 digits), or null. */
  invoice_number: z.nullable(z.string()),
});
export type BusinessSettingsView = z.infer<typeof businessSettingsView>;

/** `POST /mypage/business-setting`: every field optional; a price is stored as tomorrow's value. */
export const businessSettingRequest = z.object({
  chat_cost: z.optional(
    z
      .number({ error: V.chatCost })
      .check(
        z.int(V.chatCost),
        z.gte(businessConfig.chat.minimumCostMushrooms, V.chatCost),
        z.lte(businessConfig.chat.maximumCostMushrooms, V.chatCost),
      ),
  ),
  chat_locked: z.optional(z.boolean()),
  reject_free_points: z.optional(z.boolean()),
  allow_back_number_review: z.optional(z.boolean()),
  /**
   * The invoice registration number, stored normalized (full-width, hyphens and spaces accepted);
   * null or '' clears it, absent keeps it.
   */
  invoice_number: z.optional(
    z.nullable(
      z.string({ error: V.invoiceNumber }).check(
        z.maxLength(40, V.invoiceNumber),
        z.overwrite(normalizeInvoiceNumber),
        z.refine((s) => s === '' || isValidInvoiceNumber(s), V.invoiceNumber),
      ),
    ),
  ),
});
export type BusinessSettingRequest = z.input<typeof businessSettingRequest>;

export const mypageResponse = z.object({
  profile: profileView,
  user: z.nullable(userInfoView),
  bank: z.nullable(bankView),
  email: z.nullable(z.string()),
  step: z.int(),
  final_step: z.int(),
  setup_complete: z.boolean(),
  bank_skipped: z.boolean(),
  /** Creators, casts and owners; null for fans. */
  business: z.nullable(businessSettingsView),
  /** Casts: the organization their rewards go to (issue 16); null for everyone else. */
  cast_of: z.nullable(z.object({ name: z.string() })),
  /** A cast that must choose its own password before anything else (first login, or after a reset). */
  password_change_required: z.boolean(),
});

export const checkUsernameRequest = z.object({ username: usernameSchema });
export const checkUsernameResponse = z.object({ available: z.boolean() });

export const profileUpdateRequest = z.object({
  username: usernameSchema,
  nickname: textSchema({ max: L.nicknameMax, maxMessage: V.nicknameMax, required: V.nicknameRequired }),
  genre: z._default(textSchema({ max: L.genreMax, maxMessage: V.genreMax }), ''),
  bio: z._default(textSchema({ max: L.bioMax, maxMessage: V.bioMax, multiline: true }), ''),
  area: z._default(areaSchema, A.private),
  is_anonymous_open_log: z._default(z.boolean(), false),
  is_hide_supporter_ranking: z._default(z.boolean(), false),
});

export const userInfoRequest = z.object({
  full_name: textSchema({ max: L.fullNameMax, maxMessage: V.fullName, required: V.fullName }),
  notification_email: emailSchema,
  gender: z.enum(['male', 'female'], { error: V.gender }),
  /** Required on first save; ignored-if-equal, refused-if-different afterwards. */
  birth_date: isoDateSchema,
});

export const bankRequest = z.object({
  bank_code: z.string({ error: V.bank }).check(z.regex(/^\d{4}$/, V.bank)),
  branch_code: z.string({ error: V.branch }).check(z.regex(/^\d{3}$/, V.branch)),
  account_type: z.enum(accountTypes, { error: V.accountType }),
  account_number: z
    .string({ error: V.accountNumber })
    .check(z.regex(new RegExp(`^\\d{${L.accountNumberLength}}$`), V.accountNumber)),
  account_owner: z
    .string({ error: V.accountOwner })
    .check(
      z.trim(),
      z.minLength(1, V.accountOwner),
      z.maxLength(L.accountOwnerMax, V.accountOwnerKana),
      z.regex(ACCOUNT_OWNER_RE, V.accountOwnerKana),
    ),
  /** Changing stored details: the code mailed by `POST /mypage/bank/code` (not needed for the first save). */
  code: z.optional(codeSchema),
});

/** `POST /mypage/bank/code`: the address the bank change code was mailed to. */
export const bankCodeResponse = z.object({ email: z.string() });
export type BankCodeResponse = z.infer<typeof bankCodeResponse>;

/** `POST /mypage/notification-email/verify`: the code mailed to the saved notification e-mail. */
export const notificationEmailVerifyRequest = z.object({ code: codeSchema });

export const skipStepRequest = z.object({ step: z.literal(3) });

export const bankSearchQuery = z.object({ q: z._default(z.string().check(z.trim(), z.maxLength(40)), '') });
export const bankListResponse = z.object({
  banks: z.array(z.object({ code: z.string(), name: z.string(), kana: z.string() })),
});
export const branchListResponse = z.object({
  bank: z.object({ code: z.string(), name: z.string() }),
  branches: z.array(z.object({ code: z.string(), name: z.string(), kana: z.string() })),
});

export type ProfileView = z.infer<typeof profileView>;
export type UserInfoView = z.infer<typeof userInfoView>;
export type BankView = z.infer<typeof bankView>;
export type MypageResponse = z.infer<typeof mypageResponse>;
export type CheckUsernameRequest = z.input<typeof checkUsernameRequest>;
export type CheckUsernameResponse = z.infer<typeof checkUsernameResponse>;
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequest>;
export type UserInfoRequest = z.input<typeof userInfoRequest>;
export type BankRequest = z.input<typeof bankRequest>;
export type NotificationEmailVerifyRequest = z.input<typeof notificationEmailVerifyRequest>;
export type SkipStepRequest = z.input<typeof skipStepRequest>;
export type BankListResponse = z.infer<typeof bankListResponse>;
export type BranchListResponse = z.infer<typeof branchListResponse>;

/** The two public pictures of a profile (media purposes `avatar`, `background`). */
export const profileImageKinds = ['avatar', 'background'] as const;
export type ProfileImageKind = (typeof profileImageKinds)[number];

/** `POST /mypage/profile/upload-url`: a presigned POST for a new avatar or background. */
export const profileUploadUrlRequest = z.object({
  kind: z.enum(profileImageKinds, { error: V.required }),
  content_type: z.enum(Object.keys(IMAGE_TYPES) as [keyof typeof IMAGE_TYPES], { error: V.mediaType }),
});
export type ProfileUploadUrlRequest = z.input<typeof profileUploadUrlRequest>;

/**
 * `POST /mypage/profile/image`: the uploaded key becomes the profile's picture of that kind (checked,
 * re-encoded, EXIF removed); null removes the picture. Answers the mypage view.
 */
export const profileImageRequest = z.object({
  kind: z.enum(profileImageKinds, { error: V.required }),
  upload_key: z.nullable(
    z.string({ error: V.chatFile }).check(z.minLength(1, V.chatFile), z.maxLength(300, V.chatFile)),
  ),
});
export type ProfileImageRequest = z.input<typeof profileImageRequest>;
