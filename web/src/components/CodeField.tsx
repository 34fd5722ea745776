import { businessConfig } from '@app/shared/config';
import { useTranslation } from 'react-i18next';
import { TextField } from './Field.tsx';

/** The form the field reports to: its `code` error shows, and typing clears it. */
interface CodeForm {
  errors: Record<string, string | undefined>;
  clearError: (field: string) => void;
}

/** The 6-digit verification code input. */
export function CodeField({
  value,
  onChange,
  form,
}: {
  value: string;
  onChange: (value: string) => void;
  form: CodeForm;
}) {
  const { t } = useTranslation();
  const length = businessConfig.auth.verificationCodeLength;
  return (
    <TextField
      label={t('auth.fields.code')}
      hint={t('auth.fields.codeHint', { minutes: businessConfig.auth.verificationCodeMinutes })}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={length}
      required
      value={value}
      error={form.errors.code}
      onChange={(e) => {
        onChange(e.target.value.replace(/\D/g, '').slice(0, length));
        form.clearError('code');
      }}
    />
  );
}
