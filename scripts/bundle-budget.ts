/**
 * The size budget of the Lambda bundles (index.mjs, what a cold start loads), checked by
 * `npm run build:functions`: a bundle over its budget fails the build. Bundle size is cold-start
 * time (docs/architecture.md, "Bundles").
 */

/**
 * The budget of an ordinary handler: 330 KB (300 KB in issue 9; the shop's nine entities of issue 13
 * added ~9 KB to every bundle through the one table Service, the fan club's seven of issue 14 ~7 KB,
 * issue 15's ten (broadcasts, triggers, push, mail) ~12 KB).
 * The WebSocket handlers, jobs and stream consumers meet it (up to 316.6 KB, measured 2026-11-24
 * after issue 14; chat-notices has an exception since Metrics, the renewal job for the ledger); the
 * HTTP handlers do not, each has its measured exception below (`httpFloor`).
 */
export const DEFAULT_BUDGET_KB = 330;

export interface BudgetException {
  /** The budget of this bundle, in KB. */
  budgetKB: number;
  /** Its size when the exception was written, in KB (esbuild 0.28, `npm run build:functions`). */
  measuredKB: number;
  /** Why it cannot meet the default budget. */
  reason: string;
}

/** The bundles allowed over the default budget, each with its measured size and the reason. */
const squareSdk: Omit<BudgetException, 'measuredKB'> = {
  budgetKB: 650,
  reason:
    'the square SDK (275 KB), even trimmed by scripts/square-sdk-plugin.ts to the cards, customers and ' +
    "payments clients (44 KB, without the customers' sub-resources), the serializers they name (126 KB, " +
    'CommonJS), the two enums SquareError reads, and its core (fetcher, schema builders: ~80 KB); on ' +
    'top of the table layer, logger and zod every function carries (httpFloor)',
};

/**
 * An HTTP handler: what every one of them carries is ~292 KB before the route's own service code
 * and contracts (3-40 KB). Measured in HttpMypageGet (351.9 KB since issue 15's entities, 339.6 after issue 14, 329.3 after issue 13, 313.7 after issue 11, 300.4 before), the smallest. Budget: the measured
 * size rounded up to 5 KB, plus 5 KB.
 */
const httpFloor = (measuredKB: number): BudgetException => ({
  budgetKB: Math.ceil(measuredKB / 5) * 5 + 5,
  measuredKB,
  reason:
    'ElectroDB 190 KB (CommonJS, bundled whole; jsonschema already swapped out, scripts/electrodb-plugin.ts), ' +
    "the 52 entity models of the one table Service (19 KB for 28 in issue 9, ~10 KB more for issue 11's 14, ~9 KB more for issue 13's shop), Powertools Logger 23.5 KB, jose 15 KB (access " +
    'tokens), zod/mini with its English messages 26 KB, and middy, http.ts, the route manifest, the error ' +
    'catalogue and config 17 KB. Below 300 needs a smaller table layer or per-area Services holding only ' +
    'their entities (docs/architecture.md, "Bundles")',
});

export const BUDGET_EXCEPTIONS: Record<string, BudgetException> = {
  HttpSquareCreatePayment: { ...squareSdk, budgetKB: 675, measuredKB: 665.7 },
  HttpSquareCreateCard: { ...squareSdk, measuredKB: 595.2 },
  HttpSquareDeleteCard: { ...squareSdk, measuredKB: 594.3 },
  HttpSquareCreateCustomer: { ...squareSdk, measuredKB: 591.8 },
  HttpSquareCards: { ...squareSdk, measuredKB: 591.7 },
  JobsPaymentReconcile: { ...squareSdk, measuredKB: 574.3 },
  StreamsChatNotices: {
    budgetKB: 350,
    measuredKB: 343.5,
    reason:
      'Powertools Metrics 12.7 KB (the failure metric of every stream consumer, lib/stream.ts) on top of ' +
      'the 291.6 KB it measured without it (the table layer, logger and zod of every function, and the ' +
      'notices service)',
  },
  // + Powertools Metrics 12.7 KB (paid-message metrics, lib/metrics.ts) and the media check's client (S3), measured 2026-11-23.
  HttpChatSend: httpFloor(404.5),
  // Issue 11: the S3 client of the media pipeline (presigned POST; the picture's check) and the
  // directory/search services.
  HttpMypageProfileImage: httpFloor(376.6),
  HttpMypageProfileUploadUrl: httpFloor(370.1),
  HttpSocialSearch: httpFloor(365.4),
  HttpChatCreateRoom: httpFloor(379.3),
  HttpChatGetRoom: httpFloor(378.3),
  HttpAuthLeave: httpFloor(379.3),
  HttpChatDelete: httpFloor(374.9),
  HttpChatReadRoom: httpFloor(374.7),
  HttpChatBlock: httpFloor(373.9),
  HttpChatReport: httpFloor(373.7),
  HttpChatHistory: httpFloor(374.2),
  HttpChatListRooms: httpFloor(373.4),
  // + the room a first message creates (services/chat/rooms.ts roomTarget: a file may be the first message), issue 11.
  HttpChatUploadUrl: httpFloor(375.2),
  HttpChatMute: httpFloor(372.8),
  HttpChatBlockCheck: httpFloor(372.5),
  HttpAuthLineCallback: httpFloor(369.0),
  HttpAuthRegisterVerify: httpFloor(366.5),
  HttpAuthLoginProfile: httpFloor(366.1),
  HttpAuthLogin: httpFloor(366.0),
  HttpAuthRegister: httpFloor(363.4),
  HttpAuthUpdateToken: httpFloor(362.9),
  HttpMypageNotificationEmailVerify: httpFloor(366.9),
  HttpAuthLineRecoveryVerify: httpFloor(364.9),
  HttpAuthForgotPassword: httpFloor(362.1),
  HttpAuthLineRecovery: httpFloor(362.0),
  HttpMypageUser: httpFloor(364.2),
  HttpAuthLineAuthorize: httpFloor(364.7),
  HttpMypageProfileUpdate: httpFloor(364.3),
  HttpMypageBank: httpFloor(366.5),
  HttpStoreGet: httpFloor(360.6),
  HttpMypagePoints: httpFloor(359.8),
  HttpMypageSkipStep: httpFloor(363.3),
  HttpAuthForgotPasswordVerify: httpFloor(363.3),
  HttpChatOpenStamp: httpFloor(364.2),
  HttpMypageBusinessSetting: httpFloor(361.5),
  HttpMypageOriginalPoints: httpFloor(358.7),
  HttpBankListBranches: httpFloor(360.9),
  HttpBankListBanks: httpFloor(360.5),
  HttpNoticeList: httpFloor(357.8),
  HttpAuthLogout: httpFloor(358.1),
  HttpNoticeRead: httpFloor(357.8),
  HttpMypageCheckUsername: httpFloor(359.9),
  HttpMypageNotificationEmailCode: httpFloor(355.7),
  // Issue 12: the bank details' change code (mail templates, the code's issue; no bank-code data).
  HttpMypageBankCode: httpFloor(353.8),
  HttpMypageGet: httpFloor(351.9),
  // Social (issue 11): the floor plus the social services.
  HttpSocialDiscoveryAction: httpFloor(363.2),
  HttpSocialLike: httpFloor(362.8),
  HttpSocialLikedYou: httpFloor(362.8),
  HttpSocialLiked: httpFloor(362.8),
  HttpSocialFavorite: httpFloor(362.9),
  HttpSocialFavorites: httpFloor(362.7),
  HttpMypageConfirmation: httpFloor(361.4),
  HttpSocialGetProfile: httpFloor(352.3),
  HttpHomeGet: httpFloor(351.9),
  HttpSocialDiscovery: httpFloor(351.8),
  HttpHomeNews: httpFloor(349.8),
  // Withdrawals (issue 12): the floor plus the withdrawal service and the Japanese holidays' dates
  // (14.3 KB, scripts/holiday-data-plugin.ts; the package's whole data set would be 171 KB).
  HttpBusinessWithdrawHistories: httpFloor(374.6),
  HttpBusinessRequestWithdraw: httpFloor(375.1),
  HttpBusinessReRequestWithdraw: httpFloor(375.1),
  // Income (issue 12): the floor plus the business contracts (zod), the month reads and the income
  // list with its buyers, and the ledger's month reader.
  HttpBusinessSummary: httpFloor(365.3),
  HttpBusinessIncomes: httpFloor(365.0),
  HttpBusinessStatement: httpFloor(364.8),
  // The creator's shop (issue 13, items), measured on the shop groundwork (every bundle grew ~34 KB there).
  HttpItemSave: httpFloor(388.1),
  HttpItemPin: httpFloor(379.6),
  HttpItemGet: httpFloor(379.5),
  HttpItemDelete: httpFloor(379.2),
  HttpItemPublish: httpFloor(379.1),
  HttpItemMyItems: httpFloor(379.0),
  HttpItemSetting: httpFloor(378.2),
  HttpItemShopSetting: httpFloor(378.2),
  HttpItemUploadUrl: httpFloor(378.1),
  // Shop, the buyer's side (issue 13, branch buy): the floor (grown by the shop's entities) plus the
  // shop contracts, the item page, the cart and the purchase with the ledger's spend (measured with
  // main's purchase core, da5f20d; the other handlers grew by the shop's entities as well).
  HttpShopItem: httpFloor(383.1),
  HttpShopCartGet: httpFloor(382.6),
  HttpShopCartSet: httpFloor(384.1),
  HttpShopCartDelete: httpFloor(383.4),
  HttpShopCartCheckout: httpFloor(391.6),
  HttpShopPurchasePoint: httpFloor(391.1),
  // Shop (issue 13, shelf): the profile's shop section (the item cards bring the shop's contracts,
  // shared/src/schemas/shop.ts, through services/shop/views.ts) and the purchase log.
  HttpShopProfileItems: httpFloor(379.4),
  HttpShopRecentPurchaseLogs: httpFloor(351.0),
  // Fan club (issue 14), reading posts: the access check, the media URLs and the profile lookup
  // (measured on h-read after main's membership core, 6966fcc, whose entities every handler carries).
  HttpFanclubPosts: httpFloor(372.0),
  HttpFanclubPost: httpFloor(360.1),
  // Shop (issue 13, library): the buyer's library, sales status, return gifts and grants.
  HttpItemUploadReturn: httpFloor(382.4),
  HttpItemGrantPoints: httpFloor(381.2),
  HttpLibraryDetail: httpFloor(380.5),
  HttpItemSalesStatus: httpFloor(380.2),
  HttpLibraryList: httpFloor(380.1),
  HttpItemSalesComplete: httpFloor(380.0),
  HttpItemSalesCompleteAll: httpFloor(378.7),
  HttpItemGiftUploadUrl: httpFloor(378.3),
  // Fan club (issue 14): settings and members (measured 2026-11-24 with the fan club's entities; the
  // settings form's contract brings schemas/fanclub.ts whole, the list its views and profiles).
  HttpFanclubSettingGet: httpFloor(353.7),
  HttpFanclubSettingSave: httpFloor(378.2),
  HttpFanclubMembers: httpFloor(376.2),
  // Fan club (issue 14): posts, the creator's side (measured 2026-11-24 after merging the membership
  // core; the form's save also ships sharp and file-type like the item form's).
  HttpFanclubPostSave: httpFloor(383.8),
  HttpFanclubPostDelete: httpFloor(376.3),
  HttpFanclubMyPost: httpFloor(375.3),
  HttpFanclubMyPosts: httpFloor(374.9),
  HttpFanclubPostUploadUrl: httpFloor(374.0),
  // Fan club (issue 14): joining, passes and auto-renewal carry the ledger's spend (as the shop's
  // purchase) and the balance; the card and the memberships their views and the profiles.
  HttpFanclubJoin: httpFloor(387.6),
  HttpFanclubBacknumber: httpFloor(385.7),
  HttpFanclubAutoRenew: httpFloor(376.4),
  HttpFanclubCard: httpFloor(371.2),
  HttpFanclubMemberships: httpFloor(357.0),
  // Broadcasts (issue 15, authoring): the forms carry the media pipeline's check (upload processing)
  // and the scheduler client; the others the broadcasts' contracts and the presigned GETs (measured
  // after the merge of the fan-out).
  HttpBroadcastingReserveSave: httpFloor(381.3),
  HttpBroadcastingTriggerSave: httpFloor(378.6),
  HttpBroadcastingReserveList: httpFloor(370.6),
  HttpBroadcastingReserveDelete: httpFloor(370.5),
  HttpBroadcastingReserveGet: httpFloor(370.3),
  HttpBroadcastingTriggerList: httpFloor(373.5),
  HttpBroadcastingTriggerGet: httpFloor(373.3),
  HttpBroadcastingTriggerDelete: httpFloor(372.9),
  HttpBroadcastingUploadUrl: httpFloor(372.5),
  // The retry carries the fan-out's retry (services/broadcasts/fanout.ts: chunks, the queue).
  HttpBroadcastingReserveRetry: httpFloor(385.1),
  // Broadcasts (issue 15): the fan-out carries chat's delivery (rooms, blocks, pushes with presigned
  // URLs), the worker the chunk logic on top; the send job and the sweep the SQS client.
  QueuesBroadcastDeliveries: {
    budgetKB: 390,
    measuredKB: 380.1,
    reason:
      "chat's rooms and pushes (the delivery creates rooms, checks blocks and pushes the messages with " +
      'presigned URLs of their files: the S3 presigner) and the queue wrapper on top of the table layer',
  },
  JobsBroadcastSend: {
    budgetKB: 355,
    measuredKB: 349.8,
    reason: 'the SQS client (the chunks are queued) and the audience queries on top of the table layer',
  },
  JobsBroadcastSweep: {
    budgetKB: 355,
    measuredKB: 349.7,
    reason: 'the SQS client (stalled chunks are queued again) on top of the table layer',
  },
  JobsFanclubRenewals: {
    budgetKB: 355,
    measuredKB: 345.3,
    reason:
      "the ledger's spend (each renewal is a movement) and the membership's writes on top of the table " +
      'layer, logger and zod of every function',
  },
  // Broadcasts (issue 15, trigger engine): the step job delivers chats as a chat message does.
  JobsBroadcastTriggerSteps: {
    budgetKB: 355,
    measuredKB: 347.5,
    reason:
      "the chat delivery (services/broadcasts/delivery.ts: the room's creation, the @connections " +
      "client of the fan's live pushes, the S3 presigner of a file chat's URL) on top of the table " +
      'layer, logger and zod of every function',
  },
  // Organizations (issue 16): the floor plus the organization contracts and services; the cast
  // actions add the @connections client (a suspended or removed cast's sockets close), the removal
  // leaving's deletion and the media store; the form adds the media pipeline's check.
  HttpOrganizationsCastRemove: httpFloor(390.1),
  HttpOrganizationsCastPassword: httpFloor(385.7),
  HttpOrganizationsCastSuspend: httpFloor(385.3),
  HttpOrganizationsCastResume: httpFloor(385.0),
  HttpOrganizationsCastCreate: httpFloor(385.0),
  HttpOrganizationsSave: httpFloor(379.6),
  HttpAuthCastPassword: httpFloor(379.0),
  HttpOrganizationsCasts: httpFloor(377.9),
  HttpOrganizationsLogoUrl: httpFloor(375.4),
  HttpOrganizationsSales: httpFloor(370.6),
  HttpOrganizationsGet: httpFloor(354.6),
  // Notifications: web push (issue 15). The routes: the floor plus the push contracts and service.
  HttpPushSubscribe: httpFloor(367.2),
  HttpPushUnsubscribe: httpFloor(360.8),
  HttpPushTopics: httpFloor(360.5),
  HttpPushSubscriptions: httpFloor(352.8),
  HttpPushConfig: httpFloor(352.4),
  // The push consumers: web-push (115 KB minified: asn1.js with bn.js to turn the VAPID private key
  // into a DER key for jws, http_ece's aes128gcm, jws) on top of a stream consumer's ~335 KB; only
  // these two bundles carry it.
  StreamsPushMessages: {
    budgetKB: 470,
    measuredKB: 460.7,
    reason:
      'web-push 115 KB (asn1.js and bn.js for the VAPID key, http_ece, jws), on top of the table layer, ' +
      'logger, metrics and zod every stream consumer carries, and the chat room read',
  },
  StreamsPushNotices: {
    budgetKB: 470,
    measuredKB: 460.2,
    reason: 'web-push 115 KB (asn1.js and bn.js for the VAPID key, http_ece, jws), as StreamsPushMessages',
  },
  // E-mail notifications (issue 15, mail helper): the preferences and the unsubscribe link (the
  // token's HMAC), measured 2026-11-24 on top of the groundwork's broadcast entities.
  HttpNotificationEmailGet: httpFloor(352.8),
  HttpNotificationEmailSet: httpFloor(356.8),
  HttpNotificationUnsubscribeInfo: httpFloor(356.0),
  HttpNotificationUnsubscribe: httpFloor(356.6),
  HttpNotificationUnsubscribeOneClick: httpFloor(356.6),
  // Console: withdrawals and the transfer file (issue 17, helper withdrawals)
  HttpAdminWithdrawalsList: httpFloor(401.3),
  HttpAdminWithdrawalsReview: httpFloor(401.8),
  HttpAdminWithdrawalsApprove: httpFloor(401.7),
  HttpAdminWithdrawalsPartial: httpFloor(401.9),
  HttpAdminWithdrawalsReject: httpFloor(401.8),
  HttpAdminWithdrawalsTransferFailed: httpFloor(401.8),
  HttpAdminWithdrawalsBatchFile: httpFloor(397.9),
  HttpAdminWithdrawalsBatchTransferred: httpFloor(400.3),
  HttpAdminWithdrawalsBatchCreate: {
    budgetKB: 635,
    measuredKB: 629.3,
    reason:
      'encoding-japanese (~228 KB: the Shift_JIS conversion tables of the Zengin transfer file; only this ' +
      'handler imports services/admin/transfer-file.ts) on top of httpFloor; the bank names are read on ' +
      'demand from files beside the bundle (scripts/bank-data-plugin.ts)',
  },
};

export interface BudgetRow {
  handlerId: string;
  bytes: number;
  budgetKB: number;
  over: boolean;
  exception: boolean;
}

export function checkBudgets(
  bundles: readonly { handlerId: string; bytes: number }[],
  exceptions: Record<string, BudgetException> = BUDGET_EXCEPTIONS,
  defaultKB = DEFAULT_BUDGET_KB,
): { rows: BudgetRow[]; over: BudgetRow[]; unusedExceptions: string[] } {
  const rows = bundles.map(({ handlerId, bytes }) => {
    const exception = exceptions[handlerId];
    const budgetKB = exception?.budgetKB ?? defaultKB;
    return { handlerId, bytes, budgetKB, over: bytes > budgetKB * 1024, exception: Boolean(exception) };
  });
  const names = new Set(bundles.map((b) => b.handlerId));
  return {
    rows,
    over: rows.filter((r) => r.over),
    // An exception for a bundle that no longer exists is stale: the list must stay true.
    unusedExceptions: Object.keys(exceptions).filter((id) => !names.has(id)),
  };
}
