import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { errorMessageKey, errorParams } from '../../../lib/api.ts';
import { loginPathWithReturn, returnPathIn } from '../../../lib/return-to.ts';
import { AuthCard } from '../components/AuthCard.tsx';

/**
 * /user/login: fans log in (and sign up) with LINE. A first visit gets it pre-rendered
 * (shared/src/site-routes.ts `prerenderedPaths`); links inside the app render it here.
 */
export default function UserLoginPage() {
  const { t } = useTranslation();
  const { lang, prefix } = useLang();
  // The page that sent here to log in (?next=): LINE's round trip keeps it (start-line-login.ts).
  const next = returnPathIn(useLocation().search);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ key: string; params?: Record<string, string | number> } | null>(null);

  const onLine = async () => {
    setBusy(true);
    setError(null);
    try {
      // The request's contract (zod and the auth schemas) loads on the press, not with the page.
      const { startLineLogin } = await import('../components/start-line-login.ts');
      const result = await startLineLogin(lang, prefix, { next });
      if (!result?.ok) {
        setError({ key: 'errors.lineLoginFailed' });
        setBusy(false);
      }
      // on success the browser is leaving for LINE: keep the button disabled
    } catch (err) {
      setError({ key: errorMessageKey(err, 'errors.lineLoginFailed'), params: errorParams(err) });
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t('auth.userLogin.heading')}
      lead={t('auth.userLogin.lead')}
      footer={
        <>
          <LangLink to="/user/line-recovery">{t('auth.userLogin.recoveryLink')}</LangLink>
          <LangLink to={loginPathWithReturn('/creator/login', next)}>
            {t('auth.userLogin.creatorLink')}
          </LangLink>
        </>
      }
    >
      <Alert kind="error">{error ? t(error.key, error.params ?? {}) : null}</Alert>
      <Button
        variant="line"
        className="btn--block"
        onClick={onLine}
        busy={busy}
        busyLabel={t('auth.userLogin.lineBusy')}
        // The pre-rendered page's script (lib/static-page.ts) gives this button the same behaviour.
        data-line-login=""
        data-busy-label={t('auth.userLogin.lineBusy')}
      >
        {t('auth.userLogin.lineButton')}
      </Button>
      <p className="small muted">
        {t('auth.userLogin.agree')} <LangLink to="/terms">{t('auth.userLogin.termsLink')}</LangLink>
      </p>
    </AuthCard>
  );
}
