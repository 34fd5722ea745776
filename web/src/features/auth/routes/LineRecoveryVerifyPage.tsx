import { lineRecoveryVerifyRequest } from '@app/shared/schemas/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { CodeField } from '../../../components/CodeField.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { lineRecovery } from '../api/lineRecovery.ts';
import { lineRecoveryVerify } from '../api/lineRecoveryVerify.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { startLineLogin } from '../components/start-line-login.ts';
import { useEmailParam } from '../components/useEmailParam.ts';
import { useResendCode } from '../components/useResendCode.ts';

/**
 * /user/line-recovery/verify: the code gives a recovery token; LINE login with it attaches the
 * new LINE account (the callback answers `recovered: true`).
 */
export default function LineRecoveryVerifyPage() {
  const { t } = useTranslation();
  const { lang, prefix } = useLang();
  const email = useEmailParam();
  const { form, submit, errorOf, formError, setFormError, busy } = useApiForm(lineRecoveryVerifyRequest, {
    email,
    code: '',
  });
  const { resent, resending, resend } = useResendCode(setFormError, () => lineRecovery({ email }));
  const [leaving, setLeaving] = useState(false);

  if (!email) {
    return (
      <AuthCard title={t('auth.lineRecoveryVerify.heading')}>
        <Alert kind="error">{t('auth.lineRecoveryVerify.missingEmail')}</Alert>
        <LangLink to="/user/line-recovery">{t('auth.lineRecoveryVerify.restart')}</LangLink>
      </AuthCard>
    );
  }

  const onSubmit = submit(
    (body) => lineRecoveryVerify(body),
    async ({ recovery_token }) => {
      const result = await startLineLogin(lang, prefix, { recoveryToken: recovery_token });
      // on success the browser is leaving for LINE: keep the button disabled
      if (result?.ok) setLeaving(true);
      else setFormError({ key: 'errors.lineLoginFailed' });
    },
  );

  return (
    <AuthCard
      title={t('auth.lineRecoveryVerify.heading')}
      lead={t('auth.lineRecoveryVerify.lead', { email })}
    >
      <form onSubmit={onSubmit} noValidate className="form">
        <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
        <Alert kind="success">{resent ? t('auth.lineRecoveryVerify.resent') : null}</Alert>
        <CodeField control={form.control} error={errorOf('code')} />
        <Button
          type="submit"
          variant="line"
          className="btn--block"
          busy={busy || leaving}
          busyLabel={t('common.actions.sending')}
        >
          {t('auth.lineRecoveryVerify.submit')}
        </Button>
        <Button variant="link" onClick={resend} busy={resending} disabled={busy}>
          {t('auth.lineRecoveryVerify.resend')}
        </Button>
      </form>
    </AuthCard>
  );
}
