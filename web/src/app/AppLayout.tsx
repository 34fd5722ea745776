import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { LoadingOverlay } from '../components/Spinner.tsx';
import { Header } from './Header.tsx';
import type { RouteHandle } from './route-handle.ts';

const fallbackHandle: RouteHandle = { header: 'simple', title: 'notFound' };

export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.header) return handle;
  }
  return fallbackHandle;
}

/** Header, page content and the loading indicator, for every screen. */
export function AppLayout() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const title = t(`common.titles.${handle.title}`);
  useEffect(() => {
    document.title = `${title} | ${t('common.appName')}`;
  }, [title, t]);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {title}
      </a>
      <Header handle={handle} />
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      <LoadingOverlay />
    </div>
  );
}
