/**
 * Both catalogues, for tests and tools. The web app never imports this module: it loads only the
 * active language's catalogue (`./ja/index.ts` or `./en/index.ts`, web/src/lib/i18n.ts).
 */
import enAdmin from './en/admin/index.ts';
import en from './en/index.ts';
import jaAdmin from './ja/admin/index.ts';
import ja from './ja/index.ts';

export const namespaces = [
  'common',
  'errors',
  'validation',
  'auth',
  'mypage',
  'home',
  'areas',
  'legal',
  'landing',
  'store',
  'points',
  'chat',
  'search',
  'notice',
  'notices',
  'social',
  'meta',
] as const;
export type Namespace = (typeof namespaces)[number];

/**
 * The operators' console's catalogue (`admin`) is loaded by the console only; tests see it here.
 * The calls are marked pure: a top-level spread would keep both catalogues in the web's entry chunk.
 */
const jaAll = /* @__PURE__ */ Object.assign({}, ja, { admin: jaAdmin });
const enAll = /* @__PURE__ */ Object.assign({}, en, { admin: enAdmin });
export const resources = { ja: jaAll, en: enAll } satisfies Record<'ja' | 'en', Record<Namespace, object>>;
