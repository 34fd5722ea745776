import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject, useLocation } from 'react-router';
import type { Language } from '../lib/lang.ts';
import { useRealtimeConnection } from '../lib/realtime.ts';
import { ErrorPage } from './ErrorPage.tsx';
import { LangScope } from './LangScope.tsx';
import { Root } from './Root.tsx';
import type { RouteHandle } from './route-handle.ts';

type Loader = () => Promise<{ default: ComponentType }>;
const page = (load: Loader) => async () => ({ Component: (await load()).default });
const h = (header: RouteHandle['header'], title: string): RouteHandle => ({ header, title });

/**
 * The screens of the site (paths from shared/src/site-routes.ts, without the language prefix).
 * Screens not built yet are absent and fall through to the not-found page.
 */
export function screens(): RouteObject[] {
  return [
    {
      index: true,
      handle: h('switcher', 'landing'),
      lazy: page(() => import('../features/landing/index.ts').then((m) => ({ default: m.LandingPage }))),
    },
    {
      path: 'creator',
      handle: h('switcher', 'creatorLanding'),
      lazy: page(() =>
        import('../features/landing/index.ts').then((m) => ({ default: m.CreatorLandingPage })),
      ),
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
      path: 'user/login',
      handle: h('simple', 'userLogin'),
      lazy: page(() => import('../features/auth/routes/UserLoginPage.tsx')),
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
      path: 'creator/login',
      handle: h('simple', 'creatorLogin'),
      lazy: page(() => import('../features/auth/routes/CreatorLoginPage.tsx')),
    },
    {
      path: 'creator/login/cast',
      handle: h('simple', 'castLogin'),
      lazy: page(() => import('../features/auth/routes/CastLoginPage.tsx')),
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
      lazy: page(() => import('../features/home/routes/HomePage.tsx')),
    },
    {
      path: 'mypage/signup/:step',
      handle: h('full', 'signup'),
      lazy: page(() => import('../features/mypage/routes/SignupPage.tsx')),
    },
    {
      path: 'mypage/account',
      handle: h('full', 'account'),
      lazy: page(() => import('../features/mypage/routes/AccountLayout.tsx')),
      children: [
        { index: true, lazy: page(() => import('../features/mypage/routes/AccountProfilePage.tsx')) },
        { path: 'user', lazy: page(() => import('../features/mypage/routes/AccountUserPage.tsx')) },
        { path: 'withdraw', lazy: page(() => import('../features/mypage/routes/AccountWithdrawPage.tsx')) },
      ],
    },
    {
      path: 'mypage/points',
      handle: h('full', 'points'),
      lazy: page(() => import('../features/points/routes/PointsPage.tsx')),
    },
    {
      path: 'mypage/easy-profile',
      handle: h('full', 'easyProfile'),
      lazy: page(() => import('../features/points/routes/EasyProfilePage.tsx')),
    },
    {
      path: 'chatroom',
      handle: h('full', 'chatroomList'),
      lazy: page(() => import('../features/chat/routes/ChatroomListPage.tsx')),
    },
    {
      path: 'chatroom/:username',
      handle: h('none', 'chatroom'),
      lazy: page(() => import('../features/chat/routes/ChatroomPage.tsx')),
    },
    {
      path: 'notice',
      handle: h('full', 'notice'),
      lazy: page(() => import('../features/notice/routes/NoticePage.tsx')),
    },
    {
      path: 'store',
      handle: h('full', 'store'),
      lazy: page(() => import('../features/store/routes/StorePage.tsx')),
    },
    { path: '*', handle: h('simple', 'notFound'), lazy: page(() => import('./NotFoundPage.tsx')) },
  ];
}

function branch(path: string, lang: Language | null): RouteObject {
  return {
    path,
    element: <LangScope lang={lang} />,
    // Pathless: errors render inside the language layout (header kept).
    children: [{ errorElement: <ErrorPage />, children: screens() }],
  };
}

/** Keeps the tab's realtime connection in step with the session and the route (spec 4). */
function Realtime() {
  useRealtimeConnection(useLocation().pathname);
  return <Outlet />;
}

export function routes(): RouteObject[] {
  return [
    {
      element: <Root />,
      errorElement: <ErrorPage />,
      children: [
        { element: <Realtime />, children: [branch('/en', 'en'), branch('/ja', 'ja'), branch('/', null)] },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(routes());
}
