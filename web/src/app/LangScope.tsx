import { useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultLanguage, type Language } from '../lib/lang.ts';
import { AppLayout } from './AppLayout.tsx';
import { LangContext } from './lang-context.ts';

/** One language branch of the routes: /en/…, /ja/… or unprefixed (stored choice, else browser). */
export function LangScope({ lang: prefixLang }: { lang: Language | null }) {
  const { i18n } = useTranslation();
  const lang = prefixLang ?? defaultLanguage();
  const value = useMemo(
    () => ({ lang, prefix: prefixLang ? (`/${prefixLang}` as const) : ('' as const) }),
    [lang, prefixLang],
  );
  useLayoutEffect(() => {
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
  }, [i18n, lang]);
  return (
    <LangContext.Provider value={value}>
      <AppLayout />
    </LangContext.Provider>
  );
}
