import { lineRecoveryRequest } from '@app/shared/schemas/auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/Field.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useForm } from '../../../lib/useForm.ts';
import { lineRecovery } from '../api/lineRecovery.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { verifyPath } from '../components/useEmailParam.ts';

/** /user/line-recovery: the fan's notification e-mail receives a code. */
export default function LineRecoveryPage() {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const form = useForm();
  const [email, setEmail] = useState('');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.check(lineRecoveryRequest, { email });
    if (!body) return;
    void form.submit(
      () => lineRecovery(body),
      () =>
        navigate(to(verifyPath('/user/line-recovery/verify', body.email)), { state: { email: body.email } }),
    );
  };

  return (
    <AuthCard
      title={t('auth.lineRecovery.heading')}
      lead={t('auth.lineRecovery.lead')}
      footer={<LangLink to="/user/login">{t('auth.lineRecovery.backToLogin')}</LangLink>}
    >
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="form">
        <Alert kind="error">{form.formError ? t(form.formError, form.formErrorParams) : null}</Alert>
        <TextField
          label={t('auth.lineRecovery.email')}
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
        <Button type="submit" className="btn--block" busy={form.busy} busyLabel={t('common.actions.sending')}>
          {t('auth.lineRecovery.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
