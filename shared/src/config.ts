/**
 * Business constants from shared/DECISIONS.md and the spec, in one typed module.
 * Tests and operators override by passing a partial object to `withConfig`; nothing else
 * in the code base writes these numbers as literals.
 */
export const businessConfig = {
  roles: { USER: 1, CREATOR: 2, ADMIN: 3, FAN: 4 },
  setup: { fanFinalStep: 2, otherFinalStep: 3 },
  auth: {
    verificationCodeMinutes: 15,
    verificationCodeLength: 6,
    verificationMaxAttempts: 5,
    accessTokenSeconds: 60 * 60,
    refreshTokenDays: 30,
    lineStateMinutes: 10,
  },
  limits: {
    usernameMin: 3,
    usernameMax: 20,
    passwordMin: 8,
    passwordMax: 20,
    nicknameMax: 50,
    genreMax: 20,
    bioMax: 200,
    fullNameMax: 100,
    accountNumberLength: 7,
    accountOwnerMax: 30,
    organizationNameMax: 255,
    organizationAddressMax: 500,
    triggerBroadcasts: 3,
    scheduledBroadcasts: 10,
    sampleFiles: 5,
    itemDrafts: 10,
    itemPriceUnitYen: 10,
  },
  points: {
    yenPerMushroom: 10,
    lotDays: 180,
    purchaseMinMushrooms: 10,
    purchaseMaxMushrooms: 5000,
    dailyYenCap: 100_000,
    minorMonthlyYenCapUnder16: 5000,
    minorMonthlyYenCap16To17: 10_000,
  },
  rewards: {
    chatRate: 0.5,
    chatCampaignRate: 0.6,
    productRate: 0.95,
    subscriptionRate: 0.9,
    giftRate: 0.5,
    freePointRate: 0,
  },
  withdrawal: { minimumYen: 1000, transferFeeYen: 0, cutoffDay: 25, transferDay: 10 },
  chat: { minimumCostMushrooms: 1, dailyUpdateTimeJst: '00:00' },
  cookies: {
    tokenDays: 30,
    refreshedAccessTokenDays: 1 / 24,
    profileDays: 7,
    localeDays: 365,
  },
  client: {
    buildCheckIntervalMs: 60 * 60 * 1000,
    reloadGuardMs: 10_000,
    manifestFetchDelayMs: 1000,
  },
  timeZone: 'Asia/Tokyo',
  languages: ['ja', 'en'] as const,
  defaultLanguage: 'ja' as const,
  areas: { private: 0, prefectureMin: 1, prefectureMax: 47, abroad: 999 },
} as const;

export type BusinessConfig = typeof businessConfig;
export type Language = (typeof businessConfig.languages)[number];
