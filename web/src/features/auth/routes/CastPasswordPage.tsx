/**
 * /creator/login/cast/password: a cast at its first login (or after its owner reset the password)
 * chooses its own password, then goes on to where the login was going (`?next=`, else home).
 * Every other screen sends such a cast here (RequireAuth, Root); it may also log out from here.
 */
import { castPasswordRequest } from '@app/shared/schemas/organizations';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { returnPathIn } from '../../../lib/return-to.ts';
import { setPasswordChangeRequired } from '../../../lib/session.ts';
import { loadAccount, resetAccount, useAccount } from '../../mypage/account-store.ts';
import { castPassword } from '../api/castPassword.ts';
import { logout } from '../api/logout.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { NewPasswordFields } from '../components/NewPasswordFields.tsx';

export default function CastPasswordPage() {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const next = returnPathIn(useLocation().search) ?? '/home';
  const { data } = useAccount();
  const [leaving, setLeaving] = useState(false);
  const { form, submit, errorOf, formError, busy } = useApiForm(castPasswordRequest, {
    password: '',
    password_confirmation: '',
  });

  // Nothing to choose (done in another tab, or not a cast at its first login): go on.
  const nothingToDo = data !== null && !data.password_change_required;
  useEffect(() => {
    if (nothingToDo) navigate(to(next), { replace: true });
  }, [nothingToDo, navigate, to, next]);

  const onSubmit = submit(
    (body) => castPassword(body),
    async () => {
      setPasswordChangeRequired(false);
      await loadAccount();
      navigate(to(next), { replace: true });
    },
  );

  const onLogout = async () => {
    setLeaving(true);
    await logout();
    resetAccount();
    navigate(to('/creator/login/cast'), { replace: true, state: { notice: 'loggedOut' } });
  };

  return (
    <AuthCard
      title={t('auth.castPassword.heading')}
      lead={t('auth.castPassword.lead')}
      footer={
        <Button variant="link" onClick={onLogout} busy={leaving} disabled={busy}>
          {t('auth.castPassword.logout')}
        </Button>
      }
    >
      <form onSubmit={onSubmit} noValidate className="form">
        <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
        <NewPasswordFields
          labels="newPassword"
          password={form.register('password')}
          confirmation={form.register('password_confirmation')}
          errors={{ password: errorOf('password'), password_confirmation: errorOf('password_confirmation') }}
        />
        <Button
          type="submit"
          className="btn--block"
          busy={busy}
          busyLabel={t('auth.castPassword.busy')}
          disabled={leaving}
        >
          {t('auth.castPassword.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
