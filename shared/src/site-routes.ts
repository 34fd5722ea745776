/**
 * Every screen path of the spec (section 2), without the language prefix. Each exists as /en/…, /…
 * and /ja/…. `:name` is one path segment. Only the screens already built (`builtPaths`) are answered
 * with the app; the others are not found until their screen lands.
 */
export const sitePaths = [
  '/',
  '/@:username',
  '/@:username/:type',
  '/@:username/posts/:postId',
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
  // Fan club (issue 14): the creator's posts (list, form) and a post's own page.
  '/home/fanclub/posts',
  '/home/fanclub/posts/create',
  '/home/fanclub/posts/:postId',
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
  '/mypage/incomes/statement/:ym',
  '/mypage/points',
  '/notice',
  '/organization',
  // Organizations (issue 16): the owner's sales per cast
  '/organization/sales',
  // Organizations (issue 16): the owner's casts and the cast's first login
  '/organization/casts',
  '/organization/casts/new',
  '/creator/login/cast/password',
  '/shop/item/:itemId',
  '/store',
  '/user/login',
  '/user/line-recovery',
  '/user/line-recovery/verify',
  // E-mail notifications (issue 15, mail helper): the mail's unsubscribe link (no login).
  '/unsubscribe',
  // The operators' console (issue 17): its login and its sections (features/admin*).
  '/admin',
  '/admin/login',
  '/admin/organizations',
  '/admin/reports',
  '/admin/reports/:reportId',
  '/admin/users',
  '/admin/users/:profileId',
  '/admin/items',
  '/admin/withdrawals',
  '/admin/news',
  '/admin/points',
  '/admin/catalog',
  '/admin/audit',
] as const;

export type SitePath = (typeof sitePaths)[number];

/**
 * The spec paths whose screen exists in the web client (web/src/app/router.tsx; its test checks the
 * two agree). The CloudFront routing function and the local site server answer the app for these
 * and the not-found page (status 404) for anything else, unbuilt spec paths included. A new screen
 * adds its path here and its route there.
 */
export const builtPaths: readonly SitePath[] = [
  '/',
  '/@:username',
  '/@:username/:type',
  '/discovery',
  '/home/favorites',
  '/home/liked',
  '/home/liked/you',
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
  '/home',
  '/home/search',
  '/home/news/:newsId',
  '/line-callback',
  '/mypage/account',
  '/mypage/account/user',
  '/mypage/account/withdraw',
  '/mypage/signup/:step',
  '/mypage/easy-profile',
  '/mypage/points',
  '/mypage/businessSetting',
  '/mypage/businessSetting/base',
  '/mypage/businessSetting/shop',
  '/mypage/incomes',
  '/mypage/incomes/statement/:ym',
  // Shop (issue 13): the library and sales status
  '/library',
  '/library/:logId',
  '/home/shop/sales-status',
  '/notice',
  '/store',
  '/user/login',
  '/user/line-recovery',
  '/user/line-recovery/verify',
  // the creator's shop (issue 13, items)
  '/home/shop',
  '/home/shop/create',
  '/home/shop/:itemId',
  // Shop (issue 13, branch buy)
  '/shop/item/:itemId',
  '/mypage/cart',
  // Fan club (issue 14): the creator's fan club or the fan's memberships
  '/home/fanclub',
  // Fan club (issue 14): a post's own page
  '/@:username/posts/:postId',
  // Fan club (issue 14): the creator's posts
  '/home/fanclub/posts',
  '/home/fanclub/posts/create',
  '/home/fanclub/posts/:postId',
  // Broadcasts (issue 15): the creator's scheduled and trigger broadcasts
  '/home/broadcasting/reserve',
  '/home/broadcasting/reserve/create',
  '/home/broadcasting/reserve/:reserveId',
  '/home/broadcasting/trigger',
  '/home/broadcasting/trigger/create',
  '/home/broadcasting/trigger/:triggerId',
  // E-mail notifications (issue 15, mail helper): the unsubscribe page
  '/unsubscribe',
  // Organizations (issue 16): the owner's application and sales
  '/organization',
  '/organization/sales',
  // Organizations (issue 16): the owner's casts and the cast's first login
  '/organization/casts',
  '/organization/casts/new',
  '/creator/login/cast/password',
  // The operators' console (issue 17)
  '/admin',
  '/admin/login',
  '/admin/organizations',
  '/admin/reports',
  '/admin/reports/:reportId',
  '/admin/users',
  '/admin/users/:profileId',
  '/admin/items',
  '/admin/withdrawals',
  '/admin/news',
  '/admin/points',
  '/admin/catalog',
  '/admin/audit',
];

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

/** True when a URL path (with or without a language prefix) is a built screen. */
export function isSitePath(urlPath: string): boolean {
  const stripped = urlPath.replace(/^\/(en|ja)(?=\/|$)/, '') || '/';
  return builtPaths.some((p) => new RegExp(patternSource(p)).test(stripped));
}

/**
 * Screens that the web build also renders to static HTML, one file per language and URL form
 * (the landing pages and the fans' login page, where most first visits arrive: a first visit gets
 * the page without the app's JavaScript). The site router
 * (CloudFront and the local site server) answers these paths with the file; links inside lead
 * into the app. The unprefixed form is in the visitor's language: the `locale` cookie the language
 * switcher stores, else the browser's first language (ja* gives ja, anything else en), as the app
 * chooses it.
 */
export const prerenderedPaths = ['/', '/creator', '/user/login'] as const;
export type PrerenderedPath = (typeof prerenderedPaths)[number];

/** The file of a pre-rendered page, e.g. /prerendered/ja/index.html or /prerendered/en/prefixed/user/login.html. */
export function prerenderedFile(lang: 'ja' | 'en', prefixed: boolean, path: PrerenderedPath): string {
  return `/prerendered/${lang}${prefixed ? '/prefixed' : ''}${path === '/' ? '/index' : path}.html`;
}

/** Every pre-rendered page's file (site paths), as the web build writes them. */
export function prerenderedFiles(languages: readonly ('ja' | 'en')[]): string[] {
  return prerenderedPaths.flatMap((p) =>
    languages.flatMap((lang) => [false, true].map((prefixed) => prerenderedFile(lang, prefixed, p))),
  );
}

/**
 * Every URL of a pre-rendered page (no trailing slash) with its file per language of the unprefixed
 * form: '/creator' → {ja, en}; '/en/creator' → both the English file.
 */
export function prerenderedRoutes(
  languages: readonly ('ja' | 'en')[],
): Record<string, Record<string, string>> {
  const table: Record<string, Record<string, string>> = {};
  for (const path of prerenderedPaths) {
    table[path] = Object.fromEntries(languages.map((l) => [l, prerenderedFile(l, false, path)]));
    for (const lang of languages) {
      const url = `/${lang}${path === '/' ? '' : path}`;
      table[url] = Object.fromEntries(languages.map((l) => [l, prerenderedFile(lang, true, path)]));
    }
  }
  return table;
}
