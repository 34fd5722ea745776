/**
 * The LINE button of the pre-rendered /user/login (lib/static-page.ts loads this on the press): the
 * same request as UserLoginPage, and on a refusal the same message, from the page language's catalogue.
 */
import { errorMessageKey, errorParams } from '../../../lib/api.ts';
import { catalogueLoaders } from '../../../lib/catalogues.ts';
import { isLanguage, type Language, splitPrefix } from '../../../lib/lang.ts';
import { returnPathIn } from '../../../lib/return-to.ts';
import { startLineLogin } from './start-line-login.ts';

/** The message of `key` in the page's language, as the app's i18next shows it (its default namespace). */
async function message(lang: Language, key: string, params?: Record<string, string | number>) {
  const [{ default: i18next }, { default: catalogue }] = await Promise.all([
    import('i18next'),
    catalogueLoaders[lang](),
  ]);
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    resources: { [lang]: { translation: catalogue } },
    interpolation: { escapeValue: false },
  });
  return i18n.t(key, params ?? {});
}

export async function pressLineLogin(
  doc: Document,
  location: Location,
  button: HTMLButtonElement,
): Promise<void> {
  const lang = isLanguage(doc.documentElement.lang) ? doc.documentElement.lang : 'ja';
  const label = button.textContent;
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  button.textContent = button.dataset.busyLabel ?? label;
  doc.querySelector('[data-line-login-error]')?.remove();

  let failed: { key: string; params?: Record<string, string | number> } | null = null;
  try {
    const result = await startLineLogin(lang, splitPrefix(location.pathname).prefix, {
      next: returnPathIn(location.search),
    });
    if (!result?.ok) failed = { key: 'errors.lineLoginFailed' };
    // on success the browser is leaving for LINE: the button stays disabled
  } catch (err) {
    failed = { key: errorMessageKey(err, 'errors.lineLoginFailed'), params: errorParams(err) };
  }
  if (!failed) return;

  // The markup of components/Alert.tsx (kind error), where UserLoginPage shows it.
  const alert = doc.createElement('div');
  alert.className = 'alert alert--error';
  alert.setAttribute('role', 'alert');
  alert.dataset.lineLoginError = '';
  alert.textContent = await message(lang, failed.key, failed.params);
  button.before(alert);
  button.disabled = false;
  button.removeAttribute('aria-busy');
  button.textContent = label;
}
