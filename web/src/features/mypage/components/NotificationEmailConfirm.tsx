import { notificationEmailVerifyRequest } from '@app/shared/schemas/mypage';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { CodeField } from '../../../components/CodeField.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { failureMessage, useApiForm } from '../../../lib/apiForm.ts';
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
  const { form, submit, errorOf, formError, setFormError, busy } = useApiForm(
    notificationEmailVerifyRequest,
    {
      code: '',
    },
  );
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);

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
    if (sending) return;
    setSending(true);
    setFormError(null);
    try {
      const result = await sendNotificationEmailCode();
      if (result?.ok) setSent(true);
      else if (result) setFormError({ key: 'errors.validation' });
    } catch (err) {
      setFormError(failureMessage(err));
    } finally {
      setSending(false);
    }
  };

  const onSubmit = submit(
    (body) => verifyNotificationEmail(body),
    async () => {
      form.reset({ code: '' });
      await onVerified();
    },
  );

  return (
    <section aria-labelledby="notify-email-heading">
      <form onSubmit={onSubmit} noValidate className="form">
        <h2 id="notify-email-heading" className="section-title">
          {t('mypage.notifyEmail.heading')}
        </h2>
        <Alert kind="warning">{t('mypage.notifyEmail.unverified', { email })}</Alert>
        <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
        <Alert kind="success">{sent ? t('mypage.notifyEmail.sent', { email }) : null}</Alert>
        <Button variant="secondary" onClick={send} busy={sending} disabled={busy}>
          {sent ? t('mypage.notifyEmail.resend') : t('mypage.notifyEmail.send')}
        </Button>
        {sent ? (
          <>
            <CodeField control={form.control} error={errorOf('code')} />
            <Button type="submit" className="btn--block" busy={busy} busyLabel={t('common.actions.sending')}>
              {t('mypage.notifyEmail.submit')}
            </Button>
          </>
        ) : null}
      </form>
    </section>
  );
}
