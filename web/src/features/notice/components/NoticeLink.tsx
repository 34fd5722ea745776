import { useTranslation } from 'react-i18next';
import { LangLink } from '../../../components/LangLink.tsx';
import { useNotices } from '../cache.ts';
import '../notice.css';

/** A link to the notices with the unread count (the notices' first page, shared with their screen). */
export function NoticeLink() {
  const { t } = useTranslation();
  const unread = useNotices().data?.pages[0]?.unread ?? null;
  const count = unread ?? 0;
  return (
    <LangLink to="/notice" className="notice-link">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22Zm7-6v-5a7 7 0 0 0-5.5-6.8V3.5a1.5 1.5 0 0 0-3 0v.7A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
        />
      </svg>
      <span className="notice-link__text">{t('notices.title')}</span>
      {count > 0 ? (
        <span className="notice-link__badge">
          <span aria-hidden="true">{count >= 100 ? '99+' : count}</span>
          <span className="visually-hidden">{t('notice.unreadCount', { count })}</span>
        </span>
      ) : null}
      <svg className="notice-link__chevron" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </LangLink>
  );
}
