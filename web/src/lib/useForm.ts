import { useCallback, useRef, useState } from 'react';
import type * as z from 'zod/mini';
import { type ApiResult, errorMessageKey, errorParams } from './api.ts';
import { type FieldErrors, serverFieldErrors, validate } from './forms.ts';

/**
 * Form state shared by the screens: field errors (i18n keys) from the contract schema or from a
 * 422, a form-level error for other failures, and a busy flag that disables the submit button.
 */
export function useForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrorsState] = useState<FieldErrors>({});
  const [formError, setFormErrorKey] = useState<string | null>(null);
  /** Placeholder values of the form message (e.g. the minutes to wait after a 429). */
  const [formErrorParams, setFormErrorParams] = useState<Record<string, string | number>>({});
  const setFormError = useCallback((key: string | null, params?: Record<string, string | number>) => {
    setFormErrorKey(key);
    setFormErrorParams(params ?? {});
  }, []);
  const [busy, setBusy] = useState(false);

  const setErrors = useCallback((next: FieldErrors) => {
    setErrorsState(next);
    if (Object.keys(next).length) {
      requestAnimationFrame(() => {
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
    }
  }, []);

  /** Check values against a schema; on failure the field errors are shown and null returned. */
  function check<S extends z.ZodMiniType>(schema: S, values: unknown): z.output<S> | null {
    const result = validate(schema, values);
    if (result.errors) {
      setErrors(result.errors);
      if (result.errors._form) setFormError(result.errors._form);
      return null;
    }
    setErrorsState({});
    return result.data;
  }

  /** Run an API call: 422 issues go to the fields, other failures to the form message. */
  async function submit<T>(call: () => Promise<ApiResult<T>>, onSuccess: (data: T) => void | Promise<void>) {
    setBusy(true);
    setFormError(null);
    try {
      const result = await call();
      if (result === null) return;
      if (!result.ok) {
        const fieldErrors = serverFieldErrors(result.body);
        setErrors(fieldErrors);
        if (fieldErrors._form || !Object.keys(fieldErrors).length) {
          setFormError(fieldErrors._form ?? 'errors.validation');
        }
        return;
      }
      await onSuccess(result.data);
    } catch (err) {
      setFormError(errorMessageKey(err), errorParams(err));
    } finally {
      setBusy(false);
    }
  }

  const clearError = (field: string) =>
    setErrorsState((prev) => {
      if (!(field in prev)) return prev;
      const { [field]: _removed, ...rest } = prev;
      return rest;
    });

  return {
    formRef,
    errors,
    setErrors,
    formError,
    formErrorParams,
    setFormError,
    busy,
    setBusy,
    check,
    submit,
    clearError,
  };
}
