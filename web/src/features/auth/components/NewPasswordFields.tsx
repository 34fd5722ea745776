import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/Field.tsx';
import { validationValues } from '../../../lib/i18n.ts';

/** Password entered twice (8-20 letters, numbers or symbols, no spaces), registered on the page's form. */
export function NewPasswordFields({
  password,
  confirmation,
  errors,
  labels = 'password',
}: {
  password: UseFormRegisterReturn<'password'>;
  confirmation: UseFormRegisterReturn<'password_confirmation'>;
  /** The fields' errors (i18n keys). */
  errors: { password?: string | undefined; password_confirmation?: string | undefined };
  /** The auth catalogue's labels, or the page's own (the casts' first password). */
  labels?: 'password' | 'newPassword' | { password: string; confirmation: string };
}) {
  const { t } = useTranslation();
  const text =
    typeof labels === 'string'
      ? { password: t(`auth.fields.${labels}`), confirmation: t(`auth.fields.${labels}Confirmation`) }
      : labels;
  return (
    <>
      <PasswordField
        label={text.password}
        hint={t('auth.fields.passwordHint', validationValues)}
        autoComplete="new-password"
        required
        error={errors.password}
        {...password}
      />
      <PasswordField
        label={text.confirmation}
        autoComplete="new-password"
        required
        error={errors.password_confirmation}
        {...confirmation}
      />
    </>
  );
}
