import { forgotPasswordVerifyRequest } from '@app/shared/schemas/auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { CodeField } from '../../../components/CodeField.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useForm } from '../../../lib/useForm.ts';
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
  const form = useForm();
  const { resent, resending, resend } = useResendCode(form, () => forgotPassword({ email }));
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  if (!email) {
    return (
      <AuthCard title={t('auth.forgotPasswordVerify.heading')}>
        <Alert kind="error">{t('auth.forgotPasswordVerify.missingEmail')}</Alert>
        <LangLink to="/creator/forgot-password">{t('auth.forgotPasswordVerify.restart')}</LangLink>
      </AuthCard>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.check(forgotPasswordVerifyRequest, {
      email,
      code,
      password,
      password_confirmation: confirmation,
    });
    if (!body) return;
    void form.submit(
      () => forgotPasswordVerify(body),
      () => navigate(to('/creator/login'), { replace: true, state: { notice: 'passwordReset' } }),
    );
  };

  return (
    <AuthCard
      title={t('auth.forgotPasswordVerify.heading')}
      lead={t('auth.forgotPasswordVerify.lead', { email })}
    >
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="form">
        <Alert kind="error">{form.formError ? t(form.formError, form.formErrorParams) : null}</Alert>
        <Alert kind="success">{resent ? t('auth.forgotPasswordVerify.resent') : null}</Alert>
        <CodeField value={code} onChange={setCode} form={form} />
        <NewPasswordFields
          labels="newPassword"
          password={password}
          confirmation={confirmation}
          errors={form.errors}
          onPassword={(v) => {
            setPassword(v);
            form.clearError('password');
          }}
          onConfirmation={(v) => {
            setConfirmation(v);
            form.clearError('password_confirmation');
          }}
        />
        <Button type="submit" className="btn--block" busy={form.busy} busyLabel={t('common.actions.sending')}>
          {t('auth.forgotPasswordVerify.submit')}
        </Button>
        <Button variant="link" onClick={resend} busy={resending} disabled={form.busy}>
          {t('auth.forgotPasswordVerify.resend')}
        </Button>
      </form>
    </AuthCard>
  );
}
