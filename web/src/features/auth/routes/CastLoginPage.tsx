import { loginProfileRequest } from '@app/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { CAST_PASSWORD_PATH } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { PasswordField, TextField } from '../../../components/Field.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { loginPathWithReturn, returnPathIn } from '../../../lib/return-to.ts';
import { loginProfile } from '../api/loginProfile.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { startSession } from '../components/after-login.ts';

/**
 * /creator/login/cast: casts created by an organization log in with username + password; one that
 * must choose its own password goes to /creator/login/cast/password first.
 */
export default function CastLoginPage() {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  // The page that sent here to log in (?next=), opened after the login.
  const next = returnPathIn(useLocation().search);
  const { form, submit, errorOf, formError, busy } = useApiForm(loginProfileRequest, {
    username: '',
    password: '',
  });

  // A cast at its first login (or after a reset) chooses its own password first, then goes on.
  const onSubmit = submit(
    (body) => loginProfile(body),
    async (token) => {
      const after = await startSession(token, next);
      const path = token.password_change_required ? loginPathWithReturn(CAST_PASSWORD_PATH, after) : after;
      navigate(to(path), { replace: true });
    },
  );

  return (
    <AuthCard
      title={t('auth.castLogin.heading')}
      lead={t('auth.castLogin.lead')}
      footer={
        <LangLink to={loginPathWithReturn('/creator/login', next)}>
          {t('auth.castLogin.emailLoginLink')}
        </LangLink>
      }
    >
      <form onSubmit={onSubmit} noValidate className="form">
        <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
        <TextField
          label={t('auth.fields.username')}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          required
          error={errorOf('username')}
          {...form.register('username')}
        />
        <PasswordField
          label={t('auth.fields.password')}
          autoComplete="current-password"
          required
          error={errorOf('password')}
          {...form.register('password')}
        />
        <Button type="submit" className="btn--block" busy={busy} busyLabel={t('common.actions.sending')}>
          {t('auth.castLogin.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
