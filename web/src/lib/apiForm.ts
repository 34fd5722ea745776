/**
 * Forms on React Hook Form with the zod resolver: the contract schema of the request checks the
 * values (its messages are i18n keys, shown on their fields), and the API's answer is mapped back
 * the same way: a 422's issues go to their fields, anything else to the form's message.
 */
import type { ErrorBody } from '@app/shared/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { type ApiResult, errorMessageKey, errorParams } from './api.ts';

/** A message to show: an i18n key and its placeholder values. */
export interface FormMessage {
  key: string;
  params?: Record<string, string | number> | undefined;
}

/**
 * Puts a 422's issues on their fields (the first issue of each field wins) and answers the form's
 * own message: an issue without a field, or the generic one when no field got a message.
 */
export function applyServerIssues(
  body: ErrorBody,
  setField: (path: string, key: string) => void,
): FormMessage | null {
  const seen = new Set<string>();
  let formKey: string | null = null;
  for (const issue of body.issues ?? []) {
    if (!issue.path || issue.path === '_form') {
      formKey ??= issue.message;
      continue;
    }
    if (seen.has(issue.path)) continue;
    seen.add(issue.path);
    setField(issue.path, issue.message);
  }
  if (formKey) return { key: formKey, params: body.params };
  if (seen.size === 0) return { key: 'errors.validation', params: body.params };
  return null;
}

/** The form's message for a call that failed without a 422 (the API's code, or the network). */
export const failureMessage = (err: unknown): FormMessage => ({
  key: errorMessageKey(err),
  params: errorParams(err),
});

/**
 * A form checked by a contract schema and sent to the API. `submit(call, onSuccess)` is the
 * form's onSubmit handler: it validates, calls, and maps the answer back onto the form. A submit
 * while one is still under way does nothing (no double send by a quick second Enter or click).
 * After a submit with errors (the schema's or the server's), the first invalid field on screen
 * (`aria-invalid`, in page order, whatever registered it) has the focus.
 */
export function useApiForm<In extends FieldValues, Out>(
  schema: z.ZodMiniType<Out, In>,
  defaultValues: DefaultValues<In>,
) {
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    mode: 'onSubmit',
    // Page order, not registration order: see `focusTick`.
    shouldFocusError: false,
  });
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const inFlight = useRef(false);
  const formElement = useRef<HTMLFormElement | null>(null);
  /** Bumped after each submit: once its errors are on screen, the first invalid field is focused. */
  const [focusTick, setFocusTick] = useState(0);
  useEffect(() => {
    if (focusTick) formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  const submit = <T>(
    call: (body: Out) => Promise<ApiResult<T>>,
    /** `body`: the values as the schema gave them (trimmed, normalized) and as they were sent. */
    onSuccess: (data: T, body: Out) => void | Promise<void>,
  ) => {
    const handle = form.handleSubmit(async (body) => {
      setFormError(null);
      try {
        const result = await call(body);
        if (result === null) return;
        if (!result.ok) {
          const rest = applyServerIssues(result.body, (path, key) => {
            form.setError(path as Path<In>, { type: 'server', message: key });
          });
          if (rest) setFormError(rest);
          return;
        }
        await onSuccess(result.data, body);
      } catch (err) {
        setFormError(failureMessage(err));
      }
    });
    return async (event?: { preventDefault?: () => void; currentTarget?: unknown }) => {
      if (inFlight.current) {
        event?.preventDefault?.();
        return;
      }
      inFlight.current = true;
      if (event?.currentTarget instanceof HTMLFormElement) formElement.current = event.currentTarget;
      try {
        await handle(event as Parameters<typeof handle>[0]);
      } finally {
        inFlight.current = false;
        setFocusTick((n) => n + 1);
      }
    };
  };

  /** The i18n key of a field's error (from the schema or the server). */
  const errorOf = (name: Path<In>): string | undefined => {
    const error = name
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        form.formState.errors,
      ) as { message?: unknown } | undefined;
    return typeof error?.message === 'string' ? error.message : undefined;
  };

  return { form, submit, errorOf, formError, setFormError, busy: form.formState.isSubmitting };
}
