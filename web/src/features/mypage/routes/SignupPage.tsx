import { isSetupComplete, signupStepCount } from '@app/shared/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert, FlashNotice } from '../../../components/Alert.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { errorMessageKey } from '../../../lib/api.ts';
import { takeReturnAfterSetup } from '../../../lib/return-to.ts';
import { allowedSignupStep } from '../../../lib/setup.ts';
import { loadAccount, useAccount } from '../account-store.ts';
import { skipStep } from '../api/skipStep.ts';
import { BankForm } from '../components/BankForm.tsx';
import { ProfileForm } from '../components/ProfileForm.tsx';
import { StepIndicator } from '../components/StepIndicator.tsx';
import { UserInfoForm } from '../components/UserInfoForm.tsx';

function Signup() {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const { step: requested } = useParams();
  const { data, error } = useAccount();
  const [skipping, setSkipping] = useState(false);
  const [skipError, setSkipError] = useState<string | null>(null);

  if (!data) {
    return error ? <Alert kind="error">{t(error)}</Alert> : <Spinner />;
  }
  const roleId = data.profile.role_id;
  const step = allowedSignupStep(roleId, data.final_step, requested);
  if (String(step) !== requested) return <Navigate to={to(`/mypage/signup/${step}`)} replace />;

  const isLast = step === signupStepCount(roleId);
  const advance = async () => {
    const account = await loadAccount();
    const complete = account !== null && isSetupComplete(roleId, account.final_step);
    // The last step opens the page the login was asked from (a shared link), else home.
    navigate(to(isLast || complete ? (takeReturnAfterSetup() ?? '/home') : `/mypage/signup/${step + 1}`));
    window.scrollTo(0, 0);
  };

  const onSkip = async () => {
    setSkipping(true);
    setSkipError(null);
    try {
      const result = await skipStep({ step: 3 });
      if (result?.ok) await advance();
      else if (result) setSkipError('errors.stepNotSkippable');
    } catch (err) {
      setSkipError(errorMessageKey(err));
    } finally {
      setSkipping(false);
    }
  };

  const submitLabel = isLast ? t('mypage.signup.finish') : t('mypage.signup.next');
  return (
    <section className="page" aria-labelledby="signup-heading">
      <FlashNotice />
      <StepIndicator roleId={roleId} current={step} />
      <h1 id="signup-heading" className="page__title">
        {t('mypage.steps.label', { n: step })} {t(`mypage.steps.${['profile', 'user', 'bank'][step - 1]}`)}
      </h1>
      <p className="page__lead">{t(`mypage.signup.lead${step}`)}</p>
      {step === 1 ? (
        <ProfileForm key="p" initial={data.profile} submitLabel={submitLabel} onSaved={advance} />
      ) : null}
      {step === 2 ? (
        <UserInfoForm
          key="u"
          initial={data.user}
          defaultEmail={data.email}
          submitLabel={submitLabel}
          onSaved={advance}
        />
      ) : null}
      {step === 3 ? (
        <>
          <BankForm key="b" initial={data.bank} submitLabel={submitLabel} onSaved={advance} />
          <div className="skip">
            <Alert kind="error">{skipError ? t(skipError) : null}</Alert>
            <Button variant="link" onClick={onSkip} busy={skipping}>
              {t('mypage.signup.skip')}
            </Button>
            <p className="small muted">{t('mypage.signup.skipNote')}</p>
          </div>
        </>
      ) : null}
    </section>
  );
}

/** /mypage/signup/1|2|3: the sign-up steps after the first login. */
export default function SignupPage() {
  return (
    <RequireAuth>
      <Signup />
    </RequireAuth>
  );
}
