/**
 * The size budget of the Lambda bundles (index.mjs, what a cold start loads), checked by
 * `npm run build:functions`: a bundle over its budget fails the build. Bundle size is cold-start
 * time (docs/architecture.md, "Bundles").
 */

/**
 * The budget of an ordinary handler: 335 KB (300 KB in issue 9; the shop's nine entities of issue 13
 * added ~9 KB to every bundle through the one table Service, the fan club's seven of issue 14 ~7 KB,
 * issue 15's ten (broadcasts, triggers, push, mail) ~12 KB; 335 KB since issue 17: the console's
 * entities, routes and error codes ~4 KB; 340 KB with its stamp counter entity and operator index).
 * The WebSocket handlers, jobs and stream consumers meet it (up to 316.6 KB, measured 2026-11-24
 * after issue 14; chat-notices has an exception since Metrics, the renewal job for the ledger); the
 * HTTP handlers do not, each has its measured exception below (`httpFloor`).
 */
export const DEFAULT_BUDGET_KB = 340;

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
  HttpSquareCreatePayment: { ...squareSdk, budgetKB: 685, measuredKB: 679.3 },
  HttpSquareCreateCard: { ...squareSdk, budgetKB: 670, measuredKB: 661.1 },
  HttpSquareDeleteCard: { ...squareSdk, budgetKB: 670, measuredKB: 660.3 },
  HttpSquareCreateCustomer: { ...squareSdk, budgetKB: 665, measuredKB: 655.1 },
  HttpSquareCards: { ...squareSdk, budgetKB: 660, measuredKB: 654.9 },
  JobsPaymentReconcile: { ...squareSdk, measuredKB: 574.3 },
  StreamsShopPurchaseLog: {
    budgetKB: 345,
    measuredKB: 336.3,
    reason:
      'the purchase log entry with the shop views and the @connections client it pushes with, on top of ' +
      'the table layer every function carries (grown by the audit entity of issue 17)',
  },
  StreamsChatNotices: {
    budgetKB: 360,
    measuredKB: 351.8,
    reason:
      'Powertools Metrics 12.7 KB (the failure metric of every stream consumer, lib/stream.ts) on top of ' +
      'the 291.6 KB it measured without it (the table layer, logger and zod of every function, and the ' +
      'notices service)',
  },
  // + Powertools Metrics 12.7 KB (paid-message metrics, lib/metrics.ts) and the media check's client (S3), measured 2026-11-23.
  HttpChatSend: httpFloor(424.3),
  // Issue 11: the S3 client of the media pipeline (presigned POST; the picture's check) and the
  // directory/search services.
  HttpMypageProfileImage: httpFloor(390.6),
  HttpMypageProfileUploadUrl: httpFloor(383.8),
  HttpSocialSearch: httpFloor(379.1),
  HttpChatCreateRoom: httpFloor(395.8),
  HttpChatGetRoom: httpFloor(395.3),
  HttpAuthLeave: httpFloor(396.3),
  HttpChatDelete: httpFloor(391.9),
  HttpChatReadRoom: httpFloor(391.2),
  HttpChatBlock: httpFloor(387.6),
  HttpChatReport: httpFloor(390.2),
  HttpChatHistory: httpFloor(392.0),
  HttpChatListRooms: httpFloor(390.4),
  // + the room a first message creates (services/chat/rooms.ts roomTarget: a file may be the first message), issue 11.
  HttpChatUploadUrl: httpFloor(388.9),
  HttpChatMute: httpFloor(386.5),
  HttpChatBlockCheck: httpFloor(386.2),
  HttpAuthLineCallback: httpFloor(385.7),
  HttpAuthRegisterVerify: httpFloor(380.3),
  HttpAuthLoginProfile: httpFloor(379.9),
  // Issue 17: the operators' sign-in carries otpauth (TOTP, ~12 KB with its HMAC), the login slot
  // and the sessions (with the socket closing of ended sessions) like HttpAuthLogin.
  HttpAdminAuthLogin: httpFloor(400.8),
  HttpAdminAuthEnrol: httpFloor(395.7),
  HttpAdminAudit: httpFloor(382.1),
  // The signed-in operator for the frame's header (helper accessfix).
  HttpAdminAuthMe: httpFloor(384.1),
  // Issue 17, console: news, the banner and points. The table's entities and the sessions as every
  // admin route; the banner's save carries the media check (file-type; sharp is native), the grants
  // and refunds the ledger.
  HttpAdminBannerSave: httpFloor(400.5),
  HttpAdminBannerRemove: httpFloor(396.2),
  HttpAdminPointsRefund: httpFloor(395.6),
  HttpAdminBannerUploadUrl: httpFloor(395.5),
  HttpAdminPointsGrant: httpFloor(395.5),
  HttpAdminPointsHistory: httpFloor(392.2),
  HttpAdminNewsUpdate: httpFloor(391.7),
  HttpAdminNewsCreate: httpFloor(390.9),
  HttpAdminNewsWithdraw: httpFloor(390.8),
  HttpAdminPointsJournal: httpFloor(390.4),
  HttpAdminNewsList: httpFloor(390.5),
  HttpAdminBannerGet: httpFloor(385.1),
  // Issue 17, dashboard: the COUNT queries' document client commands and the figures' sums.
  HttpAdminDashboard: httpFloor(366.6),
  HttpAuthLogin: httpFloor(379.9),
  HttpAuthRegister: httpFloor(380.4),
  HttpAuthUpdateToken: httpFloor(376.7),
  HttpMypageNotificationEmailVerify: httpFloor(380.9),
  HttpAuthLineRecoveryVerify: httpFloor(381.2),
  HttpAuthForgotPassword: httpFloor(375.8),
  HttpAuthLineRecovery: httpFloor(375.6),
  HttpMypageUser: httpFloor(380.9),
  HttpAuthLineAuthorize: httpFloor(381.1),
  HttpMypageProfileUpdate: httpFloor(381.0),
  HttpMypageBank: httpFloor(380.4),
  HttpStoreGet: httpFloor(374.1),
  HttpMypagePoints: httpFloor(376.1),
  HttpMypageSkipStep: httpFloor(380.5),
  HttpAuthForgotPasswordVerify: httpFloor(380.4),
  HttpChatOpenStamp: httpFloor(383.4),
  HttpMypageBusinessSetting: httpFloor(375.2),
  HttpMypageOriginalPoints: httpFloor(375.5),
  HttpBankListBranches: httpFloor(374.6),
  HttpBankListBanks: httpFloor(374.3),
  HttpNoticeList: httpFloor(371.5),
  HttpAuthLogout: httpFloor(375.0),
  HttpNoticeRead: httpFloor(371.4),
  HttpMypageCheckUsername: httpFloor(376.4),
  HttpMypageNotificationEmailCode: httpFloor(369.3),
  // Issue 12: the bank details' change code (mail templates, the code's issue; no bank-code data).
  HttpMypageBankCode: httpFloor(370.1),
  HttpMypageGet: httpFloor(365.8),
  // Social (issue 11): the floor plus the social services.
  HttpSocialDiscoveryAction: httpFloor(380.3),
  HttpSocialLike: httpFloor(376.6),
  HttpSocialLikedYou: httpFloor(376.6),
  HttpSocialLiked: httpFloor(376.6),
  HttpSocialFavorite: httpFloor(376.7),
  HttpSocialFavorites: httpFloor(376.5),
  HttpMypageConfirmation: httpFloor(375.2),
  HttpSocialGetProfile: httpFloor(366.2),
  HttpHomeGet: httpFloor(365.6),
  HttpSocialDiscovery: httpFloor(365.5),
  HttpHomeNews: httpFloor(366.3),
  // Withdrawals (issue 12): the floor plus the withdrawal service and the Japanese holidays' dates
  // (14.3 KB, scripts/holiday-data-plugin.ts; the package's whole data set would be 171 KB).
  HttpBusinessWithdrawHistories: httpFloor(391.0),
  HttpBusinessRequestWithdraw: httpFloor(388.9),
  HttpBusinessReRequestWithdraw: httpFloor(389.1),
  // Income (issue 12): the floor plus the business contracts (zod), the month reads and the income
  // list with its buyers, and the ledger's month reader.
  HttpBusinessSummary: httpFloor(379.1),
  HttpBusinessIncomes: httpFloor(381.5),
  HttpBusinessStatement: httpFloor(381.2),
  // The creator's shop (issue 13, items), measured on the shop groundwork (every bundle grew ~34 KB there).
  HttpItemSave: httpFloor(401.8),
  HttpItemPin: httpFloor(396.0),
  HttpItemGet: httpFloor(395.9),
  HttpItemDelete: httpFloor(395.7),
  HttpItemPublish: httpFloor(395.5),
  HttpItemMyItems: httpFloor(395.4),
  HttpItemSetting: httpFloor(395.2),
  HttpItemShopSetting: httpFloor(395.2),
  HttpItemUploadUrl: httpFloor(391.8),
  // Shop, the buyer's side (issue 13, branch buy): the floor (grown by the shop's entities) plus the
  // shop contracts, the item page, the cart and the purchase with the ledger's spend (measured with
  // main's purchase core, da5f20d; the other handlers grew by the shop's entities as well).
  HttpShopItem: httpFloor(396.8),
  HttpShopCartGet: httpFloor(396.2),
  HttpShopCartSet: httpFloor(400.6),
  HttpShopCartDelete: httpFloor(400.4),
  HttpShopCartCheckout: httpFloor(406.1),
  HttpShopPurchasePoint: httpFloor(405.6),
  // Shop (issue 13, shelf): the profile's shop section (the item cards bring the shop's contracts,
  // shared/src/schemas/shop.ts, through services/shop/views.ts) and the purchase log.
  HttpShopProfileItems: httpFloor(395.9),
  HttpShopRecentPurchaseLogs: httpFloor(364.7),
  // Fan club (issue 14), reading posts: the access check, the media URLs and the profile lookup
  // (measured on h-read after main's membership core, 6966fcc, whose entities every handler carries).
  HttpFanclubPosts: httpFloor(385.8),
  HttpFanclubPost: httpFloor(373.8),
  // Shop (issue 13, library): the buyer's library, sales status, return gifts and grants.
  HttpItemUploadReturn: httpFloor(396.1),
  HttpItemGrantPoints: httpFloor(394.9),
  HttpLibraryDetail: httpFloor(394.2),
  HttpItemSalesStatus: httpFloor(393.8),
  HttpLibraryList: httpFloor(393.8),
  HttpItemSalesComplete: httpFloor(396.4),
  HttpItemSalesCompleteAll: httpFloor(395.1),
  HttpItemGiftUploadUrl: httpFloor(395.3),
  // Fan club (issue 14): settings and members (measured 2026-11-24 with the fan club's entities; the
  // settings form's contract brings schemas/fanclub.ts whole, the list its views and profiles).
  HttpFanclubSettingGet: httpFloor(370.0),
  HttpFanclubSettingSave: httpFloor(387.7),
  HttpFanclubMembers: httpFloor(389.8),
  // Fan club (issue 14): posts, the creator's side (measured 2026-11-24 after merging the membership
  // core; the form's save also ships sharp and file-type like the item form's).
  HttpFanclubPostSave: httpFloor(400.2),
  HttpFanclubPostDelete: httpFloor(390.0),
  HttpFanclubMyPost: httpFloor(389.0),
  HttpFanclubMyPosts: httpFloor(391.3),
  HttpFanclubPostUploadUrl: httpFloor(390.5),
  // Fan club (issue 14): joining, passes and auto-renewal carry the ledger's spend (as the shop's
  // purchase) and the balance; the card and the memberships their views and the profiles.
  HttpFanclubJoin: httpFloor(405.5),
  HttpFanclubBacknumber: httpFloor(400.3),
  HttpFanclubAutoRenew: httpFloor(390.0),
  HttpFanclubCard: httpFloor(384.9),
  HttpFanclubMemberships: httpFloor(370.7),
  // Broadcasts (issue 15, authoring): the forms carry the media pipeline's check (upload processing)
  // and the scheduler client; the others the broadcasts' contracts and the presigned GETs (measured
  // after the merge of the fan-out).
  HttpBroadcastingReserveSave: httpFloor(390.7),
  HttpBroadcastingTriggerSave: httpFloor(388.0),
  HttpBroadcastingReserveList: httpFloor(384.2),
  HttpBroadcastingReserveDelete: httpFloor(384.2),
  HttpBroadcastingReserveGet: httpFloor(384.0),
  HttpBroadcastingTriggerList: httpFloor(382.9),
  HttpBroadcastingTriggerGet: httpFloor(382.8),
  HttpBroadcastingTriggerDelete: httpFloor(382.3),
  HttpBroadcastingUploadUrl: httpFloor(381.9),
  // The retry carries the fan-out's retry (services/broadcasts/fanout.ts: chunks, the queue).
  HttpBroadcastingReserveRetry: httpFloor(397.4),
  // Broadcasts (issue 15): the fan-out carries chat's delivery (rooms, blocks, pushes with presigned
  // URLs), the worker the chunk logic on top; the send job and the sweep the SQS client.
  QueuesBroadcastDeliveries: {
    budgetKB: 400,
    measuredKB: 392.4,
    reason:
      "chat's rooms and pushes (the delivery creates rooms, checks blocks and pushes the messages with " +
      'presigned URLs of their files: the S3 presigner) and the queue wrapper on top of the table layer',
  },
  JobsBroadcastSend: {
    budgetKB: 370,
    measuredKB: 361.6,
    reason: 'the SQS client (the chunks are queued) and the audience queries on top of the table layer',
  },
  JobsBroadcastSweep: {
    budgetKB: 370,
    measuredKB: 361.5,
    reason: 'the SQS client (stalled chunks are queued again) on top of the table layer',
  },
  JobsFanclubRenewals: {
    budgetKB: 365,
    measuredKB: 356.3,
    reason:
      "the ledger's spend (each renewal is a movement) and the membership's writes on top of the table " +
      'layer, logger and zod of every function',
  },
  // Broadcasts (issue 15, trigger engine): the step job delivers chats as a chat message does.
  JobsBroadcastTriggerSteps: {
    budgetKB: 365,
    measuredKB: 356.0,
    reason:
      "the chat delivery (services/broadcasts/delivery.ts: the room's creation, the @connections " +
      "client of the fan's live pushes, the S3 presigner of a file chat's URL) on top of the table " +
      'layer, logger and zod of every function',
  },
  // Organizations (issue 16): the floor plus the organization contracts and services; the cast
  // actions add the @connections client (a suspended or removed cast's sockets close), the removal
  // leaving's deletion and the media store; the form adds the media pipeline's check.
  HttpOrganizationsCastRemove: httpFloor(401.1),
  HttpOrganizationsCastPassword: httpFloor(396.4),
  HttpOrganizationsCastSuspend: httpFloor(396.1),
  HttpOrganizationsCastResume: httpFloor(395.7),
  HttpOrganizationsCastCreate: httpFloor(395.6),
  HttpOrganizationsSave: httpFloor(391.5),
  HttpAuthCastPassword: httpFloor(389.7),
  HttpOrganizationsCasts: httpFloor(387.5),
  HttpOrganizationsLogoUrl: httpFloor(387.3),
  HttpOrganizationsSales: httpFloor(382.5),
  HttpOrganizationsGet: httpFloor(364.1),
  // Notifications: web push (issue 15). The routes: the floor plus the push contracts and service.
  HttpPushSubscribe: httpFloor(376.5),
  HttpPushUnsubscribe: httpFloor(370.1),
  HttpPushTopics: httpFloor(372.6),
  HttpPushSubscriptions: httpFloor(362.2),
  HttpPushConfig: httpFloor(361.7),
  // The push consumers: web-push (115 KB minified: asn1.js with bn.js to turn the VAPID private key
  // into a DER key for jws, http_ece's aes128gcm, jws) on top of a stream consumer's ~335 KB; only
  // these two bundles carry it.
  StreamsPushMessages: {
    budgetKB: 480,
    measuredKB: 472.8,
    reason:
      'web-push 115 KB (asn1.js and bn.js for the VAPID key, http_ece, jws), on top of the table layer, ' +
      'logger, metrics and zod every stream consumer carries, and the chat room read',
  },
  StreamsPushNotices: {
    budgetKB: 480,
    measuredKB: 472.3,
    reason: 'web-push 115 KB (asn1.js and bn.js for the VAPID key, http_ece, jws), as StreamsPushMessages',
  },
  // E-mail notifications (issue 15, mail helper): the preferences and the unsubscribe link (the
  // token's HMAC), measured 2026-11-24 on top of the groundwork's broadcast entities.
  HttpNotificationEmailGet: httpFloor(362.2),
  HttpNotificationEmailSet: httpFloor(366.1),
  HttpNotificationUnsubscribeInfo: httpFloor(365.3),
  HttpNotificationUnsubscribe: httpFloor(366.0),
  HttpNotificationUnsubscribeOneClick: httpFloor(366.0),
  // Console: organization reviews and item moderation (helper review), measured after the
  // console's groundwork (HttpAdminAudit 372.5): the floor, the admin contracts, and for the items
  // the shop's item view (services/shop/items.ts: presigned GETs, moderation, notices).
  HttpAdminOrganizationsList: httpFloor(400.5),
  HttpAdminOrganizationsApprove: httpFloor(405.1),
  HttpAdminOrganizationsReject: httpFloor(405.1),
  HttpAdminItemsList: httpFloor(401.3),
  HttpAdminItemsGet: httpFloor(406.1),
  HttpAdminItemsReview: httpFloor(406.0),
  HttpAdminItemsThumbnailDelete: httpFloor(410.3),
  HttpAdminItemsSampleDelete: httpFloor(410.3),
  // Console: reports and users (issue 17, helper reports): the floor plus the console's contracts
  // and the report/user services; actions add the chat's deletion and push (@connections), the
  // suspension's session end, the notices; the report's read adds the S3 presigner (a file's URL),
  // the picture removal the media store.
  HttpAdminReportsAction: httpFloor(407.3),
  HttpAdminUsersStatus: httpFloor(405.2),
  HttpAdminUsersImageDelete: httpFloor(405.3),
  HttpAdminUsersWarn: httpFloor(401.8),
  HttpAdminReportsGet: httpFloor(395.5),
  HttpAdminReportsAssign: httpFloor(395.6),
  HttpAdminUsersGet: httpFloor(395.5),
  HttpAdminReportsStatus: httpFloor(395.2),
  HttpAdminReportsList: httpFloor(390.3),
  HttpAdminUsersFind: httpFloor(390.2),
  // The operators' picker (issue 17, reportsfix): the floor and the profile's role index.
  HttpAdminReportsOperators: httpFloor(364.6),
  // Console: withdrawals and the transfer file (issue 17, helper withdrawals)
  HttpAdminWithdrawalsList: httpFloor(410.1),
  HttpAdminWithdrawalsReview: httpFloor(410.5),
  HttpAdminWithdrawalsApprove: httpFloor(410.4),
  HttpAdminWithdrawalsPartial: httpFloor(410.2),
  HttpAdminWithdrawalsReject: httpFloor(410.0),
  HttpAdminWithdrawalsTransferFailed: httpFloor(410.0),
  HttpAdminWithdrawalsBatchFile: httpFloor(406.1),
  HttpAdminWithdrawalsBatchTransferred: httpFloor(400.3),
  HttpAdminWithdrawalsBatchCreate: {
    budgetKB: 645,
    measuredKB: 637.5,
    reason:
      'encoding-japanese (~228 KB: the Shift_JIS conversion tables of the Zengin transfer file; only this ' +
      'handler imports services/admin/transfer-file.ts) on top of httpFloor; the bank names are read on ' +
      'demand from files beside the bundle (scripts/bank-data-plugin.ts)',
  },
  // Issue 17, console: stamps and campaigns (helper catalog): the catalogue's service, the media
  // store for the stamp pictures, the audit entry.
  HttpAdminCatalogStampUpdate: httpFloor(397.4),
  HttpAdminCatalogStampCreate: httpFloor(396.7),
  HttpAdminCatalogCampaignUpdate: httpFloor(392.5),
  HttpAdminCatalogStampRestore: httpFloor(392.4),
  HttpAdminCatalogStampRetire: httpFloor(392.4),
  HttpAdminCatalogCampaignEnd: httpFloor(392.3),
  HttpAdminCatalogCampaignCreate: httpFloor(391.7),
  HttpAdminCatalogStampPictureUrl: httpFloor(391.4),
  HttpAdminCatalogCampaigns: httpFloor(391.3),
  HttpAdminCatalogStamps: httpFloor(388.2),
  // The public pages' live registration campaign (GET /auth/register/campaign): the floor and the
  // catalogue's reader.
  HttpAuthRegisterCampaign: httpFloor(369.1),
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
