import { businessConfig } from '@app/shared/config';
import { registerVerifyRequest } from '@app/shared/schemas/auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { CodeField } from '../../../components/CodeField.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useForm } from '../../../lib/useForm.ts';
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
  const form = useForm();
  const { resent, resending, resend } = useResendCode(form, () =>
    register({
      email,
      role_id:
        state?.role_id === businessConfig.roles.USER
          ? businessConfig.roles.USER
          : businessConfig.roles.CREATOR,
    }),
  );
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  if (!email) {
    return (
      <AuthCard title={t('auth.registerVerify.heading')}>
        <Alert kind="error">{t('auth.registerVerify.missingEmail')}</Alert>
        <LangLink to="/creator/register">{t('auth.registerVerify.restart')}</LangLink>
      </AuthCard>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.check(registerVerifyRequest, {
      email,
      code,
      password,
      password_confirmation: confirmation,
    });
    if (!body) return;
    void form.submit(
      () => registerVerify(body),
      async (token) => navigate(to(await startSession(token)), { replace: true }),
    );
  };

  return (
    <AuthCard title={t('auth.registerVerify.heading')} lead={t('auth.registerVerify.lead', { email })}>
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="form">
        <Alert kind="error">{form.formError ? t(form.formError, form.formErrorParams) : null}</Alert>
        <Alert kind="success">{resent ? t('auth.registerVerify.resent') : null}</Alert>
        <CodeField value={code} onChange={setCode} form={form} />
        <NewPasswordFields
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
          {t('auth.registerVerify.submit')}
        </Button>
        <Button variant="link" onClick={resend} busy={resending} disabled={form.busy}>
          {t('auth.registerVerify.resend')}
        </Button>
      </form>
    </AuthCard>
  );
}
