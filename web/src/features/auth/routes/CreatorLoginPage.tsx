import { loginRequest } from '@app/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { PasswordField, TextField } from '../../../components/Field.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { loginPathWithReturn, returnPathIn } from '../../../lib/return-to.ts';
import { login } from '../api/login.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { startSession } from '../components/after-login.ts';

/** /creator/login: e-mail + password. */
export default function CreatorLoginPage() {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  // The page that sent here to log in (?next=), opened after the login.
  const next = returnPathIn(useLocation().search);
  const { form, submit, errorOf, formError, busy } = useApiForm(loginRequest, { email: '', password: '' });

  const onSubmit = submit(
    (body) => login(body),
    async (token) => navigate(to(await startSession(token, next)), { replace: true }),
  );

  return (
    <AuthCard
      title={t('auth.creatorLogin.heading')}
      lead={t('auth.creatorLogin.lead')}
      footer={
        <>
          <LangLink to="/creator/register">{t('auth.creatorLogin.registerLink')}</LangLink>
          <LangLink to="/creator/forgot-password">{t('auth.creatorLogin.forgotLink')}</LangLink>
          <LangLink to={loginPathWithReturn('/creator/login/cast', next)}>
            {t('auth.creatorLogin.castLink')}
          </LangLink>
          <LangLink to={loginPathWithReturn('/user/login', next)}>{t('auth.creatorLogin.fanLink')}</LangLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="form">
        <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errorOf('email')}
          {...form.register('email')}
        />
        <PasswordField
          label={t('auth.fields.password')}
          autoComplete="current-password"
          required
          error={errorOf('password')}
          {...form.register('password')}
        />
        <Button type="submit" className="btn--block" busy={busy} busyLabel={t('common.actions.sending')}>
          {t('auth.creatorLogin.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
