import { forgotPasswordRequest } from '@app/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/Field.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { forgotPassword } from '../api/forgotPassword.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { verifyPath } from '../components/useEmailParam.ts';

/** /creator/forgot-password: sends a reset code. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const { form, submit, errorOf, formError, busy } = useApiForm(forgotPasswordRequest, { email: '' });

  const onSubmit = submit(
    (body) => forgotPassword(body),
    (_, body) =>
      navigate(to(verifyPath('/creator/forgot-password/verify', body.email)), {
        state: { email: body.email },
      }),
  );

  return (
    <AuthCard
      title={t('auth.forgotPassword.heading')}
      lead={t('auth.forgotPassword.lead')}
      footer={<LangLink to="/creator/login">{t('auth.forgotPassword.loginLink')}</LangLink>}
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
        <Button type="submit" className="btn--block" busy={busy} busyLabel={t('common.actions.sending')}>
          {t('auth.forgotPassword.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
