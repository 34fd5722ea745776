/**
 * The size budget of the Lambda bundles (index.mjs, what a cold start loads), checked by
 * `npm run build:functions`: a bundle over its budget fails the build. Bundle size is cold-start
 * time (docs/architecture.md, "Bundles").
 */

/**
 * The budget of an ordinary handler: 300 KB (issue 9). The WebSocket handlers, jobs and stream
 * consumers meet it (263-290 KB, measured 2026-11-23; chat-notices has an exception since Metrics); the HTTP handlers do not, each has its
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
 * and contracts (3-40 KB). Measured in HttpMypageGet (300.4 KB), the smallest. Budget: the measured
 * size rounded up to 5 KB, plus 5 KB.
 */
const httpFloor = (measuredKB: number): BudgetException => ({
  budgetKB: Math.ceil(measuredKB / 5) * 5 + 5,
  measuredKB,
  reason:
    'ElectroDB 190 KB (CommonJS, bundled whole; jsonschema already swapped out, scripts/electrodb-plugin.ts), ' +
    'the 28 entity models of the one table Service 19 KB, Powertools Logger 23.5 KB, jose 15 KB (access ' +
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
    budgetKB: 310,
    measuredKB: 304.7,
    reason:
      'Powertools Metrics 12.7 KB (the failure metric of every stream consumer, lib/stream.ts) on top of ' +
      'the 291.6 KB it measured without it (the table layer, logger and zod of every function, and the ' +
      'notices service)',
  },
  // + Powertools Metrics 12.7 KB (paid-message metrics, lib/metrics.ts) and the media check's client (S3), measured 2026-11-23.
  HttpChatSend: httpFloor(349.3),
  HttpChatCreateRoom: httpFloor(321.7),
  HttpChatGetRoom: httpFloor(321.0),
  HttpAuthLeave: httpFloor(320.4),
  HttpChatDelete: httpFloor(318.9),
  HttpChatReadRoom: httpFloor(318.7),
  HttpChatBlock: httpFloor(317.9),
  HttpChatReport: httpFloor(317.7),
  HttpChatHistory: httpFloor(317.6),
  HttpChatListRooms: httpFloor(317.4),
  // + the room a first message creates (services/chat/rooms.ts roomTarget: a file may be the first message), issue 11.
  HttpChatUploadUrl: httpFloor(325.1),
  HttpChatMute: httpFloor(316.8),
  HttpChatBlockCheck: httpFloor(316.6),
  HttpAuthLineCallback: httpFloor(315.7),
  HttpAuthRegisterVerify: httpFloor(313.2),
  HttpAuthLoginProfile: httpFloor(313.2),
  HttpAuthLogin: httpFloor(313.1),
  HttpAuthRegister: httpFloor(312.9),
  HttpAuthUpdateToken: httpFloor(312.8),
  HttpMypageNotificationEmailVerify: httpFloor(312.2),
  HttpAuthLineRecoveryVerify: httpFloor(312.0),
  HttpAuthForgotPassword: httpFloor(311.6),
  HttpAuthLineRecovery: httpFloor(311.4),
  HttpMypageUser: httpFloor(311.3),
  HttpAuthLineAuthorize: httpFloor(311.2),
  HttpMypageProfileUpdate: httpFloor(311.1),
  HttpMypageBank: httpFloor(311.1),
  HttpStoreGet: httpFloor(310.8),
  HttpMypagePoints: httpFloor(310.2),
  HttpMypageSkipStep: httpFloor(310.1),
  HttpAuthForgotPasswordVerify: httpFloor(310.1),
  HttpChatOpenStamp: httpFloor(309.8),
  HttpMypageBusinessSetting: httpFloor(309.4),
  HttpMypageOriginalPoints: httpFloor(309.1),
  HttpBankListBranches: httpFloor(308.4),
  HttpBankListBanks: httpFloor(308.1),
  HttpNoticeList: httpFloor(308.0),
  HttpAuthLogout: httpFloor(308.0),
  HttpNoticeRead: httpFloor(307.9),
  HttpMypageCheckUsername: httpFloor(307.9),
  HttpMypageNotificationEmailCode: httpFloor(303.7),
  HttpMypageGet: httpFloor(300.4),
  // Social (issue 11, socialapi), measured 2026-11-23 on a tree whose every bundle had grown ~9 KB
  // with the new entities (HttpMypageGet 311.1): the floor plus the social services.
  HttpSocialDiscoveryAction: httpFloor(323.6),
  HttpSocialLike: httpFloor(323.2),
  HttpSocialLikedYou: httpFloor(323.1),
  HttpSocialLiked: httpFloor(323.1),
  HttpSocialFavorite: httpFloor(323.1),
  HttpSocialFavorites: httpFloor(323.1),
  HttpMypageConfirmation: httpFloor(321.7),
  HttpSocialGetProfile: httpFloor(313.3),
  HttpHomeGet: httpFloor(312.9),
  HttpSocialDiscovery: httpFloor(312.6),
  HttpHomeNews: httpFloor(310.8),
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
