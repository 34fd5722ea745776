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
 * - a signed-in visitor (the session cookies) of the top page or the fans' login page is sent to
 *   the page the login was asked from (`?next=`, lib/return-to.ts) or home, as the app does;
 * - on /user/login, the link to the creators' login keeps `?next=`.
 * - the live registration campaign's figures are filled in (features/campaign/static-campaign.ts).
 * Links are plain links: they open the app.
 */
import { getCookie, hasSessionCookie, storeAdCookie } from './cookies.ts';
import {
  isLanguage,
  LOCALE_KEY,
  splitPrefix,
  storedLanguage,
  storeLanguage,
  switchLanguagePath,
  withPrefix,
} from './lang.ts';
import { loginPathWithReturn, returnPathIn } from './return-to.ts';

/** Pre-rendered pages that a signed-in visitor does not need: they go home (or back) instead. */
const GUEST_PAGES = new Set(['/', '/user/login']);

export function enhanceStaticPage(doc: Document, location: Location): void {
  const pageLang = doc.documentElement.lang;
  const { lang: prefixLang, prefix, path } = splitPrefix(location.pathname);
  storeAdCookie(location.search);
  const next = returnPathIn(location.search);
  const page = path.length > 1 ? path.replace(/\/$/, '') : path;
  if (GUEST_PAGES.has(page) && hasSessionCookie()) {
    location.replace(withPrefix(prefix, next ?? '/home'));
    return;
  }
  if (next) {
    for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      const target = link.getAttribute('href') ?? '';
      if (splitPrefix(target).path === '/creator/login') {
        link.setAttribute(
          'href',
          withPrefix(splitPrefix(target).prefix, loginPathWithReturn('/creator/login', next)),
        );
      }
    }
  }

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

  // The live registration campaign (the creators' landing page): its figures once known.
  if (doc.querySelector('[data-live-campaign]'))
    void import('../features/campaign/static-campaign.ts').then(
      (m) => m.fillLiveCampaign(doc),
      () => undefined, // not loaded (offline): the neutral wording stays
    );

  const stored = storedLanguage();
  if (!prefixLang && stored && stored !== pageLang) {
    storeLanguage(stored);
    if (getCookie(LOCALE_KEY) === stored) location.reload();
  }
}
