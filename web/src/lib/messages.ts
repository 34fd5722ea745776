/** What a screen shows for a call's outcome: an i18n key and its placeholder values. */
import { errorCatalog } from '@app/shared/errors';
import { ApiError, errorMessageKey, type ValidationResult } from './api.ts';

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
