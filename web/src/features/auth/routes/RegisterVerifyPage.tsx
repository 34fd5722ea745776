import { businessConfig } from '@app/shared/config';
import { registerVerifyRequest } from '@app/shared/schemas/auth';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { CodeField } from '../../../components/CodeField.tsx';
import { TextField } from '../../../components/Field.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { LiveCampaignText } from '../../campaign/components/LiveCampaignText.tsx';
import { register } from '../api/register.ts';
import { registerVerify } from '../api/registerVerify.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { startSession } from '../components/after-login.ts';
import { NewPasswordFields } from '../components/NewPasswordFields.tsx';
import { useEmailParam } from '../components/useEmailParam.ts';
import { useResendCode } from '../components/useResendCode.ts';

/**
 * /creator/register/verify: code + password, the optional campaign code and the consent to the
 * creator terms (the account is created here); then sign-up STEP.1.
 */
export default function RegisterVerifyPage() {
  const { t } = useTranslation();
  const { to, lang } = useLang();
  const navigate = useNavigate();
  const email = useEmailParam();
  const state = useLocation().state as { role_id?: number } | null;
  const { form, submit, errorOf, formError, setFormError, busy } = useApiForm(registerVerifyRequest, {
    email,
    code: '',
    password: '',
    password_confirmation: '',
    campaign_code: '',
    // Unticked at first: the schema accepts only `true`, which is what submitting needs.
    agree_creator_terms: false as unknown as true,
  });
  const consentId = useId();
  const consentError = errorOf('agree_creator_terms');
  const { resent, resending, resend } = useResendCode(setFormError, () =>
    register({
      email,
      role_id:
        state?.role_id === businessConfig.roles.USER
          ? businessConfig.roles.USER
          : businessConfig.roles.CREATOR,
    }),
  );

  if (!email) {
    return (
      <AuthCard title={t('auth.registerVerify.heading')}>
        <Alert kind="error">{t('auth.registerVerify.missingEmail')}</Alert>
        <LangLink to="/creator/register">{t('auth.registerVerify.restart')}</LangLink>
      </AuthCard>
    );
  }

  const onSubmit = submit(
    (body) => registerVerify(body),
    async (token) => navigate(to(await startSession(token)), { replace: true }),
  );

  return (
    <AuthCard title={t('auth.registerVerify.heading')} lead={t('auth.registerVerify.lead', { email })}>
      <form onSubmit={onSubmit} noValidate className="form">
        <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
        <Alert kind="success">{resent ? t('auth.registerVerify.resent') : null}</Alert>
        <CodeField control={form.control} error={errorOf('code')} />
        <NewPasswordFields
          password={form.register('password')}
          confirmation={form.register('password_confirmation')}
          errors={{ password: errorOf('password'), password_confirmation: errorOf('password_confirmation') }}
        />
        <TextField
          label={t('auth.registerVerify.campaignCode')}
          hint={
            <LiveCampaignText
              lang={lang}
              running={(figures) => t('auth.registerVerify.campaignCodeHint', figures)}
              neutral={t('auth.registerVerify.campaignCodeHintNeutral')}
            />
          }
          autoComplete="off"
          spellCheck={false}
          error={errorOf('campaign_code')}
          {...form.register('campaign_code')}
        />
        <div className={`field${consentError ? ' field--error' : ''}`}>
          {/* A new tab: the terms open without leaving this form (its values stay). */}
          <p className="field__hint">
            <a href={to('/creator/terms')} target="_blank" rel="noopener">
              {t('auth.registerVerify.termsLink')}
              <span className="visually-hidden">{t('auth.registerVerify.termsNewTab')}</span>
            </a>
          </p>
          <label className="choice">
            <input
              type="checkbox"
              aria-required="true"
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? `${consentId}-error` : undefined}
              {...form.register('agree_creator_terms')}
            />
            <span className="choice__label">{t('auth.registerVerify.agree')}</span>
            <span className="field__req" aria-hidden="true">
              {t('common.required')}
            </span>
          </label>
          {consentError ? (
            <p id={`${consentId}-error`} className="field__error" role="alert">
              {t(consentError)}
            </p>
          ) : null}
        </div>
        <Button type="submit" className="btn--block" busy={busy} busyLabel={t('common.actions.sending')}>
          {t('auth.registerVerify.submit')}
        </Button>
        <Button variant="link" onClick={resend} busy={resending} disabled={busy}>
          {t('auth.registerVerify.resend')}
        </Button>
      </form>
    </AuthCard>
  );
}
