import { businessConfig } from '@app/shared/config';
import { registerRequest } from '@app/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/Field.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { register } from '../api/register.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { verifyPath } from '../components/useEmailParam.ts';

const R = businessConfig.roles;
type RegisterRole = typeof R.CREATOR | typeof R.USER;

/** /creator/register: e-mail and account type; sends the verification code. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const { form, submit, errorOf, formError, busy } = useApiForm(registerRequest, {
    email: '',
    role_id: R.CREATOR as RegisterRole,
  });
  const roleId = form.watch('role_id');

  const onSubmit = submit(
    (body) => register(body),
    (_, body) =>
      navigate(to(verifyPath('/creator/register/verify', body.email)), {
        state: { email: body.email, role_id: body.role_id },
      }),
  );

  const roles: { id: RegisterRole; label: string; hint: string }[] = [
    { id: R.CREATOR, label: t('auth.register.roleCreator'), hint: t('auth.register.roleCreatorHint') },
    { id: R.USER, label: t('auth.register.roleOwner'), hint: t('auth.register.roleOwnerHint') },
  ];

  return (
    <AuthCard
      title={t('auth.register.heading')}
      lead={t('auth.register.lead')}
      footer={<LangLink to="/creator/login">{t('auth.register.loginLink')}</LangLink>}
    >
      <form onSubmit={onSubmit} noValidate className="form">
        <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
        <fieldset className="choice-group">
          <legend className="field__label">{t('auth.register.roleLegend')}</legend>
          {roles.map((role) => (
            <label key={role.id} className="choice">
              <input
                type="radio"
                name="role_id"
                value={role.id}
                checked={roleId === role.id}
                onChange={() => form.setValue('role_id', role.id)}
              />
              <span>
                <span className="choice__label">{role.label}</span>
                <span className="choice__hint">{role.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errorOf('email')}
          {...form.register('email')}
        />
        <Button type="submit" className="btn--block" busy={busy} busyLabel={t('common.actions.sending')}>
          {t('auth.register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
