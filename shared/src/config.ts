/**
 * Business constants from shared/DECISIONS.md and the spec, in one typed module.
 * Tests and operators override by passing a partial object to `withConfig`; nothing else
 * in the code base writes these numbers as literals.
 */
export const businessConfig = {
  /** The service's name, as the header and the mails write it (not 'キノコ', the currency). */
  brandName: 'kinoko',
  roles: { USER: 1, CREATOR: 2, ADMIN: 3, FAN: 4 },
  setup: { fanFinalStep: 2, otherFinalStep: 3 },
  auth: {
    verificationCodeMinutes: 15,
    verificationCodeLength: 6,
    verificationMaxAttempts: 5,
    accessTokenSeconds: 60 * 60,
    refreshTokenDays: 30,
    /**
     * A refresh token used again this soon after its rotation gets a new pair of the same session
     * instead of ending it: a page left mid-refresh (a navigation, a closed tab) never stored the
     * answer, and its next page sends the old token. Later reuse ends the session (theft).
     */
    refreshReuseGraceSeconds: 30,
    lineStateMinutes: 10,
    /**
     * Rate limits kept in the table (fixed windows, functions/src/services/rate-limit.ts), the
     * same locally and in AWS. A refusal is a 429 with the wait in `retry_after`.
     */
    throttle: {
      /** Code mails (and 'already registered' mails) per purpose and address: bounds the guesses per hour. */
      codeMails: { limit: 3, windowSeconds: 60 * 60 },
      /** Every mail to one address, all purposes together. */
      addressMails: { limit: 6, windowSeconds: 60 * 60 },
      /** Wrong passwords per login name (e-mail or username); over it even the right one waits. */
      loginFailures: { limit: 10, windowSeconds: 15 * 60 },
    },
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
    /** Ages below which the minor caps apply (under 16, then 16 to 17). */
    minorAgeUnder16: 16,
    adultAge: 18,
    /** Packs offered on the store screen, besides a free quantity within min and max. */
    storePacks: [50, 100, 300, 500, 1000, 3000, 5000],
    /** Consumption tax included in the yen price (shown on the confirmation screen). */
    consumptionTaxRate: 0.1,
    /** Balances show a warning when points expire within this many days. */
    expiryWarningDays: 7,
    /** Write shards of the expiry index (`expiry#<date>#<s>`). */
    expiryShards: 8,
    /**
     * Write shards of a creator's monthly income totals (`income#<c>`/`total#<ym>#<s>`): every sale
     * to the creator adds to one of them (by its movement id), reads sum them, so a popular
     * creator's sales do not all write one item (concurrent transactions on one item conflict).
     */
    incomeShards: 8,
    /** A spend touching more lots than this is refused (one transaction holds ≤ 100 items). */
    maxLotsPerSpend: 80,
    /** Attempts of a spend whose transaction was cancelled by a concurrent movement. */
    spendAttempts: 5,
    /** A payment still pending after this many minutes is settled by the reconciler job. */
    pendingPaymentMinutes: 15,
    /** Point history page size. */
    historyPageSize: 30,
  },
  rewards: {
    chatRate: 0.5,
    chatCampaignRate: 0.6,
    productRate: 0.95,
    subscriptionRate: 0.9,
    giftRate: 0.5,
    freePointRate: 0,
    /**
     * Creators registered with this code earn the campaign chat rate until `campaignEndsAt`
     * (DECISIONS.md: "until 9/30"; 2027-09-30 24:00 JST, the 2026 date having passed).
     * Registration refuses the code from then on.
     */
    campaignCode: 'KINOKO60',
    campaignEndsAt: '2027-09-30T15:00:00.000Z',
  },
  notices: {
    /** Notices per page; the unread badge counts up to `unreadCap` ("99+" above it). */
    pageSize: 20,
    unreadCap: 100,
    keepDays: 365,
  },
  /** DECISIONS.md "Shop" (issue 13). Prices are yen; a buyer pays price / yenPerMushroom points. */
  shop: {
    priceMinYen: 100,
    priceMaxYen: 1_000_000,
    /** Stock of a limited item: 1 to stockMax units (0 once sold out). */
    stockMax: 99_999,
    /** Units per order line: digital items 1 (bought once), physical 1 to this. */
    physicalQuantityMax: 10,
    pinnedMax: 3,
    cartLinesMax: 10,
    /** Images of a photo item. */
    imagesMax: 30,
    nameMax: 100,
    descriptionMax: 3000,
    /** Threshold of the low-stock label (0 turns it off). */
    lowStockThresholdMax: 99_999,
    shopNameMax: 50,
    disclosureFieldMax: 200,
    disclosureNoteMax: 2000,
    returnGiftMessageMax: 1000,
    /** Original points a creator grants a fan at once (DECISIONS.md: they expire as other free points). */
    grantMinPoints: 1,
    grantMaxPoints: 10_000,
    /** Items per page of the shop lists, library rows, sales-status rows. */
    pageSize: 20,
    /** The profile's realtime purchase log (DECISIONS.md: the last 20 item sales). */
    purchaseLogSize: 20,
    /** The purchase history shows a year; the library keeps everything. */
    historyDays: 365,
    /** Lines `POST /item/sales-status/complete-all` marks in one call (the screen calls again while full). */
    completeAllBatch: 200,
    /** Write shards of this month's item sales counters read by the rankings job. */
    rankingShards: 8,
  },
  /** DECISIONS.md "Fan club" (issue 14). Prices are points (mushrooms) per month. */
  fanclub: {
    priceMin: 100,
    priceMax: 50_000,
    nameMax: 50,
    descriptionMax: 2000,
    benefitsMax: 1000,
    /** A renewal the balance cannot cover is retried on this many following days, then the membership ends. */
    renewalRetries: 3,
    /** Auto-renewal can be stopped until this many hours before the renewal day starts (JST). */
    stopBeforeHours: 24,
    postTextMax: 5000,
    /** A post has text and up to this many images, or one video. */
    postImagesMax: 10,
    /** A post published at a time: at least this far ahead, at most `postScheduleMaxDays`. */
    postScheduleMinMinutes: 5,
    postScheduleMaxDays: 365,
    /** Posts per page of the profile's list and the creator's list; members per page. */
    postPageSize: 20,
    memberPageSize: 30,
    /**
     * The member list's counts (auto-renewal off, past due) read at most this many current members
     * (one bounded Query, first page only); beyond it `counts.complete` is false.
     */
    memberCountMax: 2000,
    /** Write shards of the renewal index (`fc-due#<s>`), queried in parallel by the daily job. */
    dueShards: 8,
    /** Memberships the renewal job charges at once. */
    renewalConcurrency: 16,
  },
  /** DECISIONS.md "Broadcasts" (issue 15): scheduled (reserve) and trigger broadcasts. */
  broadcasts: {
    /** Chats (messages or files) of one broadcast, delivered in order. */
    chatsMax: 5,
    /** Characters of one chat's message (a chat message's limit). */
    textMax: 2000,
    /** A scheduled broadcast is set this far ahead at least, and at most `reserveMaxDays`. */
    reserveMinMinutes: 5,
    reserveMaxDays: 90,
    /** Trigger intervals, and the hours of the time-based conditions, in whole hours. */
    intervalHoursMin: 1,
    intervalHoursMax: 720,
    conditionHoursMin: 1,
    conditionHoursMax: 720,
    /** Recipients per queue message (one worker task); a scheduled broadcast's audience is frozen in chunks of this. */
    chunkSize: 25,
    /** Write shards of a broadcast's recipient outcomes (no hot partition at 50,000 fans). */
    recipientShards: 16,
    /** Deliveries a worker runs at once within one queue message. */
    workerConcurrency: 5,
    /** A sending broadcast whose chunks made no progress for this long is re-queued by the sweep. */
    stallMinutes: 5,
  },
  /** Web Push (issue 15, "Outside the app"): notifications of new messages and notices per device. */
  push: {
    /** Devices (push subscriptions) of one profile; one more is refused. */
    devicesMax: 10,
    /** Characters of a device's label ("Chrome on Android"). */
    labelMax: 60,
    /** An endpoint URL's length at most (real services use 150-500). */
    endpointMax: 1024,
    /** How long the push service keeps an undelivered push (the TTL header), in seconds. */
    ttlSeconds: 86_400,
    /**
     * The hosts of the browsers' push services an endpoint may name (the sender POSTs to it, so
     * nothing else is accepted); a host given with a leading dot matches its subdomains.
     */
    serviceHosts: [
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      'web.push.apple.com',
      '.notify.windows.com',
    ],
  },
  /** E-mail notifications outside the app (issue 15, mail helper): hourly digests per person and kind. */
  mail: {
    /** At most one digest of a kind per person within this many minutes. */
    digestIntervalMinutes: 60,
    /** A digest waits this long after the event that made it due (a quick reply sends nothing). */
    digestDelayMinutes: 5,
    /** Rooms (or notices) one digest names; the rest are counted as "and more". */
    digestItems: 10,
    /** Room rows one digest reads, newest first (one bounded Query of the rooms index). */
    digestRoomsRead: 50,
    /** Paid messages counted per waiting room (one bounded Query of the room's messages). */
    digestMessagesRead: 50,
    /** Write shards of the due index (`maildue#<s>`), queried in parallel by the job. */
    dueShards: 4,
    /** Digests the job sends at once. */
    sendConcurrency: 8,
  },
  /** Organizations and their casts (issue 16; DECISIONS.md "Organizations and casts"). */
  organizations: {
    /** 1 bar / lounge / concept cafe, 2 model agency, 99 other. */
    categories: [1, 2, 99] as const,
    /** Casts one organization may have at once (removed casts free their place). */
    castsMax: 100,
    /** A rejection's reason, as an operator writes it. */
    rejectReasonMax: 1000,
    /** Write shards of one cast's monthly sales (`cast#<ym>#<cast>#<shard>`), like `points.incomeShards`. */
    castSalesShards: 4,
  },
  /** The operators' console (issue 17; DECISIONS.md "Operators"). */
  admin: {
    /** Admin sessions are short: a 15-minute access token, and the session ends 8 hours after login. */
    accessTokenSeconds: 15 * 60,
    sessionHours: 8,
    /** RFC 6238 TOTP: 6 digits every 30 s, one step of clock drift either way. */
    totp: { issuer: 'Kinoko', digits: 6, periodSeconds: 30, window: 1 },
    /** One-time recovery codes handed out at enrolment (each 10 characters). */
    recoveryCodes: 10,
    /** An enrolment (between the password and the first code) lasts this long. */
    enrolmentMinutes: 10,
    /** Rows per page of the console's lists (audit log, queues). */
    pageSize: 50,
    /** A spend may be refunded (reversed) by operators for a system fault within this many days. */
    refundDays: 7,
    /** A grant of leaves to a list of fans: at most this many at once. */
    grantListMax: 500,
    /** Reason texts written by operators (grants, warnings, refunds, notes). */
    reasonMax: 1000,
    // Console: the dashboard (helper dashboard)
    /** Write shards of one JST day's platform figures (`platform-stats`/`day#<date>#<shard>`). */
    platformStatsShards: 8,
    /** Days in the dashboard's charts, ending today (JST). */
    dashboardDays: 30,
    /**
     * Console: stamps and campaigns (helper catalog). The catalogue lives in the table, seeded once
     * from `chat.stamps` and `rewards.campaignCode`/`campaignEndsAt`/`chatCampaignRate`; readers
     * keep it in Lambda memory this long (a change reaches every sender within this time).
     */
    catalog: {
      cacheSeconds: 60,
      /** Stamps in the catalogue (retired included): the chat reads them all in one Query. */
      stampsMax: 60,
      stampCost: { min: 1, max: 10_000 },
      stampNameMax: 20,
      /** Display order 0-9999 (ascending; ties by id). */
      orderMax: 9999,
      /** Campaign chat rate in whole percent, above the usual `rewards.chatRate`. */
      campaignRatePercent: { min: 51, max: 90 },
      /** Campaign codes: 4-20 capital letters and digits (registration upper-cases what is typed). */
      campaignCodePattern: '^[A-Z0-9]{4,20}$',
    },
  },
  withdrawal: { minimumYen: 1000, transferFeeYen: 0, cutoffDay: 25, transferDay: 10 },
  business: {
    /** Income rows per page on /mypage/incomes. */
    incomePageSize: 30,
    /** Months in the summary's income chart (ending with the month shown). */
    chartMonths: 12,
  },
  chat: {
    minimumCostMushrooms: 1,
    /** Upper bound of the per-message price a creator can set (a guard against typos). */
    maximumCostMushrooms: 10_000,
    /**
     * Write shards of a profile's unread-message total (`profile#<id>`/`unread#<s>`), summed on
     * read: every message to a popular creator adds to one of them, not to one item.
     */
    unreadShards: 8,
    /** A creator who never set a price charges this (the minimum; an assumption, see docs). */
    defaultCostMushrooms: 1,
    /** The time (JST) the next day's price becomes today's; the switch job runs then. */
    dailyUpdateTimeJst: '00:00',
    /** Characters of one text message. */
    messageMaxLength: 2000,
    /** Characters of the last message shown on the chatroom list. */
    previewLength: 60,
    /** Messages per history page, chatrooms per list page. */
    historyPageSize: 30,
    listPageSize: 20,
    /** How long a sender's uuid is remembered for replays (the ledger's journal keeps paid ones forever). */
    replayKeyDays: 30,
    /**
     * Tries of a free message whose transaction was cancelled because its room was created
     * meanwhile (the first message creates the room); paid ones retry as `points.spendAttempts`.
     */
    sendAttempts: 3,
    /** How long the presigned GET URLs of chat files live (their limits: shared/src/media.ts). */
    fileUrlSeconds: 60 * 60,
    /** Characters of a report's detail. */
    reportDetailMax: 1000,
    /**
     * The stamp catalogue (spec: name and point cost). Sending one spends its cost as a gift
     * (50 % to the creator). The web client maps each id to its picture.
     */
    stamps: [
      { id: 'thanks', name: { ja: 'ありがとう', en: 'Thank you' }, cost: 10 },
      { id: 'love', name: { ja: '大好き', en: 'Love' }, cost: 30 },
      { id: 'cheer', name: { ja: '応援してる', en: 'Cheering for you' }, cost: 50 },
      { id: 'bouquet', name: { ja: '花束', en: 'Bouquet' }, cost: 100 },
      { id: 'champagne', name: { ja: 'シャンパン', en: 'Champagne' }, cost: 500 },
      { id: 'crown', name: { ja: '王冠', en: 'Crown' }, cost: 1000 },
    ],
  },
  social: {
    /** Characters of a search keyword. */
    searchKeywordMax: 50,
    /** Write shards of the creator directory (`creators#<s>` in gsi3), queried in parallel by a keyword search. */
    directoryShards: 8,
    /**
     * What one filtered search request may read of the directory (Q3, and Q4 over all shards
     * together), in bytes: past it the page answers what it found with a cursor to go on from.
     */
    searchReadBudgetBytes: 1024 * 1024,
    /** Items of one filtered directory Query page (the budget is checked between pages). */
    searchPageItems: 100,
    /** Creators per page of search, favorites and liked lists. */
    pageSize: 20,
    /** Characters of the bio shown on a creator card. */
    cardBioMax: 80,
    /** Cards handed to discovery per call (shown one at a time). */
    discoveryBatch: 10,
    /** A creator skipped in discovery stays hidden this long. */
    skipDays: 30,
    /** Lines of each supporter ranking (this JST month, all time). */
    supporterRankingSize: 10,
    /** Creators of home's recommended strip and of its "close friends" strip, news lines. */
    homeRecommended: 12,
    homeFavorites: 8,
    homeNews: 5,
    /** Lines of each item ranking on home. */
    itemRankingSize: 10,
    /** A fan who signs up through an invitation link within this many days is the creator's invited fan. */
    invitationDays: 30,
    /**
     * The recommended creators job (J7): score = likes × log(1 + likes received) + newness ×
     * (1 − age / newnessDays, not below 0). Sales join the score with the shop.
     */
    recommend: { likesWeight: 1, newnessWeight: 2, newnessDays: 30 },
  },
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
