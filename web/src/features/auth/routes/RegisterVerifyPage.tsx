import { businessConfig } from '@app/shared/config';
import { registerVerifyRequest } from '@app/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { CodeField } from '../../../components/CodeField.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { register } from '../api/register.ts';
import { registerVerify } from '../api/registerVerify.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { startSession } from '../components/after-login.ts';
import { NewPasswordFields } from '../components/NewPasswordFields.tsx';
import { useEmailParam } from '../components/useEmailParam.ts';
import { useResendCode } from '../components/useResendCode.ts';

/** /creator/register/verify: code + password; then sign-up STEP.1. */
export default function RegisterVerifyPage() {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const email = useEmailParam();
  const state = useLocation().state as { role_id?: number } | null;
  const { form, submit, errorOf, formError, setFormError, busy } = useApiForm(registerVerifyRequest, {
    email,
    code: '',
    password: '',
    password_confirmation: '',
  });
  const { resent, resending, resend } = useResendCode(setFormError, () =>
    register({
      email,
      role_id:
        state?.role_id === businessConfig.roles.USER
          ? businessConfig.roles.USER
          : businessConfig.roles.CREATOR,
    }),
  );

  if (!email) {
    return (
      <AuthCard title={t('auth.registerVerify.heading')}>
        <Alert kind="error">{t('auth.registerVerify.missingEmail')}</Alert>
        <LangLink to="/creator/register">{t('auth.registerVerify.restart')}</LangLink>
      </AuthCard>
    );
  }

  const onSubmit = submit(
    (body) => registerVerify(body),
    async (token) => navigate(to(await startSession(token)), { replace: true }),
  );

  return (
    <AuthCard title={t('auth.registerVerify.heading')} lead={t('auth.registerVerify.lead', { email })}>
      <form onSubmit={onSubmit} noValidate className="form">
        <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
        <Alert kind="success">{resent ? t('auth.registerVerify.resent') : null}</Alert>
        <CodeField control={form.control} error={errorOf('code')} />
        <NewPasswordFields
          password={form.register('password')}
          confirmation={form.register('password_confirmation')}
          errors={{ password: errorOf('password'), password_confirmation: errorOf('password_confirmation') }}
        />
        <Button type="submit" className="btn--block" busy={busy} busyLabel={t('common.actions.sending')}>
          {t('auth.registerVerify.submit')}
        </Button>
        <Button variant="link" onClick={resend} busy={resending} disabled={busy}>
          {t('auth.registerVerify.resend')}
        </Button>
      </form>
    </AuthCard>
  );
}
