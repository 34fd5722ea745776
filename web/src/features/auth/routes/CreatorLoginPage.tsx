import { loginRequest } from '@app/shared/schemas/auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { PasswordField, TextField } from '../../../components/Field.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useForm } from '../../../lib/useForm.ts';
import { login } from '../api/login.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { startSession } from '../components/after-login.ts';

/** /creator/login: e-mail + password. */
export default function CreatorLoginPage() {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const form = useForm();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.check(loginRequest, { email, password });
    if (!body) return;
    void form.submit(
      () => login(body),
      async (token) => navigate(to(await startSession(token)), { replace: true }),
    );
  };

  return (
    <AuthCard
      title={t('auth.creatorLogin.heading')}
      lead={t('auth.creatorLogin.lead')}
      footer={
        <>
          <LangLink to="/creator/register">{t('auth.creatorLogin.registerLink')}</LangLink>
          <LangLink to="/creator/forgot-password">{t('auth.creatorLogin.forgotLink')}</LangLink>
          <LangLink to="/creator/login/cast">{t('auth.creatorLogin.castLink')}</LangLink>
          <LangLink to="/user/login">{t('auth.creatorLogin.fanLink')}</LangLink>
        </>
      }
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
        <PasswordField
          label={t('auth.fields.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={form.errors.password}
          onChange={(e) => {
            setPassword(e.target.value);
            form.clearError('password');
          }}
        />
        <Button type="submit" className="btn--block" busy={form.busy} busyLabel={t('common.actions.sending')}>
          {t('auth.creatorLogin.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
