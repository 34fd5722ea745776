import { businessConfig } from '@app/shared/config';
import { resources } from '@app/shared/i18n/index';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from './lang.ts';

/**
 * One i18next instance. The whole catalogue is the default namespace, so the keys the API and the
 * zod schemas use ('errors.noToken', 'validation.username') work as they are; each catalogue file
 * is also registered as its own namespace for `useTranslation('<namespace>')`.
 */
export function createI18n(lng: Language): I18n {
  const instance = i18next.createInstance();
  const bundles = Object.fromEntries(
    Object.entries(resources).map(([lang, namespaces]) => [lang, { translation: namespaces, ...namespaces }]),
  );
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    supportedLngs: [...businessConfig.languages],
    resources: bundles,
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

/** Interpolation values every validation message may use ({{usernameMin}}, {{bioMax}}…). */
export const validationValues = { ...businessConfig.limits };
