/** Contracts of the notice list (spec "Notice kinds"; `GET /notice`, `POST /notice/read`). */
import * as z from 'zod/mini';

/**
 * Every notice kind of the spec. The chat writes the first four; later features write the others.
 * The message of each is `notices.kinds.<kind>` in the catalogues, with `params` as placeholders.
 */
export const noticeKinds = [
  'chat_earning',
  'chat_spend',
  'stamp_earning',
  'stamp_spend',
  'liked',
  'invitation_registration',
  'purchase',
  'profile_image_deleted',
  'background_image_deleted',
  'thumbnail_deleted',
  'sample_file_deleted',
  'original_point_received',
  'return_gift_received',
  // Fan club (issue 14): to the fan, and to the creator (`fanclub_member_*`).
  'fanclub_joined',
  'fanclub_member_joined',
  'fanclub_renewed',
  'fanclub_member_renewed',
  'fanclub_renewal_failed',
  'fanclub_member_renewal_failed',
  'fanclub_ended',
  'fanclub_member_ended',
  'fanclub_pass_bought',
  'fanclub_pass_sold',
  // Console: news, the banner and points (issue 17): leaves granted by the operators.
  'leaves_granted',
  // The operators' console (issue 17, reports): a warning for content that broke the terms
  // (params.message: the operator's words, with params.side = 'message').
  'account_warning',
] as const;
export const noticeKind = z.enum(noticeKinds);
export type NoticeKind = z.infer<typeof noticeKind>;

export const noticeView = z.object({
  id: z.string(),
  kind: noticeKind,
  /** Placeholder values (points, stamp_name, nickname…) and link targets (chatroom_id, profile_id). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  read: z.boolean(),
  created_at: z.string(),
});
export type NoticeView = z.infer<typeof noticeView>;

export const noticeListQuery = z.object({ cursor: z.optional(z.string().check(z.maxLength(1024))) });
export const noticeListResponse = z.object({
  notices: z.array(noticeView),
  /** Unread notices, counted up to the cap (the badge shows "99+" at the cap). */
  unread: z.int(),
  next_cursor: z.nullable(z.string()),
});
export type NoticeListResponse = z.infer<typeof noticeListResponse>;

/** Without `id`: everything read up to now. With `id`: that notice. */
export const noticeReadRequest = z.object({
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(80))),
});
export const noticeReadResponse = z.object({ unread: z.int() });
