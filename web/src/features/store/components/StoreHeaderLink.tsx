import { ROLE } from '@app/shared/roles';
import { useTranslation } from 'react-i18next';
import { LangLink } from '../../../components/LangLink.tsx';
import { useAuth } from '../../../lib/session.ts';
import '../header-link.css';

/** A compact link to the store in the home header, for signed-in fans (creators cannot buy). */
export function StoreHeaderLink() {
  const { t } = useTranslation();
  const auth = useAuth();
  if (auth.profile?.role_id !== ROLE.FAN) return null;
  return (
    <LangLink to="/store" className="header__store">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 3C6.5 3 2 6.6 2 11c0 .8.7 1.5 1.5 1.5h17c.8 0 1.5-.7 1.5-1.5 0-4.4-4.5-8-10-8Zm-3.5 6a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm6 1a1 1 0 1 1 0-2 1 1 0 0 1 0 2ZM9 14v4.5a3 3 0 0 0 6 0V14H9Z"
        />
      </svg>
      <span className="header__store-text">{t('store.headerLink')}</span>
    </LangLink>
  );
}
