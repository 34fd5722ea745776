import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/Field.tsx';
import { validationValues } from '../../../lib/i18n.ts';

/** Password entered twice (8-20 letters, numbers or symbols, no spaces). */
export function NewPasswordFields({
  password,
  confirmation,
  onPassword,
  onConfirmation,
  errors,
  labels = 'password',
}: {
  password: string;
  confirmation: string;
  onPassword: (v: string) => void;
  onConfirmation: (v: string) => void;
  errors: Record<string, string>;
  labels?: 'password' | 'newPassword';
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t(`auth.fields.${labels}`)}
        hint={t('auth.fields.passwordHint', validationValues)}
        name="password"
        autoComplete="new-password"
        required
        value={password}
        error={errors.password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <PasswordField
        label={t(`auth.fields.${labels}Confirmation`)}
        name="password_confirmation"
        autoComplete="new-password"
        required
        value={confirmation}
        error={errors.password_confirmation}
        onChange={(e) => onConfirmation(e.target.value)}
      />
    </>
  );
}
