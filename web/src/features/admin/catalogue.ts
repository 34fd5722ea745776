import type { i18n as I18n } from 'i18next';
import type { Language } from '../../lib/lang.ts';

const loaders: Record<Language, () => Promise<{ default: object }>> = {
  ja: () => import('@app/shared/i18n/ja/admin/index'),
  en: () => import('@app/shared/i18n/en/admin/index'),
};

/**
 * The console's own catalogue (`admin.*`), loaded only by the console: the product's pages never
 * download it. Added to the default namespace too, so `t('admin.reports.…')` works everywhere.
 */
export async function loadAdminCatalogue(i18n: I18n, lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'admin')) return;
  const { default: bundle } = await loaders[lang]();
  i18n.addResourceBundle(lang, 'admin', bundle, true, true);
  i18n.addResourceBundle(lang, 'translation', { admin: bundle }, true, true);
}
