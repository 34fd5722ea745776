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
  labels?: 'password' | 'newPassword';
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t(`auth.fields.${labels}`)}
        hint={t('auth.fields.passwordHint', validationValues)}
        autoComplete="new-password"
        required
        error={errors.password}
        {...password}
      />
      <PasswordField
        label={t(`auth.fields.${labels}Confirmation`)}
        autoComplete="new-password"
        required
        error={errors.password_confirmation}
        {...confirmation}
      />
    </>
  );
}
