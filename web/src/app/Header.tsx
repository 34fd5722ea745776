import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../components/LanguageSwitcher.tsx';
import { useAuth } from '../lib/session.ts';
import { useLang } from './lang-context.ts';
import type { RouteHandle } from './route-handle.ts';

function Logo() {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const auth = useAuth();
  if (auth.profile !== null && auth.setupComplete) {
    return (
      <Link to={`/${lang}/home`} className="header__logo" aria-label={t('common.header.toHome')}>
        {t('common.appName')}
      </Link>
    );
  }
  return (
    <Link to={to('/')} className="header__logo">
      {t('common.appName')}
    </Link>
  );
}

/**
 * The signed-in links (chat with its live unread badge, store) bring the chat and API code: they
 * are loaded with the signed-in screens (`signedInPage` preloads them), never on public pages.
 */
const loadChatLink = () => import('../features/chat/components/ChatHeaderLink.tsx');
const loadStoreLink = () => import('../features/store/components/StoreHeaderLink.tsx');
const loadQueryCache = () => import('../lib/QueryProvider.tsx');
const ChatHeaderLink = lazy(() =>
  Promise.all([loadChatLink(), loadQueryCache()]).then(([m, q]) => ({
    default: q.withQueryCache(m.ChatHeaderLink),
  })),
);
const StoreHeaderLink = lazy(() =>
  Promise.all([loadStoreLink(), loadQueryCache()]).then(([m, q]) => ({
    default: q.withQueryCache(m.StoreHeaderLink),
  })),
);
export const preloadHeaderLinks = () => Promise.all([loadChatLink(), loadStoreLink(), loadQueryCache()]);

/** The store link sits in the home header (other titles need the room; their pages link to the store). */
const storeLinkOn = new Set(['home']);

export function Header({ handle }: { handle: RouteHandle }) {
  const { t } = useTranslation();
  // Both links are for a signed-in profile: a signed-out visit (on its way to the login page) does
  // not load their code.
  const signedIn = useAuth().profile !== null;
  if (handle.header === 'none') return null;
  if (handle.header === 'switcher') {
    return (
      <header className="header header--bare">
        <LanguageSwitcher />
      </header>
    );
  }
  return (
    <header className={`header header--${handle.header}`}>
      <Logo />
      {handle.header === 'full' ? (
        <p className="header__title">
          {t([`common.headerTitles.${handle.title}`, `common.titles.${handle.title}`])}
        </p>
      ) : null}
      <Suspense fallback={null}>
        {signedIn && storeLinkOn.has(handle.title) ? <StoreHeaderLink /> : null}
        {signedIn && handle.header === 'full' ? <ChatHeaderLink /> : null}
      </Suspense>
      <LanguageSwitcher />
    </header>
  );
}
