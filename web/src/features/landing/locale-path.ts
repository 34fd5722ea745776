import type { Language } from '@app/shared/config';
import { useLocation } from 'react-router';
import { splitPrefix, withPrefix } from '../../lib/lang.ts';

/** Screen paths in the same language form as the current URL ('/en/creator' links to '/en/creator/terms'). */
export function useLocalePath(): (path: string) => string {
  const { prefix } = splitPrefix(useLocation().pathname);
  return (path) => withPrefix(prefix, path);
}

/** The interface language for an i18next language code ('en', 'en-US' → 'en'; anything else → 'ja'). */
export function toLanguage(language: string | undefined): Language {
  return language?.toLowerCase().startsWith('en') ? 'en' : 'ja';
}
