import { forgotPasswordRequest } from '@app/shared/schemas/auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/Field.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useForm } from '../../../lib/useForm.ts';
import { forgotPassword } from '../api/forgotPassword.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { verifyPath } from '../components/useEmailParam.ts';

/** /creator/forgot-password: sends a reset code. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const form = useForm();
  const [email, setEmail] = useState('');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.check(forgotPasswordRequest, { email });
    if (!body) return;
    void form.submit(
      () => forgotPassword(body),
      () =>
        navigate(to(verifyPath('/creator/forgot-password/verify', body.email)), {
          state: { email: body.email },
        }),
    );
  };

  return (
    <AuthCard
      title={t('auth.forgotPassword.heading')}
      lead={t('auth.forgotPassword.lead')}
      footer={<LangLink to="/creator/login">{t('auth.forgotPassword.loginLink')}</LangLink>}
    >
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="form">
        <Alert kind="error">{form.formError ? t(form.formError, form.formErrorParams) : null}</Alert>
        <TextField
          label={t('auth.fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          error={form.errors.email}
          onChange={(e) => {
            setEmail(e.target.value);
            form.clearError('email');
          }}
        />
        <Button type="submit" className="btn--block" busy={form.busy} busyLabel={t('common.actions.sending')}>
          {t('auth.forgotPassword.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
