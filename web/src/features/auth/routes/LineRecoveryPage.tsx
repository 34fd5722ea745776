import { lineRecoveryRequest } from '@app/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/Field.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { lineRecovery } from '../api/lineRecovery.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { verifyPath } from '../components/useEmailParam.ts';

/** /user/line-recovery: the fan's notification e-mail receives a code. */
export default function LineRecoveryPage() {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const { form, submit, errorOf, formError, busy } = useApiForm(lineRecoveryRequest, { email: '' });

  const onSubmit = submit(
    (body) => lineRecovery(body),
    (_, body) =>
      navigate(to(verifyPath('/user/line-recovery/verify', body.email)), { state: { email: body.email } }),
  );

  return (
    <AuthCard
      title={t('auth.lineRecovery.heading')}
      lead={t('auth.lineRecovery.lead')}
      footer={<LangLink to="/user/login">{t('auth.lineRecovery.backToLogin')}</LangLink>}
    >
      <form onSubmit={onSubmit} noValidate className="form">
        <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
        <TextField
          label={t('auth.lineRecovery.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errorOf('email')}
          {...form.register('email')}
        />
        <Button type="submit" className="btn--block" busy={busy} busyLabel={t('common.actions.sending')}>
          {t('auth.lineRecovery.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
