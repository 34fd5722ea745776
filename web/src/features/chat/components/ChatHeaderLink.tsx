import { useTranslation } from 'react-i18next';
import { LangLink } from '../../../components/LangLink.tsx';
import { useAuth } from '../../../lib/session.ts';
import { canChat, useChatUnread } from '../unread.ts';
import '../header-link.css';

/** The header's link to the chatroom list, with the unread total as a badge (live). */
export function ChatHeaderLink() {
  const { t } = useTranslation();
  const auth = useAuth();
  const enabled = canChat(auth.profile?.role_id);
  const unread = useChatUnread(enabled);
  if (!enabled) return null;
  const count = unread ?? 0;
  const label = count > 0 ? t('chat.header.linkUnread', { count }) : t('chat.header.link');
  return (
    <LangLink to="/chatroom" className="header__chat" aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm3 6a1.3 1.3 0 1 0 0 2.6A1.3 1.3 0 0 0 7 10Zm5 0a1.3 1.3 0 1 0 0 2.6 1.3 1.3 0 0 0 0-2.6Zm5 0a1.3 1.3 0 1 0 0 2.6 1.3 1.3 0 0 0 0-2.6Z"
        />
      </svg>
      {count > 0 ? (
        <span className="header__badge" data-testid="chat-unread" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </LangLink>
  );
}
