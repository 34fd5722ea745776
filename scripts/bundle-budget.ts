/**
 * The size budget of the Lambda bundles (index.mjs, what a cold start loads), checked by
 * `npm run build:functions`: a bundle over its budget fails the build. Bundle size is cold-start
 * time (docs/architecture.md, "Bundles").
 */

/**
 * The budget of an ordinary handler: 320 KB (300 KB in issue 9; the shop's nine entities of issue 13
 * added ~9 KB to every bundle through the one table Service, the fan club's seven of issue 14 ~7 KB).
 * The WebSocket handlers, jobs and stream consumers meet it (up to 316.6 KB, measured 2026-11-24
 * after issue 14; chat-notices has an exception since Metrics, the renewal job for the ledger); the
 * HTTP handlers do not, each has its measured exception below (`httpFloor`).
 */
export const DEFAULT_BUDGET_KB = 320;

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
 * and contracts (3-40 KB). Measured in HttpMypageGet (339.6 KB since issue 14's fan club entities, 329.3 after issue 13, 313.7 after issue 11, 300.4 before), the smallest. Budget: the measured
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
  HttpSquareCreatePayment: { ...squareSdk, budgetKB: 660, measuredKB: 653.3 },
  HttpSquareCreateCard: { ...squareSdk, measuredKB: 595.2 },
  HttpSquareDeleteCard: { ...squareSdk, measuredKB: 594.3 },
  HttpSquareCreateCustomer: { ...squareSdk, measuredKB: 591.8 },
  HttpSquareCards: { ...squareSdk, measuredKB: 591.7 },
  JobsPaymentReconcile: { ...squareSdk, measuredKB: 574.3 },
  StreamsChatNotices: {
    budgetKB: 340,
    measuredKB: 333.7,
    reason:
      'Powertools Metrics 12.7 KB (the failure metric of every stream consumer, lib/stream.ts) on top of ' +
      'the 291.6 KB it measured without it (the table layer, logger and zod of every function, and the ' +
      'notices service)',
  },
  // + Powertools Metrics 12.7 KB (paid-message metrics, lib/metrics.ts) and the media check's client (S3), measured 2026-11-23.
  HttpChatSend: httpFloor(391.0),
  // Issue 11: the S3 client of the media pipeline (presigned POST; the picture's check) and the
  // directory/search services.
  HttpMypageProfileImage: httpFloor(363.2),
  HttpMypageProfileUploadUrl: httpFloor(356.7),
  HttpSocialSearch: httpFloor(351.9),
  HttpChatCreateRoom: httpFloor(365.8),
  HttpChatGetRoom: httpFloor(366.0),
  HttpAuthLeave: httpFloor(365.3),
  HttpChatDelete: httpFloor(361.4),
  HttpChatReadRoom: httpFloor(361.3),
  HttpChatBlock: httpFloor(360.5),
  HttpChatReport: httpFloor(360.3),
  HttpChatHistory: httpFloor(360.7),
  HttpChatListRooms: httpFloor(361.1),
  // + the room a first message creates (services/chat/rooms.ts roomTarget: a file may be the first message), issue 11.
  HttpChatUploadUrl: httpFloor(361.8),
  HttpChatMute: httpFloor(360.5),
  HttpChatBlockCheck: httpFloor(360.2),
  HttpAuthLineCallback: httpFloor(355.5),
  HttpAuthRegisterVerify: httpFloor(353.0),
  HttpAuthLoginProfile: httpFloor(352.6),
  HttpAuthLogin: httpFloor(352.5),
  HttpAuthRegister: httpFloor(351.1),
  HttpAuthUpdateToken: httpFloor(350.5),
  HttpMypageNotificationEmailVerify: httpFloor(345.3),
  HttpAuthLineRecoveryVerify: httpFloor(351.4),
  HttpAuthForgotPassword: httpFloor(340.5),
  HttpAuthLineRecovery: httpFloor(340.3),
  HttpMypageUser: httpFloor(350.8),
  HttpAuthLineAuthorize: httpFloor(351.2),
  HttpMypageProfileUpdate: httpFloor(350.9),
  HttpMypageBank: httpFloor(353.0),
  HttpStoreGet: httpFloor(347.1),
  HttpMypagePoints: httpFloor(346.4),
  HttpMypageSkipStep: httpFloor(351.0),
  HttpAuthForgotPasswordVerify: httpFloor(350.9),
  HttpChatOpenStamp: httpFloor(350.8),
  HttpMypageBusinessSetting: httpFloor(348.1),
  HttpMypageOriginalPoints: httpFloor(345.3),
  HttpBankListBranches: httpFloor(347.5),
  HttpBankListBanks: httpFloor(347.1),
  HttpNoticeList: httpFloor(345.5),
  HttpAuthLogout: httpFloor(345.8),
  HttpNoticeRead: httpFloor(345.5),
  HttpMypageCheckUsername: httpFloor(346.5),
  HttpMypageNotificationEmailCode: httpFloor(342.2),
  // Issue 12: the bank details' change code (mail templates, the code's issue; no bank-code data).
  HttpMypageBankCode: httpFloor(340.3),
  HttpMypageGet: httpFloor(330.3),
  // Social (issue 11): the floor plus the social services.
  HttpSocialDiscoveryAction: httpFloor(351.0),
  HttpSocialLike: httpFloor(350.6),
  HttpSocialLikedYou: httpFloor(350.5),
  HttpSocialLiked: httpFloor(350.5),
  HttpSocialFavorite: httpFloor(350.6),
  HttpSocialFavorites: httpFloor(350.4),
  HttpMypageConfirmation: httpFloor(348.0),
  HttpSocialGetProfile: httpFloor(340.0),
  HttpHomeGet: httpFloor(330.3),
  HttpSocialDiscovery: httpFloor(330.2),
  HttpHomeNews: httpFloor(336.4),
  // Withdrawals (issue 12): the floor plus the withdrawal service and the Japanese holidays' dates
  // (14.3 KB, scripts/holiday-data-plugin.ts; the package's whole data set would be 171 KB).
  HttpBusinessWithdrawHistories: httpFloor(361.2),
  HttpBusinessRequestWithdraw: httpFloor(361.7),
  HttpBusinessReRequestWithdraw: httpFloor(361.7),
  // Income (issue 12): the floor plus the business contracts (zod), the month reads and the income
  // list with its buyers, and the ledger's month reader.
  HttpBusinessSummary: httpFloor(351.9),
  HttpBusinessIncomes: httpFloor(351.6),
  HttpBusinessStatement: httpFloor(351.4),
  // The creator's shop (issue 13, items), measured on the shop groundwork (every bundle grew ~34 KB there).
  HttpItemSave: httpFloor(375.8),
  HttpItemPin: httpFloor(366.2),
  HttpItemGet: httpFloor(366.1),
  HttpItemDelete: httpFloor(365.8),
  HttpItemPublish: httpFloor(365.6),
  HttpItemMyItems: httpFloor(365.6),
  HttpItemSetting: httpFloor(366.0),
  HttpItemShopSetting: httpFloor(365.9),
  HttpItemUploadUrl: httpFloor(365.8),
  // Shop, the buyer's side (issue 13, branch buy): the floor (grown by the shop's entities) plus the
  // shop contracts, the item page, the cart and the purchase with the ledger's spend (measured with
  // main's purchase core, da5f20d; the other handlers grew by the shop's entities as well).
  HttpShopItem: httpFloor(370.8),
  HttpShopCartGet: httpFloor(370.3),
  HttpShopCartSet: httpFloor(370.7),
  HttpShopCartDelete: httpFloor(370.0),
  HttpShopCartCheckout: httpFloor(370.2),
  HttpShopPurchasePoint: httpFloor(377.6),
  // Shop (issue 13, shelf): the profile's shop section (the item cards bring the shop's contracts,
  // shared/src/schemas/shop.ts, through services/shop/views.ts) and the purchase log.
  HttpShopProfileItems: httpFloor(366.0),
  HttpShopRecentPurchaseLogs: httpFloor(337.6),
  // Fan club (issue 14), reading posts: the access check, the media URLs and the profile lookup
  // (measured on h-read after main's membership core, 6966fcc, whose entities every handler carries).
  HttpFanclubPosts: httpFloor(358.1),
  HttpFanclubPost: httpFloor(346.2),
  // Shop (issue 13, library): the buyer's library, sales status, return gifts and grants.
  HttpItemUploadReturn: httpFloor(370.1),
  HttpItemGrantPoints: httpFloor(367.8),
  HttpLibraryDetail: httpFloor(367.1),
  HttpItemSalesStatus: httpFloor(366.7),
  HttpLibraryList: httpFloor(366.7),
  HttpItemSalesComplete: httpFloor(366.5),
  HttpItemSalesCompleteAll: httpFloor(365.3),
  HttpItemGiftUploadUrl: httpFloor(366.0),
  // Fan club (issue 14): settings and members (measured 2026-11-24 with the fan club's entities; the
  // settings form's contract brings schemas/fanclub.ts whole, the list its views and profiles).
  HttpFanclubSettingGet: httpFloor(339.9),
  HttpFanclubSettingSave: httpFloor(367.6),
  HttpFanclubMembers: httpFloor(369.8),
  // Fan club (issue 14): posts, the creator's side (measured 2026-11-24 after merging the membership
  // core; the form's save also ships sharp and file-type like the item form's).
  HttpFanclubPostSave: httpFloor(371.3),
  HttpFanclubPostDelete: httpFloor(364.0),
  HttpFanclubMyPost: httpFloor(362.8),
  HttpFanclubMyPosts: httpFloor(362.4),
  HttpFanclubPostUploadUrl: httpFloor(361.7),
  // Fan club (issue 14): joining, passes and auto-renewal carry the ledger's spend (as the shop's
  // purchase) and the balance; the card and the memberships their views and the profiles.
  HttpFanclubJoin: httpFloor(375.3),
  HttpFanclubBacknumber: httpFloor(373.4),
  HttpFanclubAutoRenew: httpFloor(364.1),
  HttpFanclubCard: httpFloor(358.9),
  HttpFanclubMemberships: httpFloor(344.7),
  // Broadcasts (issue 15, authoring): the forms carry the media pipeline's check (upload processing)
  // and the scheduler client; the others the broadcasts' contracts and the presigned GETs (measured
  // after the merge of the fan-out).
  HttpBroadcastingReserveSave: httpFloor(371.5),
  HttpBroadcastingTriggerSave: httpFloor(368.8),
  HttpBroadcastingReserveList: httpFloor(365.0),
  HttpBroadcastingReserveDelete: httpFloor(365.0),
  HttpBroadcastingReserveGet: httpFloor(364.8),
  HttpBroadcastingTriggerList: httpFloor(363.7),
  HttpBroadcastingTriggerGet: httpFloor(363.5),
  HttpBroadcastingTriggerDelete: httpFloor(363.1),
  HttpBroadcastingUploadUrl: httpFloor(362.7),
  // The retry carries the fan-out's retry (services/broadcasts/fanout.ts: chunks, the queue).
  HttpBroadcastingReserveRetry: httpFloor(377.3),
  JobsFanclubRenewals: {
    budgetKB: 340,
    measuredKB: 334.9,
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
  // Notifications: web push (issue 15). The routes: the floor plus the push contracts and service.
  HttpPushSubscribe: httpFloor(357.1),
  HttpPushUnsubscribe: httpFloor(350.8),
  HttpPushTopics: httpFloor(350.5),
  HttpPushSubscriptions: httpFloor(342.8),
  HttpPushConfig: httpFloor(342.3),
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
  HttpNotificationEmailGet: httpFloor(342.4),
  HttpNotificationEmailSet: httpFloor(346.4),
  HttpNotificationUnsubscribeInfo: httpFloor(345.6),
  HttpNotificationUnsubscribe: httpFloor(346.2),
  HttpNotificationUnsubscribeOneClick: httpFloor(346.2),
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
