/**
 * The one list of everything API Gateway and the scheduler invoke. CDK builds the HTTP API, the
 * WebSocket API and the scheduled targets from it; the local gateways serve from it; the
 * authorization test walks it.
 *
 * `handler` names a module under functions/src (e.g. 'http/auth/login' is
 * functions/src/http/auth/login.ts) that exports `handler`.
 */
import type { ErrorCode } from '@app/shared/errors';
import { ROLE, type RoleId } from '@app/shared/roles';
import { CHATROOM_ID_RE, MESSAGE_ID_RE, PROFILE_ID_RE, ULID_RE, USERNAME_RE } from '@app/shared/validation';
import { MEMBERS } from './lib/access.ts';
import type { StreamFilter } from './lib/stream-filter.ts';

/**
 * The product's areas (as in `services/<area>`). Every entry below names its area; the deployment
 * puts each area's functions, routes, schedules' targets and stream consumers in the area's own
 * nested stack of the Api stack (infra/src/api-area-stack.ts), so no stack outgrows CloudFormation's
 * resource limit as the product grows.
 */
export const AREAS = [
  'auth',
  'mypage',
  'chat',
  'points',
  'social',
  'shop',
  'fanclub',
  'broadcasts',
  'business',
  'organizations',
  'admin',
  // The console's news, home banner and stamp/campaign catalogue: its own stacks, since one area of
  // every console route would pass CloudFormation's resource limit (8 resources a route).
  'admincontent',
] as const;
export type Area = (typeof AREAS)[number];

/**
 * The area of each folder of HTTP handlers (`http/<folder>/<name>`), defined once: a route in a new
 * folder fails the typecheck until its folder is given an area here.
 */
export const HTTP_FOLDER_AREAS = {
  auth: 'auth',
  mypage: 'mypage',
  // The caller's notices and their read state.
  notice: 'mypage',
  chat: 'chat',
  // The store view and card payments: buying points.
  store: 'points',
  square: 'points',
  // Profiles, likes, favorites, discovery, search (social), and the home screen's reads.
  social: 'social',
  home: 'social',
  // Bank and branch codes for the payout account (withdrawals come with the business area).
  bank: 'business',
  // The creator's business: income, summary, statements, withdrawals (issue 12).
  business: 'business',
  // The shop (issue 13): the creator's items and sales status (item), the fan's item page,
  // purchase, cart and purchase log (shop), the buyer's library (library).
  item: 'shop',
  shop: 'shop',
  library: 'shop',
  // The fan club (issue 14): settings, members, posts, the card, joining, passes, memberships.
  fanclub: 'fanclub',
  // Broadcasts (issue 15): the creator's scheduled and trigger broadcasts.
  broadcasting: 'broadcasts',
  // Notifications outside the app (issue 15): web push subscriptions (push helper), e-mail
  // preferences and the unsubscribe link (mail helper).
  push: 'mypage',
  notification: 'mypage',
  // Organizations and their casts (issue 16): the owner's application, casts, sales.
  organizations: 'organizations',
  // The operators' console (issue 17): role 3 only, but for the two sign-in steps.
  admin: 'admin',
} as const satisfies Record<string, Area>;
export type HttpFolder = keyof typeof HTTP_FOLDER_AREAS;

/**
 * guest: anyone; optional: token read when present (a member's only: an operator's reads as none);
 * signedIn: any member (`MEMBERS`: owners, creators and casts, fans; never an operator); or a list
 * of roles.
 */
export type Access = 'guest' | 'optional' | 'signedIn' | readonly RoleId[];

export interface HttpRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  handler: string;
  /** Derived from the handler's folder (`HTTP_FOLDER_AREAS`). */
  area: Area;
  access: Access;
  /** The error for a signed-in caller whose role the list leaves out (default 'forbidden'). */
  refusal?: ErrorCode;
  /**
   * Every `{name}` of the path with the form its value must have; lib/http.ts refuses any other
   * value before the handler runs (a route with a parameter and no rule fails to load).
   */
  params?: Readonly<Record<string, PathParam>>;
  /**
   * A list read page by page: lib/http.ts opens `?cursor=` (a cursor it sealed for this route and
   * this caller, else 400 'cursor_invalid') before the handler runs, and seals `next_cursor`.
   */
  paged?: true;
  /**
   * The route answers a cast that must still choose a new password (first login, or after its
   * owner reset it); every other route refuses it with 'password_change_required' (lib/auth.ts).
   */
  beforePasswordChange?: true;
}

export interface PathParam {
  /** The whole value (anchored), e.g. CHATROOM_ID_RE; at most `PATH_PARAM_MAX` characters in any case. */
  pattern: RegExp;
  /** The answer to a value of another form: the same as to a well-formed one that names nothing. */
  refusal: ErrorCode;
  /** The value must be the caller's own profile id (a list of one's own): another is 403 'forbidden'. */
  own?: true;
}

/** No path parameter is longer, whatever its rule. */
export const PATH_PARAM_MAX = 256;

/** A chatroom id, or the peer's username (`/chatroom/{username}`). */
const CHATROOM_OR_USERNAME = new RegExp(
  `^(?:${CHATROOM_ID_RE.source.slice(1, -1)}|${USERNAME_RE.source.slice(1, -1)})$`,
);

/** A creator's profile: a username (3-20) or a profile id (longer). */
const PROFILE_OR_USERNAME = new RegExp(
  `^(?:${PROFILE_ID_RE.source.slice(1, -1)}|${USERNAME_RE.source.slice(1, -1)})$`,
);

/** A list's `{id}`: the caller's own profile id (lib/http.ts refuses another with 'forbidden'). */
const OWN_PROFILE = { id: { pattern: PROFILE_ID_RE, refusal: 'profile_not_found', own: true } } as const;

/** Shop/organization owners (issue 16: organizations and their casts). */
export const OWNERS = [ROLE.USER] as const;

export const OWNERS_AND_CREATORS = [ROLE.USER, ROLE.CREATOR] as const;

/** Operators (issue 17): every `/admin/…` route but the sign-in steps is this and only this. */
export const ADMINS = [ROLE.ADMIN] as const;

/** The home screen and its news: news is addressed to operators too (spec: admin is a news audience). */
export const NEWS_READERS = [...MEMBERS, ROLE.ADMIN] as const;

/** Chat members: creators, and the fans and shop/organization owners who pay them. */
export const CHATTERS = [ROLE.USER, ROLE.CREATOR, ROLE.FAN] as const;

/** Fans and shop/organization owners; creators and admins are told 'Creator accounts cannot make purchases.' */
export const PURCHASERS = [ROLE.USER, ROLE.FAN] as const;

/** The console's sections that live in the second console area. */
const ADMIN_CONTENT = /^admin\/(?:news|banner|catalog)-/;

const areaOfHandler = (handler: string): Area =>
  ADMIN_CONTENT.test(handler)
    ? 'admincontent'
    : HTTP_FOLDER_AREAS[handler.slice(0, handler.indexOf('/')) as HttpFolder];

const r = (
  method: HttpRoute['method'],
  path: string,
  handler: `${HttpFolder}/${string}`,
  access: Access,
  /** The refusal (see `HttpRoute.refusal`), or the route's other properties. */
  more: ErrorCode | Pick<HttpRoute, 'refusal' | 'params' | 'paged' | 'beforePasswordChange'> = {},
): HttpRoute => ({
  method,
  path,
  handler: `http/${handler}`,
  area: areaOfHandler(handler),
  access,
  ...(typeof more === 'string' ? { refusal: more } : more),
});

export const httpRoutes: readonly HttpRoute[] = [
  // Auth: e-mail accounts (creators, shop/organization owners, casts)
  r('POST', '/auth/register', 'auth/register', 'guest'),
  r('POST', '/auth/register/verify', 'auth/register-verify', 'guest'),
  // Console: stamps and campaigns (helper catalog): the live registration campaign for the public pages
  r('GET', '/auth/register/campaign', 'auth/register-campaign', 'guest'),
  r('POST', '/auth/login', 'auth/login', 'guest'),
  r('POST', '/auth/login-profile', 'auth/login-profile', 'guest'),
  r('POST', '/auth/forgot-password', 'auth/forgot-password', 'guest'),
  r('POST', '/auth/forgot-password/verify', 'auth/forgot-password-verify', 'guest'),
  // Auth: fans through LINE Login, and the recovery of a lost LINE account
  r('POST', '/auth/line/authorize', 'auth/line-authorize', 'guest'),
  r('POST', '/auth/line/callback', 'auth/line-callback', 'guest'),
  r('POST', '/auth/line-recovery', 'auth/line-recovery', 'guest'),
  r('POST', '/auth/line-recovery/verify', 'auth/line-recovery-verify', 'guest'),
  // Auth: tokens and leaving
  r('POST', '/auth/update_token', 'auth/update-token', 'guest'),
  r('POST', '/auth/logout', 'auth/logout', 'guest'),
  r('POST', '/auth/leave', 'auth/leave', 'signedIn'),
  // Auth: a cast chooses its own password at its first login (issue 16)
  r('POST', '/auth/cast-password', 'auth/cast-password', [ROLE.CREATOR], { beforePasswordChange: true }),
  // Mypage
  r('GET', '/mypage', 'mypage/get', 'signedIn', { beforePasswordChange: true }),
  r('POST', '/mypage/check-username', 'mypage/check-username', 'signedIn'),
  r('POST', '/mypage/profile/update', 'mypage/profile-update', 'signedIn'),
  r('POST', '/mypage/user', 'mypage/user', 'signedIn'),
  // Fans confirm their notification e-mail (the address LINE recovery goes by) with a mailed code.
  r('POST', '/mypage/notification-email/code', 'mypage/notification-email-code', [ROLE.FAN]),
  r('POST', '/mypage/notification-email/verify', 'mypage/notification-email-verify', [ROLE.FAN]),
  r('POST', '/mypage/bank', 'mypage/bank', OWNERS_AND_CREATORS),
  r('POST', '/mypage/skip-step', 'mypage/skip-step', OWNERS_AND_CREATORS),
  r('GET', '/mypage/points', 'mypage/points', 'signedIn', { paged: true }),
  r('GET', '/mypage/original-points', 'mypage/original-points', 'signedIn'),
  r('POST', '/mypage/business-setting', 'mypage/business-setting', OWNERS_AND_CREATORS),
  // Business settings and registration (issue 12, settings branch)
  // Chat: rooms between a creator and a fan (or shop owner), paid messages, history, read state
  r('POST', '/chatroom/create', 'chat/create-room', CHATTERS),
  r('GET', '/chatroom/list', 'chat/list-rooms', CHATTERS, { paged: true }),
  r('GET', '/chatroom/{id}', 'chat/get-room', CHATTERS, {
    params: { id: { pattern: CHATROOM_OR_USERNAME, refusal: 'chatroom_not_found' } },
  }),
  r('POST', '/chatroom/read', 'chat/read-room', CHATTERS),
  // `{b}` is 'latest' or a message id of the room: a position inside a room the caller belongs to.
  r('GET', '/chat/{a}/{b}', 'chat/history', CHATTERS, {
    params: {
      a: { pattern: CHATROOM_ID_RE, refusal: 'chatroom_not_found' },
      b: {
        pattern: new RegExp(`^(?:latest|${MESSAGE_ID_RE.source.slice(1, -1)})$`),
        refusal: 'cursor_invalid',
      },
    },
  }),
  r('POST', '/chat', 'chat/send', CHATTERS),
  r('POST', '/chat/delete', 'chat/delete', CHATTERS),
  r('POST', '/chat/upload-url', 'chat/upload-url', CHATTERS),
  r('POST', '/chatroom/open-stamp', 'chat/open-stamp', CHATTERS),
  r('POST', '/mute', 'chat/mute', CHATTERS),
  r('POST', '/block', 'chat/block', CHATTERS),
  r('POST', '/block/check', 'chat/block-check', CHATTERS),
  r('POST', '/report', 'chat/report', CHATTERS),
  // Notices
  r('GET', '/notice', 'notice/list', 'signedIn', { paged: true }),
  r('POST', '/notice/read', 'notice/read', 'signedIn'),
  // Store and card payments (Square). Creators see the store but cannot buy.
  r('GET', '/store', 'store/get', 'signedIn'),
  r('POST', '/square/create-customer', 'square/create-customer', PURCHASERS, 'creator_purchase'),
  r('POST', '/square/create-card', 'square/create-card', PURCHASERS, 'creator_purchase'),
  r('GET', '/square/cards', 'square/cards', PURCHASERS, 'creator_purchase'),
  r('POST', '/square/delete-card', 'square/delete-card', PURCHASERS, 'creator_purchase'),
  r('POST', '/square/create-payment', 'square/create-payment', PURCHASERS, 'creator_purchase'),
  // Social (issue 11, socialapi): public profiles, likes, favorites, the like lists, discovery,
  // home and news, the help modals' confirmations. `{id}` of a list is the caller's own profile id.
  r('GET', '/profile/{id}', 'social/get-profile', 'optional', {
    params: { id: { pattern: PROFILE_OR_USERNAME, refusal: 'profile_not_found' } },
  }),
  r('POST', '/like', 'social/like', CHATTERS),
  r('POST', '/favorite', 'social/favorite', CHATTERS),
  r('GET', '/favorite/{id}', 'social/favorites', 'signedIn', { params: OWN_PROFILE, paged: true }),
  r('GET', '/like/liked/{id}', 'social/liked', 'signedIn', { params: OWN_PROFILE, paged: true }),
  r('GET', '/like/liked-you/{id}', 'social/liked-you', 'signedIn', { params: OWN_PROFILE, paged: true }),
  r('GET', '/like/discovery', 'social/discovery', PURCHASERS),
  r('POST', '/like/discovery', 'social/discovery-action', PURCHASERS),
  r('GET', '/home', 'home/get', NEWS_READERS),
  r('GET', '/home/news/{id}', 'home/news', NEWS_READERS, {
    params: { id: { pattern: /^[A-Za-z0-9-]{1,64}$/, refusal: 'news_not_found' } },
  }),
  r('POST', '/confirmation', 'mypage/confirmation', 'signedIn'),
  // Issue 11 (search branch): creator search, profile images
  // Search is for signed-in people (the /home/search screen is behind login; blocked creators and
  // the caller are left out, which needs the caller).
  r('POST', '/profile', 'social/search', 'signedIn', { paged: true }),
  r('POST', '/mypage/profile/upload-url', 'mypage/profile-upload-url', 'signedIn'),
  r('POST', '/mypage/profile/image', 'mypage/profile-image', 'signedIn'),
  // Banks (Japanese bank and branch codes)
  // Business: income rows, summary, statements (issue 12, income branch)
  r('GET', '/mypage/incomes', 'business/incomes', OWNERS_AND_CREATORS, { paged: true }),
  r('GET', '/mypage/summary', 'business/summary', OWNERS_AND_CREATORS),
  r('GET', '/mypage/statement', 'business/statement', OWNERS_AND_CREATORS),

  // Business: withdrawals and the bank account's change code (issue 12, withdrawals branch)
  r('GET', '/mypage/withdraw-request-histories', 'business/withdraw-histories', OWNERS_AND_CREATORS),
  r('POST', '/mypage/request-withdraw', 'business/request-withdraw', OWNERS_AND_CREATORS),
  r('POST', '/mypage/re-request-withdraw', 'business/re-request-withdraw', OWNERS_AND_CREATORS),
  r('POST', '/mypage/bank/code', 'mypage/bank-code', OWNERS_AND_CREATORS),

  // Shop (issue 13): the creator's items, the item form and the shop setting
  r('GET', '/item/setting', 'item/setting', OWNERS_AND_CREATORS),
  r('GET', '/item/my-items/{id}', 'item/my-items', OWNERS_AND_CREATORS, { params: OWN_PROFILE, paged: true }),
  r('GET', '/item/{id}', 'item/get', OWNERS_AND_CREATORS, {
    params: { id: { pattern: ULID_RE, refusal: 'item_not_found' } },
  }),
  r('POST', '/item', 'item/save', OWNERS_AND_CREATORS),
  r('POST', '/item/upload-url', 'item/upload-url', OWNERS_AND_CREATORS),
  r('POST', '/item/delete', 'item/delete', OWNERS_AND_CREATORS),
  r('POST', '/item/pin', 'item/pin', OWNERS_AND_CREATORS),
  r('POST', '/item/publish', 'item/publish', OWNERS_AND_CREATORS),
  r('POST', '/mypage/business-setting/shop', 'item/shop-setting', OWNERS_AND_CREATORS),

  // Shop: the item page, purchase and cart
  // (a hidden item opens for its creator only; guests read without a token; the cart is the buyer's own)
  r('GET', '/shop/item/{id}', 'shop/item', 'optional', {
    params: { id: { pattern: ULID_RE, refusal: 'item_not_found' } },
  }),
  r('POST', '/shop/purchase/point', 'shop/purchase-point', PURCHASERS, 'creator_purchase'),
  r('GET', '/mypage/cart', 'shop/cart-get', PURCHASERS, 'creator_purchase'),
  r('POST', '/mypage/cart', 'shop/cart-set', PURCHASERS, 'creator_purchase'),
  r('POST', '/mypage/cart/delete', 'shop/cart-delete', PURCHASERS, 'creator_purchase'),
  r('POST', '/mypage/cart/checkout', 'shop/cart-checkout', PURCHASERS, 'creator_purchase'),

  // Shop: library, sales status, return gifts, original point grants
  r('GET', '/mypage/library/purchase-log-list/{a}/{b}', 'library/list', PURCHASERS, {
    refusal: 'creator_purchase',
    paged: true,
    params: {
      a: { pattern: /^(?:library|history)$/, refusal: 'not_found' },
      b: { pattern: /^(?:all|photo|video|physical)$/, refusal: 'not_found' },
    },
  }),
  r('GET', '/mypage/library/purchase-log/{id}', 'library/detail', PURCHASERS, {
    refusal: 'creator_purchase',
    params: { id: { pattern: ULID_RE, refusal: 'order_line_not_found' } },
  }),
  r('GET', '/item/sales-status/{id}', 'item/sales-status', OWNERS_AND_CREATORS, {
    paged: true,
    params: { id: { pattern: /^(?:all|[0-9A-HJKMNP-TV-Z]{26})$/, refusal: 'item_not_found' } },
  }),
  r('POST', '/item/sales-status/complete', 'item/sales-complete', OWNERS_AND_CREATORS),
  r('POST', '/item/sales-status/complete-all', 'item/sales-complete-all', OWNERS_AND_CREATORS),
  r('POST', '/item/sales-status/upload-url', 'item/gift-upload-url', OWNERS_AND_CREATORS),
  r('POST', '/item/sales-status/upload-return', 'item/upload-return', OWNERS_AND_CREATORS),
  r('POST', '/item/grant-points', 'item/grant-points', OWNERS_AND_CREATORS),

  // Shop: the profile's shelf and the realtime purchase log
  r('GET', '/profile/{id}/items/{x}', 'shop/profile-items', 'optional', {
    params: {
      id: { pattern: PROFILE_OR_USERNAME, refusal: 'profile_not_found' },
      x: { pattern: /^(?:all|photo|video|physical)$/, refusal: 'not_found' },
    },
    paged: true,
  }),
  r('GET', '/shop/recent-purchase-logs/{id}', 'shop/recent-purchase-logs', 'optional', {
    params: { id: { pattern: PROFILE_OR_USERNAME, refusal: 'profile_not_found' } },
  }),

  // Fan club (issue 14): the creator's settings and member list. Only creators have a fan club
  // (shop/organization owners do not): the gate refuses others, the service checks again.
  r('GET', '/fanclub/setting', 'fanclub/setting-get', [ROLE.CREATOR]),
  r('POST', '/fanclub/setting', 'fanclub/setting-save', [ROLE.CREATOR]),
  r('GET', '/fanclub/members/{id}', 'fanclub/members', [ROLE.CREATOR], {
    params: OWN_PROFILE,
    paged: true,
  }),
  // Fan club: posts, the creator's side (form, uploads, list, delete); creators only, as above
  r('POST', '/fanclub/post/upload-url', 'fanclub/post-upload-url', [ROLE.CREATOR]),
  r('POST', '/fanclub/post', 'fanclub/post-save', [ROLE.CREATOR]),
  r('POST', '/fanclub/post/delete', 'fanclub/post-delete', [ROLE.CREATOR]),
  r('GET', '/fanclub/my-posts/{id}', 'fanclub/my-posts', [ROLE.CREATOR], {
    params: OWN_PROFILE,
    paged: true,
  }),
  // The edit form's post: the caller's own (another creator's id answers post_not_found).
  r('GET', '/fanclub/post/{id}/edit', 'fanclub/my-post', [ROLE.CREATOR], {
    params: { id: { pattern: ULID_RE, refusal: 'post_not_found' } },
  }),
  // Fan club: reading posts (the profile's list, a post's page) behind the one access check
  r('GET', '/fanclub/posts/{id}', 'fanclub/posts', 'optional', {
    params: { id: { pattern: PROFILE_OR_USERNAME, refusal: 'profile_not_found' } },
    paged: true,
  }),
  r('GET', '/fanclub/post/{id}', 'fanclub/post', 'optional', {
    params: { id: { pattern: ULID_RE, refusal: 'post_not_found' } },
  }),
  // Fan club: the card, the fan's memberships
  r('GET', '/fanclub/card/{id}', 'fanclub/card', 'optional', {
    params: { id: { pattern: PROFILE_OR_USERNAME, refusal: 'profile_not_found' } },
  }),
  r('GET', '/fanclub/memberships/{id}', 'fanclub/memberships', PURCHASERS, {
    refusal: 'creator_purchase',
    params: OWN_PROFILE,
  }),
  // Fan club: joining, auto-renewal, back-number passes
  r('POST', '/fanclub/join', 'fanclub/join', PURCHASERS, 'creator_purchase'),
  r('POST', '/fanclub/auto-renew', 'fanclub/auto-renew', PURCHASERS, 'creator_purchase'),
  r('POST', '/fanclub/backnumber', 'fanclub/backnumber', PURCHASERS, 'creator_purchase'),

  r('GET', '/bank-branch/bank', 'bank/list-banks', OWNERS_AND_CREATORS),
  r('GET', '/bank-branch/branch/{id}', 'bank/list-branches', OWNERS_AND_CREATORS, {
    params: { id: { pattern: /^\d{4}$/, refusal: 'bank_not_found' } },
  }),
  // Broadcasts (issue 15): scheduled and trigger broadcasts (authoring helper)
  // Creators only (shop/organization owners and fans are refused by the gate). Another creator's
  // id answers broadcast_not_found (the keys hold the creator).
  r('GET', '/broadcasting/reserve/list/{id}', 'broadcasting/reserve-list', [ROLE.CREATOR], {
    params: OWN_PROFILE,
    paged: true,
  }),
  r('GET', '/broadcasting/reserve/{id}', 'broadcasting/reserve-get', [ROLE.CREATOR], {
    params: { id: { pattern: ULID_RE, refusal: 'broadcast_not_found' } },
  }),
  r('POST', '/broadcasting/reserve', 'broadcasting/reserve-save', [ROLE.CREATOR]),
  r('POST', '/broadcasting/reserve/delete', 'broadcasting/reserve-delete', [ROLE.CREATOR]),
  r('POST', '/broadcasting/reserve/retry', 'broadcasting/reserve-retry', [ROLE.CREATOR]),
  r('GET', '/broadcasting/trigger/list/{id}', 'broadcasting/trigger-list', [ROLE.CREATOR], {
    params: OWN_PROFILE,
  }),
  r('GET', '/broadcasting/trigger/{id}', 'broadcasting/trigger-get', [ROLE.CREATOR], {
    params: { id: { pattern: ULID_RE, refusal: 'broadcast_not_found' } },
  }),
  r('POST', '/broadcasting/trigger', 'broadcasting/trigger-save', [ROLE.CREATOR]),
  r('POST', '/broadcasting/trigger/delete', 'broadcasting/trigger-delete', [ROLE.CREATOR]),
  r('POST', '/broadcasting/upload-url', 'broadcasting/upload-url', [ROLE.CREATOR]),
  // Broadcasts: the retry of a scheduled broadcast's failed recipients (fan-out)
  // Notifications: web push subscriptions (push helper): this device's subscription, its topics,
  // the caller's devices (all in the caller's own partition).
  r('GET', '/push/config', 'push/config', 'signedIn'),
  r('POST', '/push/subscribe', 'push/subscribe', 'signedIn'),
  r('POST', '/push/unsubscribe', 'push/unsubscribe', 'signedIn'),
  r('GET', '/push/subscriptions', 'push/subscriptions', 'signedIn'),
  r('POST', '/push/topics', 'push/topics', 'signedIn'),
  // Notifications: e-mail preferences and unsubscribe (mail helper). The caller's kinds (creators:
  // the reply digest; fans and owners: messages, notices); the mail's signed link works without login.
  r('GET', '/notification/email', 'notification/email-get', CHATTERS),
  r('POST', '/notification/email', 'notification/email-set', CHATTERS),
  r('GET', '/notification/unsubscribe', 'notification/unsubscribe-info', 'guest'),
  r('POST', '/notification/unsubscribe', 'notification/unsubscribe', 'guest'),
  // RFC 8058 one-click (the List-Unsubscribe header's URL): the token in the query, a form body.
  r('POST', '/notification/unsubscribe/one-click', 'notification/unsubscribe-one-click', 'guest'),
  // Organizations (issue 16): a shop/organization owner's application and review state, its logo
  r('GET', '/organizations', 'organizations/get', OWNERS),
  r('POST', '/organizations', 'organizations/save', OWNERS),
  r('POST', '/organizations/logo-url', 'organizations/logo-url', OWNERS),
  // Organizations: the owner's casts (every cast checked against the owner's organization in the service)
  r('GET', '/organizations/casts', 'organizations/casts', OWNERS),
  r('POST', '/organizations/casts', 'organizations/cast-create', OWNERS),
  r('POST', '/organizations/casts/password', 'organizations/cast-password', OWNERS),
  r('POST', '/organizations/casts/suspend', 'organizations/cast-suspend', OWNERS),
  r('POST', '/organizations/casts/resume', 'organizations/cast-resume', OWNERS),
  r('POST', '/organizations/casts/remove', 'organizations/cast-remove', OWNERS),
  // Organizations: sales per cast and in total, by JST month
  r('GET', '/organizations/sales', 'organizations/sales', OWNERS),
  // The operators' console (issue 17). Sign-in (e-mail, password, TOTP) and the audit log.
  r('POST', '/admin/auth/login', 'admin/auth-login', 'guest'),
  r('POST', '/admin/auth/enrol', 'admin/auth-enrol', 'guest'),
  r('GET', '/admin/audit', 'admin/audit', ADMINS, { paged: true }),
  // Each console section adds its routes right below its own line.
  // Console: reports and users (helper reports). The queue, one report, and its changes (each
  // conditioned on the version read); a person found by e-mail, username or id, their page, actions.
  r('GET', '/admin/reports', 'admin/reports-list', ADMINS, { paged: true }),
  r('GET', '/admin/reports/{id}', 'admin/reports-get', ADMINS, {
    params: { id: { pattern: ULID_RE, refusal: 'report_not_found' } },
  }),
  r('POST', '/admin/reports/assign', 'admin/reports-assign', ADMINS),
  r('POST', '/admin/reports/status', 'admin/reports-status', ADMINS),
  r('POST', '/admin/reports/action', 'admin/reports-action', ADMINS),
  // The operators one may assign a report to (the assignment's picker).
  r('GET', '/admin/reports/operators', 'admin/reports-operators', ADMINS),
  r('GET', '/admin/users', 'admin/users-find', ADMINS),
  r('GET', '/admin/users/{id}', 'admin/users-get', ADMINS, {
    params: { id: { pattern: PROFILE_ID_RE, refusal: 'user_not_found' } },
  }),
  r('POST', '/admin/users/status', 'admin/users-status', ADMINS),
  r('POST', '/admin/users/warn', 'admin/users-warn', ADMINS),
  r('POST', '/admin/users/image-delete', 'admin/users-image-delete', ADMINS),
  //
  // Console: withdrawals and the transfer file (helper withdrawals)
  r('GET', '/admin/withdrawals', 'admin/withdrawals-list', ADMINS),
  r('POST', '/admin/withdrawals/review', 'admin/withdrawals-review', ADMINS),
  r('POST', '/admin/withdrawals/approve', 'admin/withdrawals-approve', ADMINS),
  r('POST', '/admin/withdrawals/partial', 'admin/withdrawals-partial', ADMINS),
  r('POST', '/admin/withdrawals/reject', 'admin/withdrawals-reject', ADMINS),
  r('POST', '/admin/withdrawals/transfer-failed', 'admin/withdrawals-transfer-failed', ADMINS),
  r('POST', '/admin/withdrawals/batches', 'admin/withdrawals-batch-create', ADMINS),
  r('GET', '/admin/withdrawals/batch-file', 'admin/withdrawals-batch-file', ADMINS),
  r('POST', '/admin/withdrawals/batches/transferred', 'admin/withdrawals-batch-transferred', ADMINS),
  // Console: news, the banner and points (helper content)
  r('GET', '/admin/news', 'admin/news-list', ADMINS, { paged: true }),
  r('POST', '/admin/news', 'admin/news-create', ADMINS),
  r('POST', '/admin/news/update', 'admin/news-update', ADMINS),
  r('POST', '/admin/news/withdraw', 'admin/news-withdraw', ADMINS),
  r('GET', '/admin/banner', 'admin/banner-get', ADMINS),
  r('POST', '/admin/banner/upload-url', 'admin/banner-upload-url', ADMINS),
  r('POST', '/admin/banner', 'admin/banner-save', ADMINS),
  r('POST', '/admin/banner/remove', 'admin/banner-remove', ADMINS),
  r('POST', '/admin/points/grant', 'admin/points-grant', ADMINS),
  r('GET', '/admin/points/history', 'admin/points-history', ADMINS, { paged: true }),
  r('GET', '/admin/points/journal', 'admin/points-journal', ADMINS),
  r('POST', '/admin/points/refund', 'admin/points-refund', ADMINS),
  //
  // Console: organization reviews and item moderation (helper review)
  r('GET', '/admin/organizations', 'admin/organizations-list', ADMINS, { paged: true }),
  r('POST', '/admin/organizations/approve', 'admin/organizations-approve', ADMINS),
  r('POST', '/admin/organizations/reject', 'admin/organizations-reject', ADMINS),
  r('GET', '/admin/items', 'admin/items-list', ADMINS, { paged: true }),
  r('GET', '/admin/items/{id}', 'admin/items-get', ADMINS, {
    params: { id: { pattern: ULID_RE, refusal: 'item_not_found' } },
  }),
  r('POST', '/admin/items/thumbnail-delete', 'admin/items-thumbnail-delete', ADMINS),
  r('POST', '/admin/items/sample-delete', 'admin/items-sample-delete', ADMINS),
  r('POST', '/admin/items/review', 'admin/items-review', ADMINS),
  //
  // Console: stamps and campaigns (helper catalog)
  r('GET', '/admin/catalog/stamps', 'admin/catalog-stamps', ADMINS),
  r('POST', '/admin/catalog/stamps/picture-url', 'admin/catalog-stamp-picture-url', ADMINS),
  r('POST', '/admin/catalog/stamps/create', 'admin/catalog-stamp-create', ADMINS),
  r('POST', '/admin/catalog/stamps/update', 'admin/catalog-stamp-update', ADMINS),
  r('POST', '/admin/catalog/stamps/retire', 'admin/catalog-stamp-retire', ADMINS),
  r('POST', '/admin/catalog/stamps/restore', 'admin/catalog-stamp-restore', ADMINS),
  r('GET', '/admin/catalog/campaigns', 'admin/catalog-campaigns', ADMINS, { paged: true }),
  r('POST', '/admin/catalog/campaigns/create', 'admin/catalog-campaign-create', ADMINS),
  r('POST', '/admin/catalog/campaigns/update', 'admin/catalog-campaign-update', ADMINS),
  r('POST', '/admin/catalog/campaigns/end', 'admin/catalog-campaign-end', ADMINS),
  //
  // Console: the dashboard (helper dashboard)
  r('GET', '/admin/dashboard', 'admin/dashboard', ADMINS),
  // Console: access and the audit log (helper access)
  // The signed-in operator (the console frame's header shows the name).
  r('GET', '/admin/me', 'admin/auth-me', ADMINS),
  //
];

export interface WsRoute {
  routeKey: '$connect' | '$disconnect' | '$default';
  handler: string;
  area: Area;
}

// The socket handlers belong to chat, the realtime area (other areas push through the same sockets).
export const wsRoutes: readonly WsRoute[] = [
  { routeKey: '$connect', handler: 'ws/connect', area: 'chat' },
  { routeKey: '$disconnect', handler: 'ws/disconnect', area: 'chat' },
  { routeKey: '$default', handler: 'ws/default', area: 'chat' },
];

/** Handlers that EventBridge Scheduler invokes (one-time `at()` or recurring `cron()`). */
export interface JobDef {
  handler: string;
  /** The area whose work it does (its function is deployed with that area's). */
  area: Area;
  /** A recurring schedule created with the stack, in Asia/Tokyo; one-time schedules are created at run time. */
  recurring?: { name: string; expression: string };
  /** The local cloud also runs it once when it starts (a snapshot the screens read, e.g. home's lists). */
  runAtStart?: true;
  /** A job that works through a backlog gets this Lambda timeout (at most 900); 10 s otherwise. */
  timeoutSeconds?: number;
}

export const jobs: readonly JobDef[] = [
  // Makes tomorrow's chat prices today's at 00:00 JST (reads already apply them at the instant).
  {
    handler: 'jobs/chat-cost-switch',
    area: 'chat',
    recurring: { name: 'chat-cost-switch', expression: 'cron(0 0 * * ? *)' },
  },
  // Writes the type-2 log rows of expired point lots (reads hide them at the instant already).
  {
    handler: 'jobs/point-expiry',
    area: 'points',
    recurring: { name: 'point-expiry', expression: 'cron(10 0 * * ? *)' },
  },
  // Settles card payments left pending by an unknown outcome (network failure, timeout).
  {
    handler: 'jobs/payment-reconcile',
    area: 'points',
    recurring: { name: 'payment-reconcile', expression: 'rate(15 minutes)' },
  },
  // Social (issue 11, socialapi): home's recommended creators (J7), one item rewritten; the local
  // cloud also runs it once at start, so home is filled at once.
  {
    handler: 'jobs/recommended',
    area: 'social',
    recurring: { name: 'recommended', expression: 'rate(10 minutes)' },
    runAtStart: true,
  },
  // Shop (issue 13, shelf): home's item rankings of this JST month from the sales counters.
  {
    handler: 'jobs/item-rankings',
    area: 'shop',
    recurring: { name: 'item-rankings', expression: 'rate(10 minutes)' },
    runAtStart: true,
  },
  // Fan club (issue 14): renewals of memberships due today (JST), retries of failed ones, ends of
  // stopped ones. A run cut short leaves the rest due: the scheduler's retry or tomorrow's run goes on.
  {
    handler: 'jobs/fanclub-renewals',
    area: 'fanclub',
    recurring: { name: 'fanclub-renewals', expression: 'cron(5 0 * * ? *)' },
    timeoutSeconds: 900,
  },
  // Posts: a scheduled post's one-time schedule (created at run time by the post form) publishes it.
  { handler: 'jobs/fanclub-post-publish', area: 'fanclub' },
  // Broadcasts (issue 15): a scheduled broadcast's one-time schedule starts its fan-out.
  { handler: 'jobs/broadcast-send', area: 'broadcasts', timeoutSeconds: 900 },
  // The watchdog of sending broadcasts: a plan cut short resumes, stalled chunks are queued again.
  {
    handler: 'jobs/broadcast-sweep',
    area: 'broadcasts',
    recurring: { name: 'broadcast-sweep', expression: 'rate(5 minutes)' },
    timeoutSeconds: 900,
  },
  // Broadcasts: trigger engine (engine helper)
  // Every minute: each trigger run whose next chat is due gets it, under the run's conditional
  // step (services/broadcasts/trigger-steps.ts); a run cut short leaves the rest due.
  {
    handler: 'jobs/broadcast-trigger-steps',
    area: 'broadcasts',
    recurring: { name: 'broadcast-trigger-steps', expression: 'rate(1 minute)' },
    timeoutSeconds: 60,
  },
  // Every 15 minutes: the time-based conditions (4, 5) that became true since the last run (a cursor).
  {
    handler: 'jobs/broadcast-trigger-scan',
    area: 'broadcasts',
    recurring: { name: 'broadcast-trigger-scan', expression: 'rate(15 minutes)' },
    timeoutSeconds: 300,
  },
  // Notifications: e-mail digests (mail helper): sends the due hourly digests (creators' replies,
  // fans' messages and notices) after reading again what still waits.
  {
    handler: 'jobs/mail-digests',
    area: 'mypage',
    recurring: { name: 'mail-digests', expression: 'rate(10 minutes)' },
    timeoutSeconds: 300,
  },
];

/**
 * How EventBridge Scheduler delivers to a job, in AWS (every schedule, recurring or created at run
 * time) and locally: retries of a failed invocation within the event's age, then the stage's
 * scheduler dead-letter queue.
 */
export const scheduleDelivery = {
  maxRetries: 3,
  /** An invocation not delivered within this age goes to the dead-letter queue (a recurring job runs again anyway). */
  maxEventAgeSeconds: 3600,
} as const;

/**
 * Consumers of the table's DynamoDB Stream (new images): the side effects of a commit (notices,
 * and later counters, rankings, trigger events) that must not depend on the request surviving
 * after it. Each handler is idempotent (ids derived from the record, conditional writes) and
 * answers `batchItemFailures`. CDK gives each an event source mapping with `streamDelivery`; the
 * local cloud polls DynamoDB Local's stream with the same settings (scripts/local/streams.ts).
 */
export interface StreamConsumerDef {
  handler: string;
  /** The area whose side effect it is (its function, mapping and dead-letter queue are deployed with that area's). */
  area: Area;
  /** The records it receives (a Lambda event filter in AWS, the same pattern locally). */
  filter: StreamFilter;
}

export const streamConsumers: readonly StreamConsumerDef[] = [
  // chat_spend / chat_earning (stamp_spend / stamp_earning) of every paid message, mute respected.
  {
    handler: 'streams/chat-notices',
    area: 'chat',
    filter: { entity: 'message', events: ['INSERT'], present: ['txId'] },
  },
  // Both members' room rows after a message: last message, list order (rooms index), mutual chat;
  // a deletion drops the preview. Ordered by message id, so replays and late records change nothing.
  {
    handler: 'streams/chat-rooms',
    area: 'chat',
    filter: { entity: 'message', events: ['INSERT', 'MODIFY'] },
  },
  // Media: a message deleted by its sender keeps its file's key (hidden from readers) until this
  // consumer deleted the file's objects; a room closed by leaving loses every file of the room.
  {
    handler: 'streams/chat-message-files',
    area: 'chat',
    // A broadcast's file is shared by all its messages: deleting one message keeps it.
    filter: { entity: 'message', events: ['MODIFY'], present: ['deleted', 'file'], absent: ['broadcast'] },
  },
  {
    handler: 'streams/chat-room-files',
    area: 'chat',
    filter: { entity: 'roomMember', events: ['MODIFY'], equals: { status: 'closed' } },
  },
  // Issue 11 (search branch): a fan who signed up through a creator's invitation link → the
  // creator's invitation_registration notice (trigger broadcast 1 will consume the same INSERT).
  {
    handler: 'streams/invitation-notices',
    area: 'social',
    filter: { entity: 'invitation', events: ['INSERT'] },
  },
  // The receipt mail of a completed card purchase, once (at least once if a crash cuts the mark).
  {
    handler: 'streams/purchase-receipts',
    area: 'points',
    filter: {
      entity: 'payment',
      events: ['INSERT', 'MODIFY'],
      equals: { state: 'completed' },
      absent: ['receiptSentAt'],
    },
  },
  // Social (issue 11, socialapi): counters of likes (both sides) and the 'liked' notice; counters
  // of favorites (by key: a REMOVE record holds keys only); supporter totals from the ledger's spends.
  // Shop (issue 13)
  // Shelf: each order line → the creator's realtime purchase log (pushed to the profile's
  // watchers), this month's item sales counter (home's rankings), the 'purchase' notices.
  { handler: 'streams/shop-purchase-log', area: 'shop', filter: { entity: 'orderLine', events: ['INSERT'] } },
  { handler: 'streams/shop-rankings', area: 'shop', filter: { entity: 'orderLine', events: ['INSERT'] } },
  {
    handler: 'streams/shop-purchase-notices',
    area: 'shop',
    filter: { entity: 'orderLine', events: ['INSERT'] },
  },
  // The buyer's return_gift_received notice when a line takes its gift (id from the line: once).
  {
    handler: 'streams/return-gift-notices',
    area: 'shop',
    filter: { entity: 'orderLine', events: ['MODIFY'], present: ['giftSentAt'] },
  },
  // The fan's original_point_received notice of a creator's grant (journal `cgrant-…`, once).
  {
    handler: 'streams/original-point-notices',
    area: 'shop',
    filter: { entity: 'journal', events: ['INSERT'], equals: { kind: 'grant' } },
  },

  // Fan club (issue 14): each membership event (join, renewal, failed renewal, end, pass) → the
  // fan's and the creator's notices. A first join's INSERT (`first`) is trigger broadcast 2's event.
  {
    handler: 'streams/fanclub-notices',
    area: 'fanclub',
    filter: { entity: 'fanclubEvent', events: ['INSERT'] },
  },
  // Posts: the files a deleted post or an edit dropped (the marker written with that write).
  {
    handler: 'streams/fanclub-post-files',
    area: 'fanclub',
    filter: { entity: 'postFileRemoval', events: ['INSERT'] },
  },
  // Broadcasts (issue 15): trigger events (engine helper)
  // Each event starts the runs of the creator's triggers of its condition (services/broadcasts/
  // trigger-events.ts): 1 invitation sign-up, 2 first fan-club join (the `first` flag is a boolean,
  // checked in the consumer), 3 a like, 6 the room's mutual-chat moment (its own item, created once).
  {
    handler: 'streams/broadcast-trigger-invitations',
    area: 'broadcasts',
    filter: { entity: 'invitation', events: ['INSERT'] },
  },
  {
    handler: 'streams/broadcast-trigger-fanclub',
    area: 'broadcasts',
    filter: { entity: 'fanclubEvent', events: ['INSERT'], equals: { kind: 'join' } },
  },
  {
    handler: 'streams/broadcast-trigger-likes',
    area: 'broadcasts',
    filter: { entity: 'like', events: ['INSERT'] },
  },
  {
    handler: 'streams/broadcast-trigger-mutual',
    area: 'broadcasts',
    filter: { entity: 'mutualChat', events: ['INSERT'] },
  },
  // Notifications: web push of messages and notices (push helper): every new message to its
  // recipient's devices (muted rooms and topics off: none), every new notice to its owner's.
  { handler: 'streams/push-messages', area: 'mypage', filter: { entity: 'message', events: ['INSERT'] } },
  { handler: 'streams/push-notices', area: 'mypage', filter: { entity: 'notice', events: ['INSERT'] } },
  // Notifications: e-mail (mail helper): a fan's paid message makes the creator's reply digest
  // due, a creator's message the fan's message digest, an important notice the fan's notice digest.
  {
    handler: 'streams/mail-message-marks',
    area: 'mypage',
    filter: { entity: 'message', events: ['INSERT'] },
  },
  {
    handler: 'streams/mail-notice-marks',
    area: 'mypage',
    filter: { entity: 'notice', events: ['INSERT'] },
  },

  { handler: 'streams/likes', area: 'social', filter: { entity: 'like', events: ['INSERT'] } },
  {
    handler: 'streams/favorite-counters',
    area: 'social',
    filter: { pkPrefix: 'favs#', events: ['INSERT', 'REMOVE'] },
  },
  {
    handler: 'streams/supporters',
    area: 'social',
    filter: { entity: 'journal', events: ['INSERT'], equals: { kind: 'spend' } },
  },
  // Console: the dashboard (helper dashboard). The platform's daily figures (services/admin/
  // platform-stats.ts): income rows (sales and reversals), settled card purchases, new accounts.
  {
    handler: 'streams/platform-stats-sales',
    area: 'admin',
    filter: { entity: 'incomeRow', events: ['INSERT'] },
  },
  {
    handler: 'streams/platform-stats-purchases',
    area: 'admin',
    filter: { entity: 'payment', events: ['INSERT', 'MODIFY'], equals: { state: 'completed' } },
  },
  {
    handler: 'streams/platform-stats-accounts',
    area: 'admin',
    filter: { entity: 'profile', events: ['INSERT'] },
  },
];

/** How records reach a consumer, in AWS and locally: bisect a failing batch, retry, then dead-letter. */
export const streamDelivery = {
  batchSize: 50,
  /** Retries of a failing batch (after bisecting) before its records go to the dead-letter queue. */
  maxRetries: 8,
  /** Records older than this go to the dead-letter queue unprocessed (the stream keeps 24 h). */
  maxRecordAgeSeconds: 86_400,
  bisectOnError: true,
} as const;

/**
 * SQS queues, each with its consumer (`queues/<name>.ts`, `lib/queue.ts`): work a job fans out
 * (a scheduled broadcast's chunks of recipients). The consumer answers `batchItemFailures`; a
 * message received `maxReceiveCount` times goes to the queue's dead-letter queue. In AWS an event
 * source mapping invokes the consumer; locally the SQS stand-in and its poller do the same.
 */
export interface QueueDef {
  /** The queue's name in the stage; its producers get its URL as `QUEUE_URL_<NAME>` (upper snake case). */
  name: string;
  handler: string;
  area: Area;
  /** Messages per invocation. */
  batchSize: number;
  /** Receives of a message before it goes to the dead-letter queue. */
  maxReceiveCount: number;
  /** The consumer's Lambda timeout; the queue's visibility timeout is six times it (AWS's advice). */
  timeoutSeconds: number;
  /** Invocations at once at most (the event source mapping's maximum concurrency, 2-1000). */
  maxConcurrency: number;
  /** Handler modules that send to it (granted `sqs:SendMessage`, given its URL). */
  producers: readonly string[];
}

/**
 * Every queue's largest message (MaximumMessageSize), set explicitly in AWS (new queues default to
 * 1 MiB) and enforced by the local stand-in: a chunk's message is small, and a larger one is a bug.
 */
export const QUEUE_MAX_MESSAGE_BYTES = 262_144;

/** A queue's SQS name in a stage (`kinoko-<stage>`), and its dead-letter queue's (in AWS and locally). */
export const queueNames = (stagePrefix: string, name: string) => ({
  queue: `${stagePrefix}-${name}`,
  deadLetters: `${stagePrefix}-${name}-dead-letters`,
});

/** The visibility timeout of a queue: six times its consumer's timeout (AWS's advice for event source mappings). */
export const queueVisibilityTimeoutSeconds = (def: Pick<QueueDef, 'timeoutSeconds'>): number =>
  6 * def.timeoutSeconds;

export const queues: readonly QueueDef[] = [
  // Broadcasts (issue 15): one message per chunk of a scheduled broadcast's frozen audience.
  {
    name: 'broadcast-deliveries',
    handler: 'queues/broadcast-deliveries',
    area: 'broadcasts',
    batchSize: 4,
    maxReceiveCount: 5,
    timeoutSeconds: 60,
    // The table's write throughput bounds a fan-out, not Lambda (docs/architecture.md, "Broadcasts").
    maxConcurrency: 5,
    producers: ['jobs/broadcast-send', 'jobs/broadcast-sweep', 'http/broadcasting/reserve-retry'],
  },
];

/** Everything the deployment builds a function for (tests pass their own). */
export interface Manifest {
  httpRoutes: readonly HttpRoute[];
  wsRoutes: readonly WsRoute[];
  jobs: readonly JobDef[];
  streamConsumers: readonly StreamConsumerDef[];
  queues: readonly QueueDef[];
}

export const manifest: Manifest = { httpRoutes, wsRoutes, jobs, streamConsumers, queues };

/** Handler module -> its area; one function serves one area, so a handler named with two areas is an error. */
export function handlerAreas(m: Manifest): Map<string, Area> {
  const areas = new Map<string, Area>();
  for (const entry of [...m.httpRoutes, ...m.wsRoutes, ...m.jobs, ...m.streamConsumers, ...m.queues]) {
    const known = areas.get(entry.handler);
    if (known !== undefined && known !== entry.area) {
      throw new Error(`Handler ${entry.handler} is listed in two areas: ${known} and ${entry.area}`);
    }
    areas.set(entry.handler, entry.area);
  }
  return areas;
}

export const routeKey = (route: Pick<HttpRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** 'http/auth/login' -> 'HttpAuthLogin': a stable construct id and function name part. */
export function handlerId(handler: string): string {
  return handler
    .split(/[/-]/)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
}

/** The `{name}`s of a route's path. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1] as string);
}

export function findRoute(method: string, path: string): HttpRoute | undefined {
  return httpRoutes.find((route) => route.method === method && route.path === path);
}
