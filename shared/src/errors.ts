/**
 * Stable error codes shared by the API and the web client. Each has an HTTP status and an
 * i18n key under `errors.` in the catalogues (shared/src/i18n). Clients show the message
 * for the code; they never show server text.
 */
export const errorCatalog = {
  validation: { status: 422, key: 'errors.validation' },
  no_token: { status: 401, key: 'errors.noToken' },
  invalid_token: { status: 401, key: 'errors.loginRequired' },
  token_expired: { status: 401, key: 'errors.loginRequired' },
  refresh_invalid: { status: 401, key: 'errors.loginRequired' },
  refresh_reused: { status: 401, key: 'errors.loginRequired' },
  forbidden: { status: 403, key: 'errors.forbidden' },
  account_suspended: { status: 403, key: 'errors.accountSuspended' },
  registration_incomplete: { status: 403, key: 'errors.registrationIncomplete' },
  not_found: { status: 404, key: 'errors.notFound' },
  profile_not_found: { status: 404, key: 'errors.profileNotFound' },
  self_like: { status: 403, key: 'errors.selfLike' },
  self_favorite: { status: 403, key: 'errors.selfFavorite' },
  news_not_found: { status: 404, key: 'errors.newsNotFound' },
  /** A page cursor that this server did not hand to this caller for this list (edited, forged, another member's). */
  cursor_invalid: { status: 400, key: 'errors.cursorInvalid' },
  invalid_credentials: { status: 401, key: 'errors.invalidCredentials' },
  notification_email_taken: { status: 409, key: 'errors.notificationEmailTaken' },
  notification_email_missing: { status: 409, key: 'errors.notificationEmailMissing' },
  email_not_registered: { status: 404, key: 'errors.emailNotRegistered' },
  username_taken: { status: 409, key: 'errors.usernameTaken' },
  code_invalid: { status: 400, key: 'errors.codeInvalid' },
  code_expired: { status: 400, key: 'errors.codeExpired' },
  code_attempts: { status: 429, key: 'errors.codeAttempts' },
  /** A per-address or per-account limit (services/rate-limit.ts); the body carries `retry_after`. */
  rate_limited: { status: 429, key: 'errors.rateLimited' },
  line_login_failed: { status: 400, key: 'errors.lineLoginFailed' },
  line_state_invalid: { status: 400, key: 'errors.lineStateInvalid' },
  birth_date_immutable: { status: 409, key: 'errors.birthDateImmutable' },
  bank_not_found: { status: 404, key: 'errors.bankSearch' },
  branch_not_found: { status: 404, key: 'errors.branchSearch' },
  step_not_skippable: { status: 409, key: 'errors.stepNotSkippable' },
  insufficient_points: { status: 409, key: 'errors.insufficientPoints' },
  points_fragmented: { status: 409, key: 'errors.pointsFragmented' },
  creator_purchase: { status: 403, key: 'errors.creatorPurchase' },
  purchase_daily_limit: { status: 409, key: 'errors.purchaseDailyLimit' },
  purchase_minor_limit: { status: 409, key: 'errors.purchaseMinorLimit' },
  idempotency_mismatch: { status: 409, key: 'errors.idempotencyMismatch' },
  payment_pending: { status: 409, key: 'errors.paymentPending' },
  card_not_found: { status: 404, key: 'errors.cardNotFound' },
  card_delete_failed: { status: 502, key: 'errors.cardDeleteFailed' },
  card_invalid: { status: 402, key: 'errors.cardInvalid' },
  card_expired: { status: 402, key: 'errors.cardExpired' },
  card_declined: { status: 402, key: 'errors.cardDeclined' },
  card_processing: { status: 402, key: 'errors.cardProcessing' },
  card_network: { status: 402, key: 'errors.cardNetwork' },
  card_security: { status: 402, key: 'errors.cardSecurity' },
  card_unknown: { status: 402, key: 'errors.cardUnknown' },
  chatroom_not_found: { status: 404, key: 'errors.chatroomNotFound' },
  chatroom_closed: { status: 410, key: 'errors.chatroomClosed' },
  /** An upload GuardDuty has not scanned yet: the same request succeeds a little later. */
  media_scanning: { status: 409, key: 'errors.mediaScanning' },
  creator_not_found: { status: 404, key: 'errors.creatorNotFound' },
  user_not_found: { status: 404, key: 'errors.userNotFound' },
  creator_to_creator: { status: 403, key: 'errors.creatorToCreator' },
  /** A room with oneself (`/chatroom/<own username>`). */
  chat_own_account: { status: 403, key: 'errors.chatOwnAccount' },
  chat_locked: { status: 403, key: 'errors.chatLocked' },
  chat_blocked: { status: 403, key: 'errors.chatBlocked' },
  chat_you_blocked: { status: 403, key: 'errors.chatYouBlocked' },
  insufficient_chat_points: { status: 409, key: 'errors.insufficientChatPoints' },
  message_not_found: { status: 404, key: 'errors.messageNotFound' },
  stamp_not_found: { status: 404, key: 'errors.stampNotFound' },
  creator_stamp: { status: 403, key: 'errors.creatorStamp' },
  // Business (issue 12): statements and withdrawals
  month_not_closed: { status: 409, key: 'errors.monthNotClosed' },
  withdrawal_below_minimum: { status: 409, key: 'errors.withdrawalBelowMinimum' },
  withdrawal_exists: { status: 409, key: 'errors.withdrawalExists' },
  withdrawal_not_found: { status: 404, key: 'errors.withdrawalNotFound' },
  withdrawal_not_rejected: { status: 409, key: 'errors.withdrawalNotRejected' },
  /** An operators' transition that the request's state does not allow (services/business/withdrawals). */
  withdrawal_state: { status: 409, key: 'errors.withdrawalState' },
  bank_missing: { status: 409, key: 'errors.bankMissing' },
  /** Changing stored bank details needs the code mailed to the account's e-mail. */
  bank_code_required: { status: 403, key: 'errors.bankCodeRequired' },
  /** The account has no login e-mail to send that code to (a cast an organization created). */
  bank_email_missing: { status: 409, key: 'errors.bankEmailMissing' },
  // Shop (issue 13)
  item_not_found: { status: 404, key: 'errors.itemNotFound' },
  item_draft_limit: { status: 409, key: 'errors.itemDraftLimit' },
  item_pin_limit: { status: 409, key: 'errors.itemPinLimit' },
  /** A published item's content (type, description, files, stock mode...) cannot change. */
  item_published_locked: { status: 409, key: 'errors.itemPublishedLocked' },
  /** Show/hide or pin of a draft. */
  item_draft: { status: 409, key: 'errors.itemDraft' },
  /** A concurrent edit changed the item since the form read it. */
  item_edit_conflict: { status: 409, key: 'errors.itemEditConflict' },
  item_not_on_sale_yet: { status: 409, key: 'errors.itemNotOnSaleYet' },
  item_sale_ended: { status: 409, key: 'errors.itemSaleEnded' },
  item_sold_out: { status: 409, key: 'errors.itemSoldOut' },
  /** Fewer units left than asked for. */
  item_stock_short: { status: 409, key: 'errors.itemStockShort' },
  item_unavailable: { status: 409, key: 'errors.itemUnavailable' },
  item_owned: { status: 409, key: 'errors.itemOwned' },
  item_own: { status: 403, key: 'errors.itemOwn' },
  item_sensitive_minor: { status: 403, key: 'errors.itemSensitiveMinor' },
  /** The price, quantity or availability changed since the buyer confirmed (the body's expected points). */
  purchase_changed: { status: 409, key: 'errors.purchaseChanged' },
  cart_full: { status: 409, key: 'errors.cartFull' },
  cart_empty: { status: 409, key: 'errors.cartEmpty' },
  /** The cart kept changing (other tabs) while a change was written: try again. */
  cart_conflict: { status: 409, key: 'errors.cartConflict' },
  order_line_not_found: { status: 404, key: 'errors.orderLineNotFound' },
  return_gift_exists: { status: 409, key: 'errors.returnGiftExists' },
  // Shop: library, sales status, grants (issue 13)
  /** Digital lines are provided at purchase: only physical lines change their provided state. */
  order_line_digital: { status: 409, key: 'errors.orderLineDigital' },
  /** Original points go only to a fan who bought from the creator or has a chat room with them. */
  grant_not_allowed: { status: 403, key: 'errors.grantNotAllowed' },
  // Fan club (issue 14)
  fanclub_not_found: { status: 404, key: 'errors.fanclubNotFound' },
  /** The creator does not take new members now (renewals go on). */
  fanclub_closed: { status: 409, key: 'errors.fanclubClosed' },
  fanclub_own: { status: 403, key: 'errors.fanclubOwn' },
  /** The monthly price changed since the fan confirmed it. */
  fanclub_price_changed: { status: 409, key: 'errors.fanclubPriceChanged' },
  fanclub_already_member: { status: 409, key: 'errors.fanclubAlreadyMember' },
  fanclub_not_member: { status: 409, key: 'errors.fanclubNotMember' },
  /** Spec 9: auto-renewal can be stopped only until 24 hours before the renewal. */
  fanclub_auto_renew_locked: { status: 409, key: 'errors.fanclubAutoRenewLocked' },
  /** The membership changed at the same time (another tab, the renewal job): read it again. */
  fanclub_conflict: { status: 409, key: 'errors.fanclubConflict' },
  post_not_found: { status: 404, key: 'errors.postNotFound' },
  /** A members-only post (or its file) the caller may not see: the teaser says how to open it. */
  post_locked: { status: 403, key: 'errors.postLocked' },
  /** The post's publication time has passed: it is published and cannot be rescheduled. */
  post_published: { status: 409, key: 'errors.postPublished' },
  /** The post was edited, published or deleted at the same time (another tab, its schedule): read it again. */
  post_conflict: { status: 409, key: 'errors.postConflict' },
  // Broadcasts (issue 15): the fan-out
  /** Only a scheduled broadcast that ended with failed recipients can be sent to them again. */
  broadcast_not_retryable: { status: 409, key: 'errors.broadcastNotRetryable' },
  backnumber_not_member: { status: 403, key: 'errors.backnumberNotMember' },
  backnumber_not_past: { status: 409, key: 'errors.backnumberNotPast' },
  backnumber_owned: { status: 409, key: 'errors.backnumberOwned' },
  backnumber_covered: { status: 409, key: 'errors.backnumberCovered' },
  /** No members-only post was published in that month. */
  backnumber_empty: { status: 409, key: 'errors.backnumberEmpty' },
  // Broadcasts (issue 15): scheduled and trigger broadcasts (authoring)
  broadcast_not_found: { status: 404, key: 'errors.broadcastNotFound' },
  /** Spec 5: at most 3 triggers and 10 scheduled broadcasts not sent yet ('Cannot register more data'). */
  broadcast_limit: { status: 409, key: 'errors.broadcastLimit' },
  /** A scheduled broadcast whose sending started (or ended) can no longer be edited or deleted. */
  broadcast_sending: { status: 409, key: 'errors.broadcastSending' },
  /** The broadcast was changed or deleted at the same time (another tab): read it again. */
  broadcast_conflict: { status: 409, key: 'errors.broadcastConflict' },
  // Notifications: web push (issue 15, push helper)
  /** Web Push is not set up in this environment (no VAPID key pair). */
  push_unavailable: { status: 503, key: 'errors.pushUnavailable' },
  /** The profile has the most devices already (`businessConfig.push.devicesMax`). */
  push_device_limit: { status: 409, key: 'errors.pushDeviceLimit' },
  push_device_not_found: { status: 404, key: 'errors.pushDeviceNotFound' },
  // Notifications: e-mail preferences and unsubscribe (issue 15, mail helper)
  /** An unsubscribe link whose token is not one we signed (forged, cut, or of another kind). */
  unsubscribe_invalid: { status: 400, key: 'errors.unsubscribeInvalid' },
  /** A kind of mail the caller's role does not receive (a fan's kind for a creator, or the reverse). */
  mail_kind_not_allowed: { status: 403, key: 'errors.mailKindNotAllowed' },
  /** Fans: mail goes only to a confirmed notification e-mail. */
  notification_email_unconfirmed: { status: 409, key: 'errors.notificationEmailUnconfirmed' },
  // Organizations and casts (issue 16)
  organization_not_found: { status: 404, key: 'errors.organizationNotFound' },
  /** Casts are managed once the organization is approved. */
  organization_not_approved: { status: 403, key: 'errors.organizationNotApproved' },
  /** A review transition the organization's state does not allow (approving one already approved...). */
  organization_state: { status: 409, key: 'errors.organizationState' },
  /** The organization was changed at the same time (another tab, the review): read it again. */
  organization_conflict: { status: 409, key: 'errors.organizationConflict' },
  /** No cast of the caller's organization has that id (another organization's cast answers the same). */
  cast_not_found: { status: 404, key: 'errors.castNotFound' },
  /** The organization has `organizations.castsMax` casts already. */
  cast_limit: { status: 409, key: 'errors.castLimit' },
  /** A cast's first login: only choosing a new password (and logging out) is allowed until then. */
  password_change_required: { status: 403, key: 'errors.passwordChangeRequired' },
  /** A cast's rewards belong to the organization: its owner requests the withdrawals. */
  cast_rewards_to_organization: { status: 403, key: 'errors.castRewardsToOrganization' },
  /** An owner whose organization has casts cannot leave before removing them. */
  organization_has_casts: { status: 409, key: 'errors.organizationHasCasts' },
  // The operators' console (issue 17)
  /** The admin's password was right; the authenticator code is missing. */
  totp_required: { status: 401, key: 'errors.totpRequired' },
  /** The authenticator (or recovery) code is wrong. */
  totp_invalid: { status: 401, key: 'errors.totpInvalid' },
  /** That authenticator code was used already: wait for the next one. */
  totp_replayed: { status: 401, key: 'errors.totpReplayed' },
  /** The enrolment expired or was finished elsewhere: log in again. */
  enrolment_invalid: { status: 401, key: 'errors.enrolmentInvalid' },
  /** The record was changed by another operator meanwhile: read it again. */
  admin_conflict: { status: 409, key: 'errors.adminConflict' },
  // Console: reports and users (helper reports)
  /** No report with that id. */
  report_not_found: { status: 404, key: 'errors.reportNotFound' },
  /** The report is closed: it takes no action any more. */
  report_closed: { status: 409, key: 'errors.reportClosed' },
  /** A report on a user has no message to delete. */
  report_no_message: { status: 422, key: 'errors.reportNoMessage' },
  //
  // Console: withdrawals and the transfer file (helper withdrawals)
  transfer_batch_empty: { status: 409, key: 'errors.transferBatchEmpty' },
  /** A request's bank details do not fit the Zengin file (params: id, field). */
  transfer_file_invalid: { status: 422, key: 'errors.transferFileInvalid' },
  transfer_batch_not_found: { status: 404, key: 'errors.transferBatchNotFound' },
  transfer_batch_state: { status: 409, key: 'errors.transferBatchState' },
  // Console: news, the banner and points (helper content)
  //
  news_conflict: { status: 409, key: 'errors.adminConflict' },
  news_withdrawn: { status: 409, key: 'errors.newsWithdrawn' },
  refund_not_spend: { status: 422, key: 'errors.refundNotSpend' },
  refund_too_old: { status: 422, key: 'errors.refundTooOld' },
  refund_done: { status: 409, key: 'errors.refundDone' },
  movement_not_found: { status: 404, key: 'errors.movementNotFound' },
  // Console: organization reviews and item moderation (helper review)
  /** Putting an item under review that is under review already (another operator did). */
  item_already_under_review: { status: 409, key: 'errors.itemAlreadyUnderReview' },
  /** Taking an item off review that is not under review. */
  item_not_under_review: { status: 409, key: 'errors.itemNotUnderReview' },
  /** Buying an item an operator put under review: nobody can buy it until the review ends. */
  item_under_review: { status: 409, key: 'errors.itemUnderReview' },
  //
  // Console: stamps and campaigns (helper catalog)
  /** A stamp with this id is in the catalogue already. */
  stamp_exists: { status: 409, key: 'errors.stampExists' },
  /** The catalogue holds `admin.catalog.stampsMax` stamps. */
  stamps_full: { status: 409, key: 'errors.stampsFull' },
  /** The stamp's price changed (or it was retired) while the fan sent it: nothing was charged. */
  stamp_changed: { status: 409, key: 'errors.stampChanged' },
  /** A campaign with this code exists already. */
  campaign_exists: { status: 409, key: 'errors.campaignExists' },
  campaign_not_found: { status: 404, key: 'errors.campaignNotFound' },
  //
  // Console: the dashboard (helper dashboard)
  //
  // Console: access and the audit log (helper access)
  //
  too_many_requests: { status: 429, key: 'errors.tooManyRequests' },
  bad_request: { status: 400, key: 'errors.badRequest' },
  internal: { status: 500, key: 'errors.communication' },
} as const;

export type ErrorCode = keyof typeof errorCatalog;

/** The card error classes of spec section 8, in the order the store screen documents them. */
export const cardErrorCodes = [
  'card_invalid',
  'card_expired',
  'card_declined',
  'card_processing',
  'card_network',
  'card_security',
  'card_unknown',
] as const satisfies readonly ErrorCode[];
export type CardErrorCode = (typeof cardErrorCodes)[number];

/** Body of every error response. `issues` only for 422 (one per field, message = i18n key). */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  issues?: { path: string; message: string }[];
  /** Values for the message's placeholders, e.g. `{limit, remaining}`. */
  params?: Record<string, string | number>;
  /** 429 of a rate limit: seconds until a new try can pass (also the Retry-After header). */
  retry_after?: number;
}
