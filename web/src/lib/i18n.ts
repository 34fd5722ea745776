import { contentMessageParams } from '@app/shared/admin-content';
import { broadcastMessageParams } from '@app/shared/broadcasts';
import { businessConfig } from '@app/shared/config';
import { fanclubMessageParams } from '@app/shared/fanclub';
import { resources } from '@app/shared/i18n/index';
import { shopMessageParams } from '@app/shared/shop';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Catalogue, catalogueLoaders } from './catalogues.ts';
import type { Language } from './lang.ts';

/**
 * The whole catalogue is the default namespace, so the keys the API and the zod schemas use
 * ('errors.noToken', 'validation.username') work as they are; each catalogue file is also
 * registered as its own namespace for `useTranslation('<namespace>')`.
 */
function addCatalogue(instance: I18n, lang: Language, catalogue: Catalogue): void {
  instance.addResourceBundle(lang, 'translation', catalogue, true, true);
  for (const [ns, bundle] of Object.entries(catalogue))
    instance.addResourceBundle(lang, ns, bundle, true, true);
}

function newInstance(lng: Language, catalogues: Partial<Record<Language, Catalogue>>): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    supportedLngs: [...businessConfig.languages],
    resources: {},
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  for (const [lang, catalogue] of Object.entries(catalogues))
    addCatalogue(instance, lang as Language, catalogue);
  return instance;
}

/** An instance with both catalogues (tests). The app uses `createAppI18n`, which loads one. */
export function createI18n(lng: Language): I18n {
  return newInstance(lng, resources);
}

const loading = new WeakMap<I18n, Map<Language, Promise<void>>>();

/** The app's instance, without catalogues: `loadLanguage` brings the one a page needs. */
export function createAppI18n(lng: Language): I18n {
  return newInstance(lng, {});
}

/** Load a language's catalogue into the instance once (switching language loads the other). */
export function loadLanguage(
  instance: I18n,
  lang: Language,
  loaders: Record<Language, () => Promise<{ default: Catalogue }>> = catalogueLoaders,
): Promise<void> {
  if (instance.hasResourceBundle(lang, 'translation')) return Promise.resolve();
  let byLang = loading.get(instance);
  if (!byLang) {
    byLang = new Map();
    loading.set(instance, byLang);
  }
  let promise = byLang.get(lang);
  if (!promise) {
    promise = loaders[lang]().then((m) => addCatalogue(instance, lang, m.default));
    promise.catch(() => byLang.delete(lang));
    byLang.set(lang, promise);
  }
  return promise;
}

/** Interpolation values every validation message may use ({{usernameMin}}, {{bioMax}}…). */
export const validationValues = {
  ...businessConfig.limits,
  ...shopMessageParams,
  ...fanclubMessageParams,
  ...broadcastMessageParams,
  // Organizations (issue 16): organizationMessageParams' field placeholders (its `max`, the casts'
  // limit, would shadow other messages' {{max}}); named here so the zod schemas stay out of this
  // early chunk (i18n.test.ts checks they agree).
  organization_name_max: businessConfig.limits.organizationNameMax,
  organization_address_max: businessConfig.limits.organizationAddressMax,
  reject_reason_max: businessConfig.organizations.rejectReasonMax,
  // Console: news, the banner and points (issue 17)
  ...contentMessageParams,
  // Console: reports and users (helper reports): a note's and a warning's length.
  admin_reason_max: businessConfig.admin.reasonMax,
  // Console: stamps and campaigns (issue 17): the placeholders of `catalogMessageParams`, named here
  // for the same reason.
  stamp_name_max: businessConfig.admin.catalog.stampNameMax,
  stamp_cost_min: businessConfig.admin.catalog.stampCost.min,
  stamp_cost_max: businessConfig.admin.catalog.stampCost.max,
  catalog_order_max: businessConfig.admin.catalog.orderMax,
  campaign_rate_min: businessConfig.admin.catalog.campaignRatePercent.min,
  campaign_rate_max: businessConfig.admin.catalog.campaignRatePercent.max,
};
