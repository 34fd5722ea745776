import type { i18n as I18n } from 'i18next';
import { type ComponentType, lazy, Suspense, useRef } from 'react';
import { createBrowserRouter, Outlet, type RouteObject, useLoaderData, useLocation } from 'react-router';
import { loadLanguage } from '../lib/i18n.ts';
import { defaultLanguage, type Language } from '../lib/lang.ts';
import { hasSession, useAuth } from '../lib/session.ts';
import { ErrorPage } from './ErrorPage.tsx';
import { GuestOnly } from './GuestOnly.tsx';
import { preloadHeaderLinks } from './Header.tsx';
import { LangScope } from './LangScope.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { Root } from './Root.tsx';
import type { RouteHandle } from './route-handle.ts';

type Loader = () => Promise<{ default: ComponentType }>;
/** A public screen: its code is loaded when the route matches (one chunk per screen). */
const page = (load: Loader) => async () => ({ Component: (await load()).default });

/**
 * A screen for signed-in accounts: the session is checked first, and only with one is the screen's
 * code (and the header's signed-in links) loaded, so an anonymous visit to /store goes to the login
 * page without downloading the store. Without a session `RequireAuth` redirects (with the notice).
 * The screen is wrapped in the query cache's provider, which public pages never load.
 */
export function signedInPage(load: Loader): Pick<RouteObject, 'loader' | 'Component'> {
  let Page: ComponentType | null = null;
  return {
    loader: async (): Promise<SignedInData> => {
      if (hasSession() && !Page) {
        const [screen, , cache] = await Promise.all([
          load(),
          preloadHeaderLinks(),
          import('../lib/QueryProvider.tsx'),
        ]);
        Page = cache.withQueryCache(screen.default);
      }
      return { Page: hasSession() ? Page : null };
    },
    Component: SignedInScreen,
  };
}

interface SignedInData {
  Page: ComponentType | null;
}

function SignedInScreen() {
  const { Page } = useLoaderData() as SignedInData;
  return <RequireAuth>{Page ? <Page /> : null}</RequireAuth>;
}
const h = (header: RouteHandle['header'], title: string): RouteHandle => ({ header, title });

/**
 * The screens of the site (paths from shared/src/site-routes.ts, without the language prefix).
 * Screens not built yet are absent and fall through to the not-found page.
 */
export function screens(): RouteObject[] {
  return [
    {
      // The sign-up and login prompts: a signed-in visitor goes home, or back (GuestOnly).
      element: (
        <GuestOnly>
          <Outlet />
        </GuestOnly>
      ),
      children: [
        {
          index: true,
          handle: h('switcher', 'landing'),
          lazy: page(() => import('../features/landing/index.ts').then((m) => ({ default: m.LandingPage }))),
        },
        {
          path: 'user/login',
          handle: h('simple', 'userLogin'),
          lazy: page(() => import('../features/auth/routes/UserLoginPage.tsx')),
        },
        {
          path: 'creator/login',
          handle: h('simple', 'creatorLogin'),
          lazy: page(() => import('../features/auth/routes/CreatorLoginPage.tsx')),
        },
        {
          path: 'creator/login/cast',
          handle: h('simple', 'castLogin'),
          lazy: page(() => import('../features/auth/routes/CastLoginPage.tsx')),
        },
      ],
    },
    {
      path: 'creator',
      handle: h('switcher', 'creatorLanding'),
      lazy: page(() =>
        import('../features/landing/index.ts').then((m) => ({ default: m.CreatorLandingPage })),
      ),
    },
    {
      // The unsubscribe link of a notification mail: public, signed in or not.
      path: 'unsubscribe',
      handle: h('simple', 'unsubscribe'),
      lazy: page(() => import('../features/email-notifications/routes/UnsubscribePage.tsx')),
    },
    {
      path: 'terms',
      handle: h('simple', 'terms'),
      lazy: page(() => import('../features/legal/index.ts').then((m) => ({ default: m.TermsPage }))),
    },
    {
      path: 'creator/terms',
      handle: h('simple', 'creatorTerms'),
      lazy: page(() => import('../features/legal/index.ts').then((m) => ({ default: m.CreatorTermsPage }))),
    },
    {
      path: 'commercial',
      handle: h('simple', 'commercial'),
      lazy: page(() => import('../features/legal/index.ts').then((m) => ({ default: m.CommercialPage }))),
    },
    {
      path: 'user/line-recovery',
      handle: h('simple', 'lineRecovery'),
      lazy: page(() => import('../features/auth/routes/LineRecoveryPage.tsx')),
    },
    {
      path: 'user/line-recovery/verify',
      handle: h('simple', 'lineRecoveryVerify'),
      lazy: page(() => import('../features/auth/routes/LineRecoveryVerifyPage.tsx')),
    },
    {
      path: 'line-callback',
      handle: h('switcher', 'lineCallback'),
      lazy: page(() => import('../features/auth/routes/LineCallbackPage.tsx')),
    },
    {
      path: 'creator/register',
      handle: h('simple', 'register'),
      lazy: page(() => import('../features/auth/routes/RegisterPage.tsx')),
    },
    {
      path: 'creator/register/verify',
      handle: h('simple', 'registerVerify'),
      lazy: page(() => import('../features/auth/routes/RegisterVerifyPage.tsx')),
    },
    {
      path: 'creator/forgot-password',
      handle: h('simple', 'forgotPassword'),
      lazy: page(() => import('../features/auth/routes/ForgotPasswordPage.tsx')),
    },
    {
      path: 'creator/forgot-password/verify',
      handle: h('simple', 'forgotPasswordVerify'),
      lazy: page(() => import('../features/auth/routes/ForgotPasswordVerifyPage.tsx')),
    },
    {
      path: 'home',
      handle: h('full', 'home'),
      ...signedInPage(() => import('../features/home/routes/HomePage.tsx')),
    },
    // Issue 11 (search branch): creator search.
    {
      path: 'home/search',
      handle: h('full', 'search'),
      ...signedInPage(() => import('../features/search/routes/SearchPage.tsx')),
    },
    // Home's own screens (issue 11, branch home).
    {
      path: 'home/news/:newsId',
      handle: h('full', 'news'),
      ...signedInPage(() => import('../features/home/routes/NewsPage.tsx')),
    },
    {
      path: 'mypage/signup/:step',
      handle: h('full', 'signup'),
      ...signedInPage(() => import('../features/mypage/routes/SignupPage.tsx')),
    },
    {
      path: 'mypage/account',
      handle: h('full', 'account'),
      ...signedInPage(() => import('../features/mypage/routes/AccountLayout.tsx')),
      children: [
        { index: true, ...signedInPage(() => import('../features/mypage/routes/AccountProfilePage.tsx')) },
        { path: 'user', ...signedInPage(() => import('../features/mypage/routes/AccountUserPage.tsx')) },
        {
          path: 'withdraw',
          ...signedInPage(() => import('../features/mypage/routes/AccountWithdrawPage.tsx')),
        },
      ],
    },
    // Issue 13 (items): the creator's shop list and the item form.
    {
      path: 'home/shop',
      handle: h('full', 'shopItems'),
      ...signedInPage(() => import('../features/items/routes/ShopItemsPage.tsx')),
    },
    {
      path: 'home/shop/create',
      handle: h('full', 'itemCreate'),
      ...signedInPage(() => import('../features/items/routes/ItemFormPage.tsx')),
    },
    {
      path: 'home/shop/:itemId',
      handle: h('full', 'itemEdit'),
      ...signedInPage(() => import('../features/items/routes/ItemFormPage.tsx')),
    },
    // Fan club (issue 14): /home/fanclub (the creator's fan club, or the fan's memberships).
    {
      path: 'home/fanclub',
      handle: h('full', 'fanclubHome'),
      ...signedInPage(() => import('../features/fanclub/routes/FanclubHomePage.tsx')),
    },
    // Fan club (issue 14): the creator's posts (list, form).
    {
      path: 'home/fanclub/posts',
      handle: h('full', 'fanclubPosts'),
      ...signedInPage(() => import('../features/post-editor/routes/PostListPage.tsx')),
    },
    {
      path: 'home/fanclub/posts/create',
      handle: h('full', 'fanclubPostCreate'),
      ...signedInPage(() => import('../features/post-editor/routes/PostFormPage.tsx')),
    },
    {
      path: 'home/fanclub/posts/:postId',
      handle: h('full', 'fanclubPostEdit'),
      ...signedInPage(() => import('../features/post-editor/routes/PostFormPage.tsx')),
    },
    // Broadcasts (issue 15): the creator's scheduled and trigger broadcasts (lists, forms).
    {
      path: 'home/broadcasting/reserve',
      handle: h('full', 'broadcastReserves'),
      ...signedInPage(() => import('../features/broadcasts/routes/ReserveListPage.tsx')),
    },
    {
      path: 'home/broadcasting/reserve/create',
      handle: h('full', 'broadcastReserveCreate'),
      ...signedInPage(() => import('../features/broadcasts/routes/ReserveFormPage.tsx')),
    },
    {
      path: 'home/broadcasting/reserve/:reserveId',
      handle: h('full', 'broadcastReserveEdit'),
      ...signedInPage(() => import('../features/broadcasts/routes/ReserveFormPage.tsx')),
    },
    {
      path: 'home/broadcasting/trigger',
      handle: h('full', 'broadcastTriggers'),
      ...signedInPage(() => import('../features/broadcasts/routes/TriggerListPage.tsx')),
    },
    {
      path: 'home/broadcasting/trigger/create',
      handle: h('full', 'broadcastTriggerCreate'),
      ...signedInPage(() => import('../features/broadcasts/routes/TriggerFormPage.tsx')),
    },
    {
      path: 'home/broadcasting/trigger/:triggerId',
      handle: h('full', 'broadcastTriggerEdit'),
      ...signedInPage(() => import('../features/broadcasts/routes/TriggerFormPage.tsx')),
    },
    // Issue 12 (branch biz-settings): business settings, tabs base and shop.
    {
      path: 'mypage/businessSetting',
      handle: h('full', 'businessSetting'),
      ...signedInPage(() => import('../features/business/routes/BusinessSettingLayout.tsx')),
      children: [
        { index: true, lazy: page(() => import('../features/business/routes/BusinessSettingIndex.tsx')) },
        {
          path: 'base',
          ...signedInPage(() => import('../features/business/routes/BusinessSettingBasePage.tsx')),
        },
        {
          path: 'shop',
          ...signedInPage(() => import('../features/business/routes/BusinessSettingShopPage.tsx')),
        },
      ],
    },
    {
      path: 'mypage/points',
      handle: h('full', 'points'),
      ...signedInPage(() => import('../features/points/routes/PointsPage.tsx')),
    },
    // Income and statements (issue 12, income branch).
    {
      path: 'mypage/incomes',
      handle: h('full', 'incomes'),
      ...signedInPage(() => import('../features/incomes/routes/IncomesPage.tsx')),
    },
    {
      path: 'mypage/incomes/statement/:ym',
      handle: h('simple', 'statement'),
      ...signedInPage(() => import('../features/incomes/routes/StatementPage.tsx')),
    },
    // Shop (issue 13): the buyer's library and the creator's sales status.
    {
      path: 'library',
      handle: h('full', 'library'),
      ...signedInPage(() => import('../features/library/routes/LibraryPage.tsx')),
    },
    {
      path: 'library/:logId',
      handle: h('full', 'libraryDetail'),
      ...signedInPage(() => import('../features/library/routes/LibraryDetailPage.tsx')),
    },
    {
      path: 'home/shop/sales-status',
      handle: h('full', 'salesStatus'),
      ...signedInPage(() => import('../features/library/routes/SalesStatusPage.tsx')),
    },
    {
      path: 'mypage/easy-profile',
      handle: h('full', 'easyProfile'),
      ...signedInPage(() => import('../features/points/routes/EasyProfilePage.tsx')),
    },
    {
      path: 'chatroom',
      handle: h('full', 'chatroomList'),
      ...signedInPage(() => import('../features/chat/routes/ChatroomListPage.tsx')),
    },
    {
      path: 'chatroom/:username',
      handle: h('none', 'chatroom'),
      ...signedInPage(() => import('../features/chat/routes/ChatroomPage.tsx')),
    },
    {
      path: 'notice',
      handle: h('full', 'notice'),
      ...signedInPage(() => import('../features/notice/routes/NoticePage.tsx')),
    },
    {
      path: 'store',
      handle: h('full', 'store'),
      ...signedInPage(() => import('../features/store/routes/StorePage.tsx')),
    },
    // Profiles, discovery, favorites and likes (socialweb).
    {
      // `/@{username}` and `/@{username}/{type}` (types `posts` and `invite`, listed in
      // features/profile/paths.ts): one screen for both, so a section switch does not read the
      // profile again. It shows the not-found page when the segment lacks the '@'.
      path: ':at',
      handle: { ...h('simple', 'profile'), sitePath: '/@:username' },
      lazy: page(() => import('../features/profile/routes/ProfilePage.tsx')),
      // The screen draws the section itself; the children only match the paths.
      children: [
        { index: true, Component: Empty },
        { path: ':type', Component: Empty },
      ],
    },
    // Fan club (issue 14): a post's own page (public; the one access rule decides what it shows).
    {
      path: ':at/posts/:postId',
      handle: { ...h('simple', 'fanclubPost'), sitePath: '/@:username/posts/:postId' },
      lazy: page(() => import('../features/posts/routes/PostPage.tsx')),
    },
    {
      path: 'discovery',
      handle: h('full', 'discovery'),
      ...signedInPage(() => import('../features/discovery/routes/DiscoveryPage.tsx')),
    },
    {
      path: 'home/favorites',
      handle: h('full', 'favorites'),
      ...signedInPage(() => import('../features/liked/routes/FavoritesPage.tsx')),
    },
    {
      path: 'home/liked',
      handle: h('full', 'liked'),
      ...signedInPage(() => import('../features/liked/routes/LikedPage.tsx')),
    },
    {
      path: 'home/liked/you',
      handle: h('full', 'liked'),
      ...signedInPage(() => import('../features/liked/routes/LikedPage.tsx')),
    },
    // Shop (issue 13, branch buy): the item page (public, no header: it draws its own bar) and the cart.
    {
      path: 'shop/item/:itemId',
      handle: h('none', 'shopItem'),
      lazy: page(() => import('../features/shop/routes/ItemPage.tsx')),
    },
    {
      path: 'mypage/cart',
      handle: h('full', 'cart'),
      ...signedInPage(() => import('../features/shop/routes/CartPage.tsx')),
    },
    // Organizations (issue 16): the owner's application and sales
    {
      path: 'organization',
      handle: h('full', 'organization'),
      ...signedInPage(() => import('../features/organizations/routes/OrganizationPage.tsx')),
    },
    {
      path: 'organization/sales',
      handle: h('full', 'organizationSales'),
      ...signedInPage(() => import('../features/organizations/routes/OrganizationSalesPage.tsx')),
    },
    // Organizations (issue 16): casts and the cast's first login
    {
      path: 'organization/casts',
      handle: h('full', 'casts'),
      ...signedInPage(() => import('../features/casts/routes/CastsPage.tsx')),
    },
    {
      path: 'organization/casts/new',
      handle: h('full', 'castCreate'),
      ...signedInPage(() => import('../features/casts/routes/CastCreatePage.tsx')),
    },
    {
      // A cast that must choose its password: no header links (their calls would be refused).
      path: 'creator/login/cast/password',
      handle: h('simple', 'castPassword'),
      ...signedInPage(() => import('../features/auth/routes/CastPasswordPage.tsx')),
    },
    // The operators' console (issue 17): its own login and frame (features/admin), one screen per
    // section (features/admin-<section>). AdminLayout lets in role 3 only.
    {
      path: 'admin/login',
      handle: h('none', 'adminLogin'),
      lazy: page(() => import('../features/admin/routes/AdminLoginPage.tsx')),
    },
    {
      path: 'admin',
      handle: h('none', 'admin'),
      lazy: page(() => import('../features/admin/routes/AdminLayout.tsx')),
      children: adminScreens(),
    },
    { path: '*', handle: h('simple', 'notFound'), lazy: page(() => import('./NotFoundPage.tsx')) },
  ];
}

/** The console's sections (under /admin, inside AdminLayout). */
function adminScreens(): RouteObject[] {
  return [
    { index: true, lazy: page(() => import('../features/admin-dashboard/routes/DashboardPage.tsx')) },
    {
      path: 'organizations',
      lazy: page(() => import('../features/admin-review/routes/OrganizationReviewsPage.tsx')),
    },
    { path: 'reports', lazy: page(() => import('../features/admin-reports/routes/ReportsPage.tsx')) },
    {
      path: 'reports/:reportId',
      lazy: page(() => import('../features/admin-reports/routes/ReportPage.tsx')),
    },
    { path: 'users', lazy: page(() => import('../features/admin-reports/routes/UsersPage.tsx')) },
    { path: 'users/:profileId', lazy: page(() => import('../features/admin-reports/routes/UserPage.tsx')) },
    { path: 'items', lazy: page(() => import('../features/admin-review/routes/ItemsPage.tsx')) },
    {
      path: 'withdrawals',
      lazy: page(() => import('../features/admin-withdrawals/routes/WithdrawalsPage.tsx')),
    },
    { path: 'news', lazy: page(() => import('../features/admin-content/routes/NewsPage.tsx')) },
    { path: 'points', lazy: page(() => import('../features/admin-content/routes/PointsPage.tsx')) },
    { path: 'catalog', lazy: page(() => import('../features/admin-catalog/routes/CatalogPage.tsx')) },
    { path: 'audit', lazy: page(() => import('../features/admin/routes/AuditPage.tsx')) },
    { path: '*', lazy: page(() => import('./NotFoundPage.tsx')) },
  ];
}

function branch(path: string, lang: Language | null, i18n: I18n | undefined): RouteObject {
  return {
    path,
    element: <LangScope lang={lang} />,
    // The language's catalogue loads in parallel with the screen's code, before the first render.
    ...(i18n ? { loader: () => loadLanguage(i18n, lang ?? defaultLanguage()).then(() => null) } : {}),
    HydrateFallback: Empty,
    // Pathless: errors render inside the language layout (header kept).
    children: [{ errorElement: <ErrorPage />, children: screens() }],
  };
}

function Empty() {
  return null;
}

// lib/query.ts (loaded with it) binds the cache to the connection and to the signed-in profile.
const RealtimeConnection = lazy(() =>
  Promise.all([import('../lib/realtime.ts'), import('../lib/query.ts')]).then(([m]) => ({
    default: function RealtimeConnection({ pathname }: { pathname: string }) {
      m.useRealtimeConnection(pathname);
      return null;
    },
  })),
);

/**
 * Keeps the tab's realtime connection in step with the session and the route (spec 4). Its code
 * loads with the first session of the tab (anonymous pages never need it) and stays mounted after,
 * so a sign-out and another sign-in still reset it.
 */
function Realtime() {
  const { pathname } = useLocation();
  const auth = useAuth();
  const needed = useRef(false);
  if (auth.profile || hasSession()) needed.current = true;
  return (
    <>
      {needed.current ? (
        <Suspense fallback={null}>
          <RealtimeConnection pathname={pathname} />
        </Suspense>
      ) : null}
      <Outlet />
    </>
  );
}

/** `i18n`: the app's instance, whose catalogues the language branches load (tests pass a full one). */
export function routes(opts: { i18n?: I18n } = {}): RouteObject[] {
  const { i18n } = opts;
  return [
    {
      element: <Root />,
      errorElement: <ErrorPage />,
      children: [
        {
          element: <Realtime />,
          children: [branch('/en', 'en', i18n), branch('/ja', 'ja', i18n), branch('/', null, i18n)],
        },
      ],
    },
  ];
}

export function createAppRouter(i18n: I18n) {
  return createBrowserRouter(routes({ i18n }));
}
