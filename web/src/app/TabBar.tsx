import { ROLE } from '@app/shared/roles';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useAuth } from '../lib/session.ts';
import { useLang } from './lang-context.ts';

const icons = {
  home: 'M3 11 12 3l9 8v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1Z',
  discovery: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm4.5 5.5-2.8 6.2-6.2 2.8 2.8-6.2Z',
  likedYou:
    'M12 21C5 15.5 2 12.3 2 8.5A4.5 4.5 0 0 1 6.5 4c2.1 0 3.6 1 5.5 3 1.9-2 3.4-3 5.5-3A4.5 4.5 0 0 1 22 8.5c0 3.8-3 7-10 12.5Z',
  chat: 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z',
  notice:
    'M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22Zm7-6v-5a7 7 0 0 0-5.5-6.8V3.5a1.5 1.5 0 0 0-3 0v.7A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z',
  mypage: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-8 9a8 8 0 0 1 16 0Z',
} as const;

type Tab = { key: keyof typeof icons; path: string };

/**
 * The tabs of a signed-in account whose setup is complete. Fans (and owners) get discovery;
 * creators, who never like other creators, get the fans who liked them. Search, favorites and the
 * liked lists are one tap further, on home; the store is the home header's link.
 */
export function tabsFor(roleId: number): Tab[] {
  return [
    { key: 'home', path: '/home' },
    roleId === ROLE.CREATOR
      ? { key: 'likedYou', path: '/home/liked/you' }
      : { key: 'discovery', path: '/discovery' },
    { key: 'chat', path: '/chatroom' },
    { key: 'notice', path: '/notice' },
    { key: 'mypage', path: '/mypage/account' },
  ];
}

/** The bottom tab bar of the app's screens (shown with the full header, once setup is complete). */
export function TabBar() {
  const { t } = useTranslation();
  const { to } = useLang();
  const auth = useAuth();
  if (!auth.profile || !auth.setupComplete) return null;
  return (
    <nav className="tab-bar" aria-label={t('home.tabBar.label')}>
      {tabsFor(auth.profile.role_id).map((tab) => (
        <NavLink key={tab.key} to={to(tab.path)} end={tab.key === 'home'} className="tab-bar__link">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d={icons[tab.key]} fill="currentColor" />
          </svg>
          <span className="tab-bar__text">{t(`home.tabBar.${tab.key}`)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
