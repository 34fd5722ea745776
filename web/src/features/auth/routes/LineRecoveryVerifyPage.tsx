import { lineRecoveryVerifyRequest } from '@app/shared/schemas/auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { CodeField } from '../../../components/CodeField.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useForm } from '../../../lib/useForm.ts';
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
  const form = useForm();
  const { resent, resending, resend } = useResendCode(form, () => lineRecovery({ email }));
  const [code, setCode] = useState('');
  const [leaving, setLeaving] = useState(false);

  if (!email) {
    return (
      <AuthCard title={t('auth.lineRecoveryVerify.heading')}>
        <Alert kind="error">{t('auth.lineRecoveryVerify.missingEmail')}</Alert>
        <LangLink to="/user/line-recovery">{t('auth.lineRecoveryVerify.restart')}</LangLink>
      </AuthCard>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.check(lineRecoveryVerifyRequest, { email, code });
    if (!body) return;
    void form.submit(
      () => lineRecoveryVerify(body),
      async ({ recovery_token }) => {
        const result = await startLineLogin(lang, prefix, recovery_token);
        // on success the browser is leaving for LINE: keep the button disabled
        if (result?.ok) setLeaving(true);
        else form.setFormError('errors.lineLoginFailed');
      },
    );
  };

  return (
    <AuthCard
      title={t('auth.lineRecoveryVerify.heading')}
      lead={t('auth.lineRecoveryVerify.lead', { email })}
    >
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="form">
        <Alert kind="error">{form.formError ? t(form.formError, form.formErrorParams) : null}</Alert>
        <Alert kind="success">{resent ? t('auth.lineRecoveryVerify.resent') : null}</Alert>
        <CodeField value={code} onChange={setCode} form={form} />
        <Button
          type="submit"
          variant="line"
          className="btn--block"
          busy={form.busy || leaving}
          busyLabel={t('common.actions.sending')}
        >
          {t('auth.lineRecoveryVerify.submit')}
        </Button>
        <Button variant="link" onClick={resend} busy={resending} disabled={form.busy}>
          {t('auth.lineRecoveryVerify.resend')}
        </Button>
      </form>
    </AuthCard>
  );
}
