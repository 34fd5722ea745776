import { businessConfig } from '@app/shared/config';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLang } from '../app/lang-context.ts';
import { type Language, storeLanguage, switchLanguagePath } from '../lib/lang.ts';

/** Stores the choice and opens the same path in the other language. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const location = useLocation();
  const navigate = useNavigate();
  const choose = (next: Language) => {
    storeLanguage(next);
    if (next !== lang) {
      navigate(switchLanguagePath(location.pathname, location.search, next), { state: location.state });
    }
  };
  return (
    <nav className="lang-switch" aria-label={t('common.language.label')}>
      {businessConfig.languages.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          className="lang-switch__btn"
          aria-current={l === lang ? 'true' : undefined}
          aria-label={
            l === lang ? undefined : t('common.language.switchTo', { language: t(`common.language.${l}`) })
          }
          onClick={() => choose(l)}
        >
          {t(`common.language.${l}`)}
        </button>
      ))}
    </nav>
  );
}
