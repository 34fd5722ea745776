import type { ErrorBody } from '@app/shared/errors';
import type * as z from 'zod/mini';

/** Field → i18n key of its first issue. */
export type FieldErrors = Record<string, string>;

export function zodFieldErrors(error: z.core.$ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_form';
    out[field] ??= issue.message;
  }
  return out;
}

/** The `issues` of a 422 body, in the same shape. */
export function serverFieldErrors(body: ErrorBody): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of body.issues ?? []) out[issue.path || '_form'] ??= issue.message;
  return out;
}

/** Parse form values with a contract schema: the data, or the field errors. */
export function validate<S extends z.ZodMiniType>(
  schema: S,
  values: unknown,
): { data: z.output<S>; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(values);
  return result.success
    ? { data: result.data, errors: null }
    : { data: null, errors: zodFieldErrors(result.error) };
}
