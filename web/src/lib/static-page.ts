/**
 * The only script of a pre-rendered page (the landing pages, web/src/prerender.tsx): no React, no
 * router. It does what the app would do on that page:
 * - the language switcher stores the choice and opens the page in the other language;
 * - `?ad=1` stores the advertising flag;
 * - an unprefixed page was chosen by the `locale` cookie or the browser's language: when the choice
 *   stored in localStorage (which the app reads first) differs, the cookie is set to it and the
 *   page loaded again, once.
 * - the LINE button of /user/login loads its request's code on the press
 *   (features/auth/components/static-line-login.ts) and goes to LINE, as the app's page does.
 * Links are plain links: they open the app.
 */
import { getCookie, storeAdCookie } from './cookies.ts';
import {
  isLanguage,
  LOCALE_KEY,
  splitPrefix,
  storedLanguage,
  storeLanguage,
  switchLanguagePath,
} from './lang.ts';

export function enhanceStaticPage(doc: Document, location: Location): void {
  const pageLang = doc.documentElement.lang;
  const { lang: prefixLang } = splitPrefix(location.pathname);
  storeAdCookie(location.search);

  for (const button of doc.querySelectorAll<HTMLButtonElement>('.lang-switch__btn[lang]')) {
    button.addEventListener('click', () => {
      const next = button.lang;
      if (!isLanguage(next)) return;
      storeLanguage(next);
      if (next !== pageLang) location.assign(switchLanguagePath(location.pathname, location.search, next));
    });
  }

  for (const button of doc.querySelectorAll<HTMLButtonElement>('button[data-line-login]')) {
    button.addEventListener('click', () => {
      button.disabled = true; // one login per press, also while the code loads
      import('../features/auth/components/static-line-login.ts').then(
        (m) => m.pressLineLogin(doc, location, button),
        () => {
          button.disabled = false; // the code did not load (offline): the press can be repeated
        },
      );
    });
  }

  const stored = storedLanguage();
  if (!prefixLang && stored && stored !== pageLang) {
    storeLanguage(stored);
    if (getCookie(LOCALE_KEY) === stored) location.reload();
  }
}
