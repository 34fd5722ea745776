import { businessConfig } from '@app/shared/config';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from './Field.tsx';

/** Only digits, at most the code's length: what the field keeps of what is typed or pasted. */
export const codeDigits = (value: string) =>
  value.replace(/\D/g, '').slice(0, businessConfig.auth.verificationCodeLength);

/**
 * The 6-digit verification code input of a React Hook Form form with a `code` field: it keeps
 * digits only, and shows the field's error (an i18n key, from the schema or the server).
 */
export function CodeField<T extends FieldValues & { code: string }>({
  control,
  error,
}: {
  control: Control<T>;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'code' as Path<T> });
  return (
    <TextField
      label={t('auth.fields.code')}
      hint={t('auth.fields.codeHint', { minutes: businessConfig.auth.verificationCodeMinutes })}
      name={field.name}
      ref={field.ref}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={businessConfig.auth.verificationCodeLength}
      required
      value={(field.value as string | undefined) ?? ''}
      error={error}
      onBlur={field.onBlur}
      onChange={(e) => field.onChange(codeDigits(e.target.value))}
    />
  );
}
