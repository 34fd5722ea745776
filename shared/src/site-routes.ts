/**
 * Every screen path of the web client (spec section 2), without the language prefix. Each exists
 * as /en/…, /… and /ja/…. The CloudFront routing function and the local site server answer
 * the app for these and the not-found page (status 404) for anything else; React Router uses the
 * same list. `:name` is one path segment; a trailing `/*` allows child paths.
 */
export const sitePaths = [
  '/',
  '/@:username',
  '/@:username/:type',
  '/chatroom',
  '/chatroom/:username',
  '/commercial',
  '/terms',
  '/creator',
  '/creator/terms',
  '/creator/login',
  '/creator/login/cast',
  '/creator/register',
  '/creator/register/verify',
  '/creator/forgot-password',
  '/creator/forgot-password/verify',
  '/discovery',
  '/home',
  '/home/favorites',
  '/home/search',
  '/home/fanclub',
  '/home/liked',
  '/home/liked/you',
  '/home/news/:newsId',
  '/home/broadcasting/reserve',
  '/home/broadcasting/reserve/create',
  '/home/broadcasting/reserve/:reserveId',
  '/home/broadcasting/trigger',
  '/home/broadcasting/trigger/create',
  '/home/broadcasting/trigger/:triggerId',
  '/home/shop',
  '/home/shop/create',
  '/home/shop/sales-status',
  '/home/shop/:itemId',
  '/library',
  '/library/:logId',
  '/line-callback',
  '/mypage',
  '/mypage/account',
  '/mypage/account/user',
  '/mypage/account/withdraw',
  '/mypage/signup/:step',
  '/mypage/edit',
  '/mypage/cart',
  '/mypage/easy-profile',
  '/mypage/businessSetting',
  '/mypage/businessSetting/base',
  '/mypage/businessSetting/shop',
  '/mypage/incomes',
  '/mypage/points',
  '/notice',
  '/organization',
  '/shop/item/:itemId',
  '/store',
  '/user/login',
  '/user/line-recovery',
  '/user/line-recovery/verify',
] as const;

export const languagePrefixes = ['', '/en', '/ja'] as const;

/** A regular expression source matching a site path pattern, for routers that take regexes. */
export function patternSource(path: string): string {
  if (path === '/') return '^/?$';
  const body = path
    .split('/')
    .slice(1)
    .map((seg) => {
      if (seg.startsWith('@:')) return '@[^/]+';
      if (seg.startsWith(':')) return '[^/]+';
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return `^/${body}/?$`;
}

/** True when a URL path (with or without a language prefix) is a known screen. */
export function isSitePath(urlPath: string): boolean {
  const stripped = urlPath.replace(/^\/(en|ja)(?=\/|$)/, '') || '/';
  return sitePaths.some((p) => new RegExp(patternSource(p)).test(stripped));
}
