import type { Language } from '@app/shared/config';
import { errorCatalog } from '@app/shared/errors';
import { ApiError, errorMessageKey, type ValidationResult } from '../../lib/api.ts';
import { formatDate, formatMonth, formatNumber } from '../points/format.ts';

/** A message to show: an i18n key and its placeholder values. */
export interface Message {
  key: string;
  params?: Record<string, string | number> | undefined;
}

/** The message of a failed call: the catalogue key of its code with the params the API sent. */
export function errorMessage(err: unknown, fallback = 'errors.communication'): Message {
  if (err instanceof ApiError && err.code && errorCatalog[err.code]) {
    return { key: errorCatalog[err.code].key, params: err.body?.params };
  }
  return { key: errorMessageKey(err, fallback) };
}

/** The message of a 422: its first issue (e.g. validation.purchaseAmount), else the generic one. */
export function validationMessage(result: ValidationResult, params?: Record<string, number>): Message {
  const issue = result.body.issues?.[0];
  return { key: issue?.message ?? 'errors.validation', params: { ...params, ...result.body.params } };
}

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
