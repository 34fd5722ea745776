import { loginProfileRequest } from '@app/shared/schemas/auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { PasswordField, TextField } from '../../../components/Field.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useForm } from '../../../lib/useForm.ts';
import { loginProfile } from '../api/loginProfile.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { startSession } from '../components/after-login.ts';

/** /creator/login/cast: casts created by an organization log in with username + password. */
export default function CastLoginPage() {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const form = useForm();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.check(loginProfileRequest, { username, password });
    if (!body) return;
    void form.submit(
      () => loginProfile(body),
      async (token) => navigate(to(await startSession(token)), { replace: true }),
    );
  };

  return (
    <AuthCard
      title={t('auth.castLogin.heading')}
      lead={t('auth.castLogin.lead')}
      footer={<LangLink to="/creator/login">{t('auth.castLogin.emailLoginLink')}</LangLink>}
    >
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="form">
        <Alert kind="error">{form.formError ? t(form.formError, form.formErrorParams) : null}</Alert>
        <TextField
          label={t('auth.fields.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          required
          value={username}
          error={form.errors.username}
          onChange={(e) => {
            setUsername(e.target.value);
            form.clearError('username');
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
          {t('auth.castLogin.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
