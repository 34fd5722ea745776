import { notificationEmailVerifyRequest } from '@app/shared/schemas/mypage';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { CodeField } from '../../../components/CodeField.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { errorMessageKey, errorParams } from '../../../lib/api.ts';
import { useForm } from '../../../lib/useForm.ts';
import { sendNotificationEmailCode } from '../api/sendNotificationEmailCode.ts';
import { verifyNotificationEmail } from '../api/verifyNotificationEmail.ts';

/**
 * Fans confirm their saved notification e-mail with a mailed code: LINE recovery goes by a
 * confirmed address only. Shown under the user info form on the account user tab.
 */
export function NotificationEmailConfirm({
  email,
  verified,
  onVerified,
}: {
  email: string;
  verified: boolean;
  onVerified: () => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useForm();
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [code, setCode] = useState('');

  if (verified) {
    return (
      <section className="form" aria-labelledby="notify-email-heading">
        <h2 id="notify-email-heading" className="section-title">
          {t('mypage.notifyEmail.heading')}
        </h2>
        <Alert kind="success">{t('mypage.notifyEmail.verified', { email })}</Alert>
      </section>
    );
  }

  const send = async () => {
    setSending(true);
    form.setFormError(null);
    try {
      const result = await sendNotificationEmailCode();
      if (result?.ok) setSent(true);
    } catch (err) {
      form.setFormError(errorMessageKey(err), errorParams(err));
    } finally {
      setSending(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.check(notificationEmailVerifyRequest, { code });
    if (!body) return;
    void form.submit(
      () => verifyNotificationEmail(body),
      async () => {
        setCode('');
        await onVerified();
      },
    );
  };

  return (
    <section aria-labelledby="notify-email-heading">
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="form">
        <h2 id="notify-email-heading" className="section-title">
          {t('mypage.notifyEmail.heading')}
        </h2>
        <Alert kind="warning">{t('mypage.notifyEmail.unverified', { email })}</Alert>
        <Alert kind="error">{form.formError ? t(form.formError, form.formErrorParams) : null}</Alert>
        <Alert kind="success">{sent ? t('mypage.notifyEmail.sent', { email }) : null}</Alert>
        <Button variant="secondary" onClick={send} busy={sending} disabled={form.busy}>
          {sent ? t('mypage.notifyEmail.resend') : t('mypage.notifyEmail.send')}
        </Button>
        {sent ? (
          <>
            <CodeField value={code} onChange={setCode} form={form} />
            <Button
              type="submit"
              className="btn--block"
              busy={form.busy}
              busyLabel={t('common.actions.sending')}
            >
              {t('mypage.notifyEmail.submit')}
            </Button>
          </>
        ) : null}
      </form>
    </section>
  );
}
