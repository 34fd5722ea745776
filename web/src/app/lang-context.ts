import { createContext, useContext } from 'react';
import { type Language, type Prefix, withPrefix } from '../lib/lang.ts';

export interface LangContextValue {
  lang: Language;
  prefix: Prefix;
}

export const LangContext = createContext<LangContextValue>({ lang: 'ja', prefix: '' });

/** The current language and a helper that keeps the current prefix on screen paths. */
export function useLang() {
  const value = useContext(LangContext);
  return { ...value, to: (path: string) => withPrefix(value.prefix, path) };
}
