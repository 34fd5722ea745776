import type { Language } from '@app/shared/config';
import { formatDate, formatMonth, formatNumber } from '../points/format.ts';

// The messages of calls live with the shared code (lib); the screens import them from here too.
export { errorMessage, type Message, validationMessage } from '../../lib/messages.ts';

/**
 * Placeholder values as the reader expects them: numbers with thousands separators, JST dates
 * (YYYY-MM-DD) and months (YYYY-MM) written out.
 */
export function localizeParams(
  lang: Language,
  params: Record<string, string | number> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params ?? {}))
    out[k] =
      typeof v === 'number'
        ? formatNumber(lang, v)
        : /^\d{4}-\d{2}-\d{2}$/.test(v)
          ? formatDate(lang, `${v}T00:00:00+09:00`)
          : /^\d{4}-\d{2}$/.test(v)
            ? formatMonth(lang, v)
            : v;
  return out;
}
