import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validationValues } from '../lib/i18n.ts';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** An i18n key (validation.* / errors.*). */
  error?: string | undefined;
  required?: boolean | undefined;
  children: ReactNode;
  after?: ReactNode;
}

export function FieldShell({ id, label, hint, error, required, children, after }: FieldShellProps) {
  const { t } = useTranslation();
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? <span className="field__req">{t('common.required')}</span> : null}
      </label>
      {children}
      {after}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {t(error, validationValues)}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** The input element (React Hook Form's `register` passes one: it focuses the first invalid field). */
  ref?: Ref<HTMLInputElement> | undefined;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  after?: ReactNode;
}

export function TextField({ label, hint, error, after, required, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required} after={after}>
      <input
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        aria-required={required || undefined}
        {...input}
      />
    </FieldShell>
  );
}

export function PasswordField({ label, hint, error, required, ...input }: TextFieldProps) {
  const id = useId();
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required}>
      <div className="input-group">
        <input
          id={id}
          className="input"
          type={shown ? 'text' : 'password'}
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          aria-required={required || undefined}
          {...input}
        />
        <button
          type="button"
          className="input-group__btn"
          aria-controls={id}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? t('common.actions.hidePassword') : t('common.actions.showPassword')}
        </button>
      </div>
    </FieldShell>
  );
}
