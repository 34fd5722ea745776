import type { Language } from './lang.ts';

export type Catalogue = Record<string, object>;

/** Each language's catalogue is its own chunk: a page loads only the language it shows. */
export const catalogueLoaders: Record<Language, () => Promise<{ default: Catalogue }>> = {
  ja: () => import('@app/shared/i18n/ja/index'),
  en: () => import('@app/shared/i18n/en/index'),
};
