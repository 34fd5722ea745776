import { forgotPasswordVerifyRequest } from '@app/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { CodeField } from '../../../components/CodeField.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { forgotPassword } from '../api/forgotPassword.ts';
import { forgotPasswordVerify } from '../api/forgotPasswordVerify.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { NewPasswordFields } from '../components/NewPasswordFields.tsx';
import { useEmailParam } from '../components/useEmailParam.ts';
import { useResendCode } from '../components/useResendCode.ts';

/** /creator/forgot-password/verify: code + new password twice; then back to login. */
export default function ForgotPasswordVerifyPage() {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const email = useEmailParam();
  const { form, submit, errorOf, formError, setFormError, busy } = useApiForm(forgotPasswordVerifyRequest, {
    email,
    code: '',
    password: '',
    password_confirmation: '',
  });
  const { resent, resending, resend } = useResendCode(setFormError, () => forgotPassword({ email }));

  if (!email) {
    return (
      <AuthCard title={t('auth.forgotPasswordVerify.heading')}>
        <Alert kind="error">{t('auth.forgotPasswordVerify.missingEmail')}</Alert>
        <LangLink to="/creator/forgot-password">{t('auth.forgotPasswordVerify.restart')}</LangLink>
      </AuthCard>
    );
  }

  const onSubmit = submit(
    (body) => forgotPasswordVerify(body),
    () => navigate(to('/creator/login'), { replace: true, state: { notice: 'passwordReset' } }),
  );

  return (
    <AuthCard
      title={t('auth.forgotPasswordVerify.heading')}
      lead={t('auth.forgotPasswordVerify.lead', { email })}
    >
      <form onSubmit={onSubmit} noValidate className="form">
        <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
        <Alert kind="success">{resent ? t('auth.forgotPasswordVerify.resent') : null}</Alert>
        <CodeField control={form.control} error={errorOf('code')} />
        <NewPasswordFields
          labels="newPassword"
          password={form.register('password')}
          confirmation={form.register('password_confirmation')}
          errors={{ password: errorOf('password'), password_confirmation: errorOf('password_confirmation') }}
        />
        <Button type="submit" className="btn--block" busy={busy} busyLabel={t('common.actions.sending')}>
          {t('auth.forgotPasswordVerify.submit')}
        </Button>
        <Button variant="link" onClick={resend} busy={resending} disabled={busy}>
          {t('auth.forgotPasswordVerify.resend')}
        </Button>
      </form>
    </AuthCard>
  );
}
