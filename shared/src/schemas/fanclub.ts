/**
 * The fan club (issue 14; DECISIONS.md "Fan club"): the creator's settings and member list, posts
 * (text with up to 10 images or one video, public or members only, now or at a time), the fan club
 * card on the profile with the join flow, the profile's post list and a post's page behind the one
 * access rule (shared/src/fanclub.ts `postLockOf`), the fan's memberships with auto-renewal, and
 * back-number passes. Prices are points (mushrooms) per month.
 */
import * as z from 'zod/mini';
import { businessConfig } from '../config.ts';
import { membershipStatuses, postStatuses, postVisibilities } from '../fanclub.ts';
import { mediaConfig, mediaPurposes } from '../media.ts';
import { PROFILE_ID_RE, textSchema, ULID_RE, V } from '../validation.ts';
import { balanceView } from './points.ts';
import { uploadUrlView } from './uploads.ts';

const F = businessConfig.fanclub;

export { membershipStatuses, postStatuses, postVisibilities };
export const postIdSchema = z.string({ error: V.required }).check(z.regex(ULID_RE, V.required));
const creatorIdSchema = z.string({ error: V.required }).check(z.regex(PROFILE_ID_RE, V.required));
const pageQuery = z.object({ cursor: z.optional(z.string().check(z.maxLength(1024))) });
/** `?cursor=` of the paged fan club lists (posts, members): sealed by lib/http.ts. */
export const fanclubPageQuery = pageQuery;
const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthSchema = z.string({ error: V.backnumberMonth }).check(z.regex(MONTH_RE, V.backnumberMonth));

/** A creator as the fan club screens show them. */
export const fanclubCreatorView = z.object({
  id: z.string(),
  username: z.nullable(z.string()),
  nickname: z.nullable(z.string()),
  avatar_url: z.nullable(z.string()),
});
export type FanclubCreatorView = z.infer<typeof fanclubCreatorView>;

// ---------------------------------------------------------------------------------------------
// The creator's settings: GET /fanclub/setting, POST /fanclub/setting

export const fanclubSettingRequest = z.object({
  name: textSchema({ max: F.nameMax, maxMessage: V.fanclubName, required: V.fanclubName }),
  description: textSchema({ max: F.descriptionMax, maxMessage: V.fanclubDescription, multiline: true }),
  benefits: textSchema({ max: F.benefitsMax, maxMessage: V.fanclubBenefits, multiline: true }),
  /** Points per month. */
  price: z
    .int({ error: V.fanclubPrice })
    .check(z.gte(F.priceMin, V.fanclubPrice), z.lte(F.priceMax, V.fanclubPrice)),
  /** Open to new members (renewals go on either way). */
  is_open: z.boolean({ error: V.required }),
});
export type FanclubSettingRequest = z.infer<typeof fanclubSettingRequest>;

export const fanclubSettingView = z.object({
  name: z.string(),
  description: z.string(),
  benefits: z.string(),
  price: z.int(),
  is_open: z.boolean(),
  /** Current members (active and past due). */
  members: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FanclubSettingView = z.infer<typeof fanclubSettingView>;
/** Null until the creator first saves the fan club. */
export const fanclubSettingResponse = z.object({ fanclub: z.nullable(fanclubSettingView) });
export type FanclubSettingResponse = z.infer<typeof fanclubSettingResponse>;

// ---------------------------------------------------------------------------------------------
// The creator's member list: GET /fanclub/members/{id} (own id, paged)

export const memberRowView = z.object({
  fan: z.object({ id: z.string(), nickname: z.nullable(z.string()), avatar_url: z.nullable(z.string()) }),
  status: z.enum(membershipStatuses),
  /** The current stint's join. */
  joined_at: z.string(),
  /** JST date of the next charge (null once ended). */
  renews_on: z.nullable(z.string()),
  auto_renew: z.boolean(),
  months_paid: z.int(),
});
export type MemberRowView = z.infer<typeof memberRowView>;
export const memberListResponse = z.object({
  members: z.array(memberRowView),
  /**
   * `members` from the fan club; `auto_renew_off` and `past_due` counted over at most
   * `memberCountMax` current members (`complete` false: more were not counted).
   */
  counts: z.object({ members: z.int(), auto_renew_off: z.int(), past_due: z.int(), complete: z.boolean() }),
  next_cursor: z.nullable(z.string()),
});
export type MemberListResponse = z.infer<typeof memberListResponse>;

// ---------------------------------------------------------------------------------------------
// Posts, creator side: POST /fanclub/post (create or edit), POST /fanclub/post/delete,
// POST /fanclub/post/upload-url, GET /fanclub/my-posts/{id} (own id, paged; scheduled ones first)

export const postUploadPurposes = ['postImage', 'postVideo'] as const;
export type PostUploadPurpose = (typeof postUploadPurposes)[number];
const postFolders = postUploadPurposes.map((n) => mediaPurposes[n].folder).join('|');
/** A new upload of the post form: `uploads/<folder>/<owner>/<uuid>.<ext>`. */
export const POST_UPLOAD_RE = new RegExp(
  `^${mediaConfig.prefixes.uploads}(${postFolders})/[A-Za-z0-9_-]{1,140}/[A-Za-z0-9_-]{1,80}\\.[A-Za-z0-9]{1,8}$`,
);
/** A file the post already has (its processed key). */
export const POST_FILE_RE = new RegExp(
  `^${mediaConfig.prefixes.private}(${postFolders})/[A-Za-z0-9/_.-]{1,300}$`,
);
const postFileRef = z.string({ error: V.postFile }).check(
  z.maxLength(400, V.postFile),
  z.refine((s) => POST_UPLOAD_RE.test(s) || POST_FILE_RE.test(s), V.postFile),
);

export const postUploadUrlRequest = z.object({
  purpose: z.enum(postUploadPurposes, { error: V.postFile }),
  content_type: z.string({ error: V.mediaType }).check(z.maxLength(100, V.mediaType)),
});
export { uploadUrlView };

export const postSaveRequest = z
  .object({
    /** Absent: a new post. */
    id: z.optional(postIdSchema),
    text: textSchema({ max: F.postTextMax, maxMessage: V.postText, multiline: true }),
    visibility: z.enum(postVisibilities, { error: V.postVisibility }),
    /** Ordered image files (new upload keys or keys the post holds). */
    images: z._default(z.array(postFileRef).check(z.maxLength(F.postImagesMax, V.postImagesMax)), []),
    video: z._default(z.nullable(postFileRef), null),
    /** Null: publish now. Else at least `postScheduleMinMinutes` ahead (checked by the service with its clock). */
    publish_at: z._default(z.nullable(z.iso.datetime({ offset: true, error: V.postPublishAt })), null),
  })
  .check(
    z.refine((p) => !(p.images.length > 0 && p.video), { error: V.postMediaBoth, path: ['video'] }),
    z.refine((p) => p.text !== '' || p.images.length > 0 || !!p.video, {
      error: V.postContent,
      path: ['text'],
    }),
  );
export type PostSaveRequest = z.infer<typeof postSaveRequest>;
export const postDeleteRequest = z.object({ id: postIdSchema });

/** A file of a post a reader may see: presigned GET URLs minted after the access check (5 minutes). */
export const postImageView = z.object({ thumb_url: z.string(), full_url: z.string() });
export const postVideoView = z.object({ url: z.string() });

/** A post as its reader sees it: `lock` set means text and files are withheld (the teaser). */
export const postView = z.object({
  id: z.string(),
  creator_id: z.string(),
  visibility: z.enum(postVisibilities),
  status: z.enum(postStatuses),
  /** The JST month (YYYY-MM) a members-only post belongs to. */
  month: z.string(),
  /** Published: when; scheduled (the creator only): when it will be. */
  published_at: z.string(),
  text: z.nullable(z.string()),
  images: z.array(postImageView),
  video: z.nullable(postVideoView),
  /** What the post holds, also when locked (the teaser says "3 images"). */
  image_count: z.int(),
  has_video: z.boolean(),
  /** Null: readable. Else how to open it: join (or rejoin), or buy the month's back-number pass. */
  lock: z.nullable(z.object({ join: z.boolean(), pass: z.boolean(), price: z.int() })),
  /** The creator's own view: the files' keys for the edit form. */
  edit: z.optional(z.object({ images: z.array(z.string()), video: z.nullable(z.string()) })),
});
export type PostView = z.infer<typeof postView>;
export const postListResponse = z.object({ posts: z.array(postView), next_cursor: z.nullable(z.string()) });
export type PostListResponse = z.infer<typeof postListResponse>;
export const postResponse = z.object({ post: postView, creator: fanclubCreatorView });
export type PostResponse = z.infer<typeof postResponse>;

// ---------------------------------------------------------------------------------------------
// The profile's fan club card: GET /fanclub/card/{id} (a username or profile id; guests too)

export const membershipView = z.object({
  creator: fanclubCreatorView,
  fanclub_name: z.string(),
  status: z.enum(membershipStatuses),
  joined_at: z.string(),
  /** JST date of the next charge; null once ended. */
  renews_on: z.nullable(z.string()),
  /** The end of the paid period. */
  access_until: z.string(),
  auto_renew: z.boolean(),
  /** The last instant auto-renewal can be stopped (24 hours before the renewal); null when ended. */
  stop_deadline: z.nullable(z.string()),
  /** Points charged at each renewal (the price when the fan joined). */
  price: z.int(),
  months_paid: z.int(),
  /** Failed attempts of a past-due renewal. */
  failures: z.int(),
});
export type MembershipView = z.infer<typeof membershipView>;

/** Members-only posts of one JST month, and what this viewer can do about it. */
export const backNumberView = z.object({
  month: z.string(),
  posts: z.int(),
  /** open: the viewer sees it; pass: a pass can be bought; locked: join first (or the month is current). */
  state: z.enum(['open', 'pass', 'locked']),
});
export type BackNumberView = z.infer<typeof backNumberView>;

export const fanclubCardResponse = z.object({
  creator: fanclubCreatorView,
  /** Null: the creator has no fan club (the card's empty state). */
  fanclub: z.nullable(
    z.object({
      name: z.string(),
      description: z.string(),
      benefits: z.string(),
      price: z.int(),
      is_open: z.boolean(),
      members: z.int(),
      /** What joining now opens: members-only posts per month (this period, and earlier ones with re-view). */
      join_opens: z.array(z.object({ month: z.string(), posts: z.int() })),
      back_numbers: z.array(backNumberView),
    }),
  ),
  /** The signed-in viewer's membership (null: guest or never joined). */
  membership: z.nullable(membershipView),
  /** Why the viewer cannot join now (an error code: own, creator account, closed, member…), or null. */
  join_refusal: z.nullable(z.string()),
  /** Signed-in viewers other than the creator: the points the join and pass flows plan with. */
  wallet: z.nullable(z.object({ balance: balanceView, original_points: z.int() })),
});
export type FanclubCardResponse = z.infer<typeof fanclubCardResponse>;

// ---------------------------------------------------------------------------------------------
// Joining and passes: POST /fanclub/join, POST /fanclub/backnumber; POST /fanclub/auto-renew

const payKey = z.uuid({ error: V.purchaseKeyRequired });

export const joinRequest = z.object({
  creator_id: creatorIdSchema,
  /** The monthly price the fan confirmed: another answers 409 fanclub_price_changed. */
  price: z.int({ error: V.required }),
  use_original_points: z._default(z.boolean(), false),
  agree_terms: z.literal(true, { error: V.termsRequired }),
  /** The client's idempotency key: a retried request joins once. */
  key: payKey,
});
export type JoinRequest = z.infer<typeof joinRequest>;
export const joinResponse = z.object({
  membership: membershipView,
  points: z.int(),
  parts: z.array(z.object({ kind: z.string(), issuer_id: z.nullable(z.string()), points: z.int() })),
  balance: balanceView,
  replayed: z.boolean(),
});
export type JoinResponse = z.infer<typeof joinResponse>;

export const backNumberRequest = z.object({
  creator_id: creatorIdSchema,
  month: monthSchema,
  price: z.int({ error: V.required }),
  use_original_points: z._default(z.boolean(), false),
  agree_terms: z.literal(true, { error: V.termsRequired }),
  key: payKey,
});
export type BackNumberRequest = z.infer<typeof backNumberRequest>;
export const passView = z.object({
  creator: fanclubCreatorView,
  fanclub_name: z.string(),
  month: z.string(),
  points: z.int(),
  bought_at: z.string(),
});
export type PassView = z.infer<typeof passView>;
export const backNumberResponse = z.object({
  pass: passView,
  points: z.int(),
  parts: z.array(z.object({ kind: z.string(), issuer_id: z.nullable(z.string()), points: z.int() })),
  balance: balanceView,
  replayed: z.boolean(),
});
export type BackNumberResponse = z.infer<typeof backNumberResponse>;

export const autoRenewRequest = z.object({
  creator_id: creatorIdSchema,
  auto_renew: z.boolean({ error: V.required }),
});
export const autoRenewResponse = z.object({ membership: membershipView });

// ---------------------------------------------------------------------------------------------
// The fan's /home/fanclub: GET /fanclub/memberships/{id} (own id)

export const myMembershipsResponse = z.object({
  memberships: z.array(membershipView),
  passes: z.array(passView),
});
export type MyMembershipsResponse = z.infer<typeof myMembershipsResponse>;
