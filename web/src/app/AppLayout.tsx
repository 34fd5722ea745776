import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { LoadingOverlay } from '../components/Spinner.tsx';
import { Header } from './Header.tsx';
import { PageHeadContext, type PageHeadOverride } from './page-head.ts';
import type { RouteHandle } from './route-handle.ts';
import { TabBar } from './TabBar.tsx';

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

/** A screen's title (the skip link's text), its document title and its meta description. */
export function pageHead(t: TFunction, handle: RouteHandle) {
  const title = t(`common.titles.${handle.title}`);
  return {
    title,
    documentTitle: `${title} | ${t('common.appName')}`,
    description: t([`meta.descriptions.${handle.title}`, 'meta.descriptions.default']),
  };
}

/** Header, page content and the loading indicator, for every screen. */
export function AppLayout() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const head = pageHead(t, handle);
  // A screen may name itself from its data (page-head.ts): a profile by its nickname.
  const [override, setOverride] = useState<PageHeadOverride | null>(null);
  const title = head.title;
  const documentTitle = override ? `${override.title} | ${t('common.appName')}` : head.documentTitle;
  const description = override?.description || head.description;
  useEffect(() => {
    document.title = documentTitle;
    setMetaDescription(document, description);
  }, [documentTitle, description]);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {title}
      </a>
      <Header handle={handle} />
      <main id="main" className="main" tabIndex={-1}>
        <PageHeadContext.Provider value={setOverride}>
          <Outlet />
        </PageHeadContext.Provider>
      </main>
      {handle.header === 'full' ? <TabBar /> : null}
      <LoadingOverlay />
    </div>
  );
}
