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

/** The page's `<meta name="description">` (index.html holds a default one; search engines read it). */
export function setMetaDescription(doc: Document, description: string): void {
  let meta = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'description';
    doc.head.append(meta);
  }
  meta.content = description;
}

/** Header, page content and the loading indicator, for every screen. */
export function AppLayout() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const title = t(`common.titles.${handle.title}`);
  const description = t([`meta.descriptions.${handle.title}`, 'meta.descriptions.default']);
  useEffect(() => {
    document.title = `${title} | ${t('common.appName')}`;
    setMetaDescription(document, description);
  }, [title, description, t]);
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
