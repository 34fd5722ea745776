/**
 * The size budget of the Lambda bundles (index.mjs, what a cold start loads), checked by
 * `npm run build:functions`: a bundle over its budget fails the build. Bundle size is cold-start
 * time (docs/architecture.md, "Bundles").
 */

/**
 * The budget of an ordinary handler: 315 KB (300 KB in issue 9; the shop's nine entities of issue 13
 * added ~9 KB to every bundle through the one table Service). The WebSocket handlers, jobs and
 * stream consumers meet it (up to 309.8 KB, measured 2026-11-24 after issue 13; chat-notices has an
 * exception since Metrics); the HTTP handlers do not, each has its measured exception below
 * (`httpFloor`).
 */
export const DEFAULT_BUDGET_KB = 315;

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
 * and contracts (3-40 KB). Measured in HttpMypageGet (329.3 KB since issue 13's shop entities; 313.7 after issue 11, 300.4 before), the smallest. Budget: the measured
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
  HttpSquareCreatePayment: { ...squareSdk, measuredKB: 602.4 },
  HttpSquareCreateCard: { ...squareSdk, measuredKB: 595.2 },
  HttpSquareDeleteCard: { ...squareSdk, measuredKB: 594.3 },
  HttpSquareCreateCustomer: { ...squareSdk, measuredKB: 591.8 },
  HttpSquareCards: { ...squareSdk, measuredKB: 591.7 },
  JobsPaymentReconcile: { ...squareSdk, measuredKB: 574.3 },
  StreamsChatNotices: {
    budgetKB: 330,
    measuredKB: 326.5,
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
  HttpChatGetRoom: httpFloor(356.7),
  HttpAuthLeave: httpFloor(365.3),
  HttpChatDelete: httpFloor(361.4),
  HttpChatReadRoom: httpFloor(361.3),
  HttpChatBlock: httpFloor(360.5),
  HttpChatReport: httpFloor(360.3),
  HttpChatHistory: httpFloor(360.7),
  HttpChatListRooms: httpFloor(351.8),
  // + the room a first message creates (services/chat/rooms.ts roomTarget: a file may be the first message), issue 11.
  HttpChatUploadUrl: httpFloor(361.8),
  HttpChatMute: httpFloor(351.2),
  HttpChatBlockCheck: httpFloor(351.0),
  HttpAuthLineCallback: httpFloor(355.5),
  HttpAuthRegisterVerify: httpFloor(353.0),
  HttpAuthLoginProfile: httpFloor(352.6),
  HttpAuthLogin: httpFloor(352.5),
  HttpAuthRegister: httpFloor(341.8),
  HttpAuthUpdateToken: httpFloor(341.2),
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
  HttpMypageSkipStep: httpFloor(341.7),
  HttpAuthForgotPasswordVerify: httpFloor(341.6),
  HttpChatOpenStamp: httpFloor(350.8),
  HttpMypageBusinessSetting: httpFloor(348.1),
  HttpMypageOriginalPoints: httpFloor(345.3),
  HttpBankListBranches: httpFloor(347.5),
  HttpBankListBanks: httpFloor(347.1),
  HttpNoticeList: httpFloor(336.1),
  HttpAuthLogout: httpFloor(336.5),
  HttpNoticeRead: httpFloor(336.0),
  HttpMypageCheckUsername: httpFloor(346.5),
  HttpMypageNotificationEmailCode: httpFloor(342.2),
  // Issue 12: the bank details' change code (mail templates, the code's issue; no bank-code data).
  HttpMypageBankCode: httpFloor(340.3),
  HttpMypageGet: httpFloor(330.3),
  // Social (issue 11): the floor plus the social services.
  HttpSocialDiscoveryAction: httpFloor(341.7),
  HttpSocialLike: httpFloor(341.3),
  HttpSocialLikedYou: httpFloor(341.2),
  HttpSocialLiked: httpFloor(341.2),
  HttpSocialFavorite: httpFloor(341.3),
  HttpSocialFavorites: httpFloor(341.2),
  HttpMypageConfirmation: httpFloor(348.0),
  HttpSocialGetProfile: httpFloor(330.7),
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
  HttpItemSave: httpFloor(366.4),
  HttpItemPin: httpFloor(366.2),
  HttpItemGet: httpFloor(366.1),
  HttpItemDelete: httpFloor(365.8),
  HttpItemPublish: httpFloor(365.6),
  HttpItemMyItems: httpFloor(365.6),
  HttpItemSetting: httpFloor(356.5),
  HttpItemShopSetting: httpFloor(356.5),
  HttpItemUploadUrl: httpFloor(356.4),
  // Shop, the buyer's side (issue 13, branch buy): the floor (grown by the shop's entities) plus the
  // shop contracts, the item page, the cart and the purchase with the ledger's spend (measured with
  // main's purchase core, da5f20d; the other handlers grew by the shop's entities as well).
  HttpShopItem: httpFloor(361.4),
  HttpShopCartGet: httpFloor(360.9),
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
  ...Object.fromEntries(
    [
      ['StreamsShopPurchaseLog', 315.9],
      ['StreamsShopRankings', 307.9],
      ['StreamsShopPurchaseNotices', 305.3],
    ].map(([id, kb]) => [
      id,
      {
        budgetKB: 315,
        measuredKB: kb as number,
        reason:
          'the table layer with the shop entities of issue 13 (every consumer grew ~10 KB with them: ' +
          'StreamsSupporters 306.5 KB) and Powertools Metrics (lib/stream.ts); the purchase log also ' +
          'carries the @connections sender and the auth check of services/realtime.ts',
      },
    ]),
  ),
  // Shop (issue 13, library): the buyer's library, sales status, return gifts and grants.
  HttpItemUploadReturn: httpFloor(360.8),
  HttpItemGrantPoints: httpFloor(367.8),
  HttpLibraryDetail: httpFloor(367.1),
  HttpItemSalesStatus: httpFloor(366.7),
  HttpLibraryList: httpFloor(366.7),
  HttpItemSalesComplete: httpFloor(366.5),
  HttpItemSalesCompleteAll: httpFloor(365.3),
  HttpItemGiftUploadUrl: httpFloor(356.7),
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
