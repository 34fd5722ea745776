/**
 * The size budget of the Lambda bundles (index.mjs, what a cold start loads), checked by
 * `npm run build:functions`: a bundle over its budget fails the build. Bundle size is cold-start
 * time (docs/architecture.md, "Bundles").
 */

/**
 * The budget of an ordinary handler: 300 KB (issue 9). The WebSocket handlers, jobs and stream
 * consumers meet it (up to 295 KB, measured 2026-11-23 after issue 11; chat-notices has an exception since Metrics); the HTTP handlers do not, each has its
 * measured exception below (`httpFloor`).
 */
export const DEFAULT_BUDGET_KB = 300;

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
 * and contracts (3-40 KB). Measured in HttpMypageGet (313.7 KB since issue 11; 300.4 before), the smallest. Budget: the measured
 * size rounded up to 5 KB, plus 5 KB.
 */
const httpFloor = (measuredKB: number): BudgetException => ({
  budgetKB: Math.ceil(measuredKB / 5) * 5 + 5,
  measuredKB,
  reason:
    'ElectroDB 190 KB (CommonJS, bundled whole; jsonschema already swapped out, scripts/electrodb-plugin.ts), ' +
    "the 42 entity models of the one table Service (19 KB for 28 in issue 9, ~10 KB more for issue 11's 14), Powertools Logger 23.5 KB, jose 15 KB (access " +
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
    budgetKB: 320,
    measuredKB: 314.2,
    reason:
      'Powertools Metrics 12.7 KB (the failure metric of every stream consumer, lib/stream.ts) on top of ' +
      'the 291.6 KB it measured without it (the table layer, logger and zod of every function, and the ' +
      'notices service)',
  },
  // + Powertools Metrics 12.7 KB (paid-message metrics, lib/metrics.ts) and the media check's client (S3), measured 2026-11-23.
  HttpChatSend: httpFloor(361.0),
  // Issue 11: the S3 client of the media pipeline (presigned POST; the picture's check) and the
  // directory/search services.
  HttpMypageProfileImage: httpFloor(334.6),
  HttpMypageProfileUploadUrl: httpFloor(328.1),
  HttpSocialSearch: httpFloor(326.7),
  HttpChatCreateRoom: httpFloor(338.0),
  HttpChatGetRoom: httpFloor(337.1),
  HttpAuthLeave: httpFloor(337.3),
  HttpChatDelete: httpFloor(333.7),
  HttpChatReadRoom: httpFloor(333.5),
  HttpChatBlock: httpFloor(332.7),
  HttpChatReport: httpFloor(332.5),
  HttpChatHistory: httpFloor(332.8),
  HttpChatListRooms: httpFloor(332.2),
  // + the room a first message creates (services/chat/rooms.ts roomTarget: a file may be the first message), issue 11.
  HttpChatUploadUrl: httpFloor(334.0),
  HttpChatMute: httpFloor(331.6),
  HttpChatBlockCheck: httpFloor(331.3),
  HttpAuthLineCallback: httpFloor(331.5),
  HttpAuthRegisterVerify: httpFloor(327.0),
  HttpAuthLoginProfile: httpFloor(327.0),
  HttpAuthLogin: httpFloor(326.9),
  HttpAuthRegister: httpFloor(324.3),
  HttpAuthUpdateToken: httpFloor(324.4),
  HttpMypageNotificationEmailVerify: httpFloor(328.1),
  HttpAuthLineRecoveryVerify: httpFloor(325.8),
  HttpAuthForgotPassword: httpFloor(323.0),
  HttpAuthLineRecovery: httpFloor(322.9),
  HttpMypageUser: httpFloor(325.6),
  HttpAuthLineAuthorize: httpFloor(327.3),
  HttpMypageProfileUpdate: httpFloor(325.7),
  HttpMypageBank: httpFloor(325.6),
  HttpStoreGet: httpFloor(322.4),
  HttpMypagePoints: httpFloor(321.7),
  HttpMypageSkipStep: httpFloor(324.7),
  HttpAuthForgotPasswordVerify: httpFloor(324.2),
  HttpChatOpenStamp: httpFloor(323.0),
  HttpMypageBusinessSetting: httpFloor(322.7),
  HttpMypageOriginalPoints: httpFloor(320.5),
  HttpBankListBranches: httpFloor(322.3),
  HttpBankListBanks: httpFloor(321.9),
  HttpNoticeList: httpFloor(319.5),
  HttpAuthLogout: httpFloor(319.6),
  HttpNoticeRead: httpFloor(319.4),
  HttpMypageCheckUsername: httpFloor(321.3),
  HttpMypageNotificationEmailCode: httpFloor(316.8),
  // Issue 12: the bank details' change code (mail templates, the code's issue; no bank-code data).
  HttpMypageBankCode: httpFloor(327.8),
  HttpMypageGet: httpFloor(313.7),
  // Social (issue 11): the floor plus the social services.
  HttpSocialDiscoveryAction: httpFloor(324.6),
  HttpSocialLike: httpFloor(324.2),
  HttpSocialLikedYou: httpFloor(324.2),
  HttpSocialLiked: httpFloor(324.2),
  HttpSocialFavorite: httpFloor(324.1),
  HttpSocialFavorites: httpFloor(324.1),
  HttpMypageConfirmation: httpFloor(322.8),
  HttpSocialGetProfile: httpFloor(314.2),
  HttpHomeGet: httpFloor(313.7),
  HttpSocialDiscovery: httpFloor(313.5),
  HttpHomeNews: httpFloor(311.7),
  // Withdrawals (issue 12): the floor plus the withdrawal service and the Japanese holidays' dates
  // (14.3 KB, scripts/holiday-data-plugin.ts; the package's whole data set would be 171 KB).
  HttpBusinessWithdrawHistories: httpFloor(338.8),
  HttpBusinessRequestWithdraw: httpFloor(339.3),
  HttpBusinessReRequestWithdraw: httpFloor(339.5),
  // Income (issue 12): the floor plus the business contracts (zod), the month reads and the income
  // list with its buyers, and the ledger's month reader.
  HttpBusinessSummary: httpFloor(330.9),
  HttpBusinessIncomes: httpFloor(330.6),
  HttpBusinessStatement: httpFloor(330.4),
  // The creator's shop (issue 13, items), measured on the shop groundwork (every bundle grew ~34 KB there).
  HttpItemSave: httpFloor(359.3),
  HttpItemPin: httpFloor(351.1),
  HttpItemGet: httpFloor(350.9),
  HttpItemDelete: httpFloor(350.8),
  HttpItemPublish: httpFloor(350.6),
  HttpItemMyItems: httpFloor(350.5),
  HttpItemSetting: httpFloor(349.8),
  HttpItemShopSetting: httpFloor(349.7),
  HttpItemUploadUrl: httpFloor(349.7),
  // Shop, the buyer's side (issue 13, branch buy): the floor (grown by the shop's entities) plus the
  // shop contracts, the item page, the cart and the purchase with the ledger's spend (measured with
  // main's purchase core, da5f20d; the other handlers grew by the shop's entities as well).
  HttpShopItem: httpFloor(354.8),
  HttpShopCartGet: httpFloor(354.3),
  HttpShopCartSet: httpFloor(355.8),
  HttpShopCartDelete: httpFloor(355.1),
  HttpShopCartCheckout: httpFloor(363.6),
  HttpShopPurchasePoint: httpFloor(363.1),
  // Shop (issue 13, shelf): the profile's shop section (the item cards bring the shop's contracts,
  // shared/src/schemas/shop.ts, through services/shop/views.ts) and the purchase log.
  HttpShopProfileItems: httpFloor(355.6),
  HttpShopRecentPurchaseLogs: httpFloor(327.5),
  ...Object.fromEntries(
    [
      ['StreamsShopPurchaseLog', 309.5],
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
