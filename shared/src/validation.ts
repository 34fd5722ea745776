import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { businessConfig } from './config.ts';

/**
 * zod/mini (not the classic API: a third of the size in every bundle, docs/architecture.md
 * "Bundles") has no locale of its own, so an issue without our own message would read "Invalid
 * input". English is what the classic API gave those; set here, where the messages are. Only `en`
 * is imported: `z.locales.en()` would bundle every language.
 */
z.config(en());

const L = businessConfig.limits;

/** Validation messages are i18n keys (catalogue section `validation`). */
export const V = {
  required: 'validation.required',
  email: 'validation.email',
  username: 'validation.username',
  passwordFormat: 'validation.password',
  passwordMismatch: 'validation.passwordMismatch',
  code: 'validation.code',
  genreMax: 'validation.genreMax',
  bioMax: 'validation.bioMax',
  nicknameRequired: 'validation.nicknameRequired',
  nicknameMax: 'validation.nicknameMax',
  area: 'validation.area',
  gender: 'validation.gender',
  fullName: 'validation.fullName',
  birthDate: 'validation.birthDate',
  bank: 'validation.bank',
  branch: 'validation.branch',
  accountType: 'validation.accountType',
  accountNumber: 'validation.accountNumber',
  accountOwner: 'validation.accountOwner',
  accountOwnerKana: 'validation.accountOwnerKana',
  purchaseAmount: 'validation.purchaseAmount',
  purchasePrice: 'validation.purchasePrice',
  purchaseKey: 'validation.purchaseKey',
  cardRequired: 'validation.cardRequired',
  termsRequired: 'validation.termsRequired',
  chatCost: 'validation.chatCost',
  messageContent: 'validation.messageContent',
  messageMax: 'validation.messageMax',
  messageKey: 'validation.messageKey',
  chatFile: 'validation.chatFile',
  mediaType: 'validation.mediaType',
  mediaSize: 'validation.mediaSize',
  mediaDimensions: 'validation.mediaDimensions',
  mediaUnsafe: 'validation.mediaUnsafe',
  chatroomId: 'validation.chatroomId',
  chatPeer: 'validation.chatPeer',
  reportType: 'validation.reportType',
  reportDetail: 'validation.reportDetail',
  textCharacters: 'validation.textCharacters',
  searchConditions: 'validation.searchConditions',
  searchKeywordMax: 'validation.searchKeywordMax',
  yearMonth: 'validation.yearMonth',
  paymentType: 'validation.paymentType',
  invoiceNumber: 'validation.invoiceNumber',
  campaignCode: 'validation.campaignCode',
  creatorTerms: 'validation.creatorTerms',
  campaignEnded: 'validation.campaignEnded',
  // Withdrawals (issue 12): the operators' partial approval and transfer date
  finalizedAmount: 'validation.finalizedAmount',
  transferDate: 'validation.transferDate',
  // The operators' console (issue 17)
  totpCode: 'validation.totpCode',
  date: 'validation.date',
  // Console: news, the banner and points
  newsTitle: 'validation.newsTitle',
  newsTitleMax: 'validation.newsTitleMax',
  newsBody: 'validation.newsBody',
  newsBodyMax: 'validation.newsBodyMax',
  newsAudiences: 'validation.newsAudiences',
  newsPublishAt: 'validation.newsPublishAt',
  newsPublishAtPast: 'validation.newsPublishAtPast',
  bannerImage: 'validation.bannerImage',
  bannerAlt: 'validation.bannerAlt',
  bannerAltMax: 'validation.bannerAltMax',
  bannerLink: 'validation.bannerLink',
  grantTarget: 'validation.grantTarget',
  grantTargets: 'validation.grantTargets',
  grantTargetsMax: 'validation.grantTargetsMax',
  grantLeaves: 'validation.grantLeaves',
  contentReason: 'validation.contentReason',
  contentReasonMax: 'validation.contentReasonMax',
  dateRange: 'validation.dateRange',
  // Shop (issue 13)
  itemType: 'validation.itemType',
  itemName: 'validation.itemName',
  itemNameMax: 'validation.itemNameMax',
  itemDescription: 'validation.itemDescription',
  itemDescriptionMax: 'validation.itemDescriptionMax',
  itemPrice: 'validation.itemPrice',
  itemThumbnail: 'validation.itemThumbnail',
  itemImages: 'validation.itemImages',
  itemImagesMax: 'validation.itemImagesMax',
  itemPhotoContent: 'validation.itemPhotoContent',
  itemVideo: 'validation.itemVideo',
  itemSamplesMax: 'validation.itemSamplesMax',
  itemFile: 'validation.itemFile',
  itemOpenAt: 'validation.itemOpenAt',
  itemCloseAt: 'validation.itemCloseAt',
  itemStock: 'validation.itemStock',
  itemLowStock: 'validation.itemLowStock',
  itemPublic: 'validation.itemPublic',
  itemId: 'validation.itemId',
  itemQuantity: 'validation.itemQuantity',
  purchaseKeyRequired: 'validation.purchaseKeyRequired',
  shopName: 'validation.shopName',
  disclosureField: 'validation.disclosureField',
  disclosureNote: 'validation.disclosureNote',
  returnGiftContent: 'validation.returnGiftContent',
  returnGiftMessageMax: 'validation.returnGiftMessageMax',
  grantPoints: 'validation.grantPoints',
  // Fan club (issue 14)
  fanclubName: 'validation.fanclubName',
  fanclubDescription: 'validation.fanclubDescription',
  fanclubBenefits: 'validation.fanclubBenefits',
  fanclubPrice: 'validation.fanclubPrice',
  postText: 'validation.postText',
  postContent: 'validation.postContent',
  postImagesMax: 'validation.postImagesMax',
  postMediaBoth: 'validation.postMediaBoth',
  postFile: 'validation.postFile',
  postVisibility: 'validation.postVisibility',
  postPublishAt: 'validation.postPublishAt',
  postPublishAtFar: 'validation.postPublishAtFar',
  backnumberMonth: 'validation.backnumberMonth',
  // Broadcasts (issue 15): scheduled and trigger broadcasts (authoring)
  // Organizations (issue 16)
  organizationName: 'validation.organizationName',
  organizationNameMax: 'validation.organizationNameMax',
  organizationCategory: 'validation.organizationCategory',
  organizationAddressMax: 'validation.organizationAddressMax',
  organizationLogo: 'validation.organizationLogo',
  organizationLocked: 'validation.organizationLocked',
  organizationRejectReason: 'validation.organizationRejectReason',
  passwordUnchanged: 'validation.passwordUnchanged',
  broadcastCondition: 'validation.broadcastCondition',
  broadcastHours: 'validation.broadcastHours',
  broadcastReservedAt: 'validation.broadcastReservedAt',
  broadcastReservedAtInvalid: 'validation.broadcastReservedAtInvalid',
  broadcastReservedAtSoon: 'validation.broadcastReservedAtSoon',
  broadcastReservedAtFar: 'validation.broadcastReservedAtFar',
  broadcastChatsMin: 'validation.broadcastChatsMin',
  broadcastChatsMax: 'validation.broadcastChatsMax',
  broadcastChat: 'validation.broadcastChat',
  broadcastTextMax: 'validation.broadcastTextMax',
  broadcastFile: 'validation.broadcastFile',
  broadcastInterval: 'validation.broadcastInterval',
  broadcastWindow: 'validation.broadcastWindow',
  // Notifications: web push (issue 15)
  pushEndpoint: 'validation.pushEndpoint',
  pushKeys: 'validation.pushKeys',
  pushLabel: 'validation.pushLabel',
  pushDevice: 'validation.pushDevice',
  // Console: reports and users (helper reports)
  reportStatus: 'validation.reportStatus',
  reportAction: 'validation.reportAction',
  reportNoteMax: 'validation.reportNoteMax',
  warningMessageMax: 'validation.warningMessageMax',
  adminAssignee: 'validation.adminAssignee',
  adminUserQuery: 'validation.adminUserQuery',
  adminUserId: 'validation.adminUserId',
  // Console: stamps and campaigns (helper catalog)
  stampId: 'validation.stampId',
  stampName: 'validation.stampName',
  stampCost: 'validation.stampCost',
  catalogOrder: 'validation.catalogOrder',
  stampPicture: 'validation.stampPicture',
  campaignCodeFormat: 'validation.campaignCodeFormat',
  campaignRate: 'validation.campaignRate',
  campaignEndsAt: 'validation.campaignEndsAt',
} as const;

/**
 * Free text (nicknames, bios, messages...). Characters that show nothing: white space, controls,
 * the default-ignorable code points (zero-width space and joiners, bidi marks, BOM, soft hyphen,
 * Hangul fillers, variation selectors, tags) and the blank braille pattern.
 */
const INVISIBLE_CLASS = '\\p{White_Space}\\p{Cc}\\p{Default_Ignorable_Code_Point}\\u2800';
const LEADING_INVISIBLE = new RegExp(`^[${INVISIBLE_CLASS}]+`, 'u');
/**
 * At the end, what belongs to the character before it stays: the zero-width joiner, variation
 * selectors (❤️), the combining grapheme joiner and tags (subdivision flags).
 */
const TRAILING_INVISIBLE =
  /[\p{White_Space}\p{Cc}\u00AD\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFEFF\uFFA0]+$/u;
const INVISIBLE = new RegExp(`[${INVISIBLE_CLASS}]`, 'gu');
/** A letter, a digit, punctuation or a symbol (emoji included). */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
/** Controls never allowed anywhere in a request: C0 except tab and line breaks, DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding controls is the point
const UNSAFE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** In free text also the C1 controls, wherever they are; single-line text also refuses inner tabs and breaks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding controls is the point
const TEXT_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;
/** A surrogate half without its other half: not a character (JSON can carry it, UTF-8 cannot). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No lone surrogate and no NUL-like control: what every string of every request must satisfy. */
export function isSafeString(value: string): boolean {
  return !LONE_SURROGATE.test(value) && !UNSAFE_CONTROL.test(value);
}

/** NFC, line breaks as `\n`, and no invisible characters at either end. */
export function normalizeText(value: string): string {
  return value
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(LEADING_INVISIBLE, '')
    .replace(TRAILING_INVISIBLE, '');
}

/** Whether a text shows at least one letter, digit, punctuation mark or symbol. */
export function hasVisibleText(value: string): boolean {
  return VISIBLE.test(value.replace(INVISIBLE, ''));
}

/**
 * The one schema of free text: normalised (`normalizeText`), refused when it holds a lone
 * surrogate or a control character (`multiline` allows tabs and line breaks), at most `max`
 * characters after normalisation. Text that shows nothing counts as empty: `required` (a message
 * key) refuses it, otherwise it becomes ''.
 */
export function textSchema(opts: {
  max: number;
  maxMessage: string;
  required?: string;
  multiline?: boolean;
}) {
  return z.string({ error: opts.required ?? V.required }).check(
    z.refine((s) => !LONE_SURROGATE.test(s) && !TEXT_CONTROL.test(s), {
      error: V.textCharacters,
      abort: true,
    }),
    z.overwrite(normalizeText),
    z.refine((s) => opts.multiline || !LINE_BREAK.test(s), { error: V.textCharacters, abort: true }),
    z.overwrite((s) => (hasVisibleText(s) ? s : '')),
    z.maxLength(opts.max, opts.maxMessage),
    ...(opts.required ? [z.minLength(1, opts.required)] : []),
  );
}

/**
 * Profile ids are hex; a chatroom id is `<creatorId>_<otherId>`. Here rather than in the chat
 * schemas: the route manifest (in every handler bundle) checks path parameters with them.
 */
export const PROFILE_ID_RE = /^[A-Za-z0-9-]{1,64}$/;
export const CHATROOM_ID_RE = /^[A-Za-z0-9-]{1,64}_[A-Za-z0-9-]{1,64}$/;
/** Message ids are ULIDs (time-ordered). */
export const MESSAGE_ID_RE = /^[0-9A-HJKMNP-TV-Z]{26}$/;
/**
 * Any ULID (shop items, order lines): the manifest checks those `{id}`s with it, so no handler
 * bundle carries the shop's schemas for a path rule (schemas/shop.ts `ITEM_ID_RE` is the same).
 */
export const ULID_RE = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const USERNAME_RE = new RegExp(`^[A-Za-z0-9]{${L.usernameMin},${L.usernameMax}}$`);
/** Printable ASCII without spaces: letters, numbers and symbols. */
export const PASSWORD_RE = new RegExp(`^[\\x21-\\x7E]{${L.passwordMin},${L.passwordMax}}$`);
/**
 * Account holder as the bank prints it: full-width katakana (with the long-vowel mark and the
 * small letters), full-width digits and letters, the characters banks allow （）．－／,
 * parts separated by one full-width space.
 */
export const ACCOUNT_OWNER_RE = /^[ァ-ヴー０-９Ａ-Ｚ（）．－／]+(　[ァ-ヴー０-９Ａ-Ｚ（）．－／]+)*$/;

/** Identifiers are typed on Japanese keyboards too: NFKC makes full-width ＡＢＣ１２３＠ plain ASCII. */
const nfkc = (s: string) => s.normalize('NFKC');

export const emailSchema = z.pipe(
  z
    .string({ error: V.required })
    .check(
      z.overwrite(nfkc),
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, V.required),
      z.maxLength(254, V.email),
    ),
  z.email({ error: V.email }),
);
export const passwordSchema = z
  .string({ error: V.required })
  .check(z.minLength(1, V.required), z.regex(PASSWORD_RE, V.passwordFormat));
export const usernameSchema = z
  .string({ error: V.required })
  .check(z.overwrite(nfkc), z.trim(), z.minLength(1, V.required), z.regex(USERNAME_RE, V.username));
export const codeSchema = z
  .string({ error: V.required })
  .check(z.overwrite(nfkc), z.trim(), z.regex(/^\d{6}$/, V.code));
/** Calendar date YYYY-MM-DD that exists; an empty one is 'required', not 'enter it correctly'. */
export const isoDateSchema = z.pipe(
  z.string({ error: V.required }).check(z.minLength(1, V.required)),
  z.iso.date({ error: V.birthDate }),
);

/** Age in whole years on a JST date. */
export function ageOn(birthDate: string, todayJst: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = todayJst.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
