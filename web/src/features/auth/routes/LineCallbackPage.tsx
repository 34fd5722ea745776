import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessageKey } from '../../../lib/api.ts';
import { clearInvitation } from '../../../lib/invitation.ts';
import { withPrefix } from '../../../lib/lang.ts';
import { lineCallback } from '../api/lineCallback.ts';
import { startSession } from '../components/after-login.ts';
import { clearPendingLogin, lineRedirectUri, readPendingLogin } from '../components/line-session.ts';

/** Codes already sent: LINE codes are single-use (and StrictMode runs effects twice). */
const handled = new Set<string>();

/** /line-callback: LINE sends the fan back here with ?code&state (or ?error). */
export default function LineCallbackPage() {
  const { t, i18n } = useTranslation();
  const { prefix: currentPrefix } = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [backTo, setBackTo] = useState('/user/login');

  useEffect(() => {
    const code = params.get('code');
    const state = params.get('state');
    const lineError = params.get('error');
    const pending = readPendingLogin();
    if (pending?.recovery) setBackTo('/user/line-recovery');
    if (pending && pending.lang !== i18n.language) void i18n.changeLanguage(pending.lang);

    if (lineError) {
      clearPendingLogin();
      setError(
        lineError === 'access_denied' || lineError === 'ACCESS_DENIED'
          ? 'errors.lineCancelled'
          : 'errors.lineLoginFailed',
      );
      return;
    }
    if (!code || !state) {
      setError('auth.lineCallback.missingCode');
      return;
    }
    if (handled.has(code)) return;
    if (!pending || pending.state !== state) {
      clearPendingLogin();
      setError('errors.lineStateInvalid');
      return;
    }
    handled.add(code);
    clearPendingLogin();
    const prefix = pending.prefix ?? currentPrefix;
    void (async () => {
      try {
        const result = await lineCallback({ code, state, redirect_uri: lineRedirectUri() });
        if (!result) return;
        if (!result.ok) {
          setError('errors.lineLoginFailed');
          return;
        }
        // The invitation (if any) went with this login: a new fan account took it, an existing one never will.
        clearInvitation();
        const next = await startSession(result.data, pending.next);
        navigate(withPrefix(prefix, next), {
          replace: true,
          state: result.data.recovered ? { notice: 'recovered' } : null,
        });
      } catch (err) {
        setError(errorMessageKey(err, 'errors.lineLoginFailed'));
      }
    })();
  }, [params, navigate, i18n, currentPrefix]);

  return (
    <section className="page page--center" aria-labelledby="callback-heading">
      <h1 id="callback-heading" className="page__title">
        {t('common.titles.lineCallback')}
      </h1>
      {error ? (
        <>
          <Alert kind="error">{t(error)}</Alert>
          <p>
            <LangLink to={backTo} className="btn btn--secondary">
              {t('auth.lineCallback.backToLogin')}
            </LangLink>
          </p>
        </>
      ) : (
        <>
          <Spinner label={t('auth.lineCallback.processing')} />
          <p aria-hidden="true">{t('auth.lineCallback.processing')}</p>
        </>
      )}
    </section>
  );
}
