import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/lang-context.ts';
import { loadAdminCatalogue } from './catalogue.ts';

/** Whether the console's catalogue of the page's language is loaded (it loads on first use). */
export function useAdminCatalogue(): boolean {
  const { i18n } = useTranslation();
  const { lang } = useLang();
  const [ready, setReady] = useState(() => i18n.hasResourceBundle(lang, 'admin'));
  useEffect(() => {
    let live = true;
    if (!i18n.hasResourceBundle(lang, 'admin')) setReady(false);
    void loadAdminCatalogue(i18n, lang).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [i18n, lang]);
  return ready;
}
