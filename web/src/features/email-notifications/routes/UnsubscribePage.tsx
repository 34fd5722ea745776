import type { MailKind } from '@app/shared/schemas/notification';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { errorMessageKey } from '../../../lib/api.ts';
import { getUnsubscribeInfo } from '../api/getUnsubscribeInfo.ts';
import { unsubscribe } from '../api/unsubscribe.ts';

type State =
  | { step: 'loading' }
  | { step: 'ask' | 'done' | 'already'; kind: MailKind }
  | { step: 'error'; message: string };

/**
 * /unsubscribe?token=: the link of every notification mail, without login (a public page, so no
 * query cache: one read and one action). It says which mail the link turns off and asks first:
 * a mail scanner that follows links turns nothing off.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ step: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) {
      setState({ step: 'error', message: 'emailNotifications.unsubscribe.missing' });
      return;
    }
    let live = true;
    getUnsubscribeInfo(token)
      .then((result) => {
        if (!live || !result) return;
        if (!result.ok) setState({ step: 'error', message: 'errors.unsubscribeInvalid' });
        else setState({ step: result.data.enabled ? 'ask' : 'already', kind: result.data.kind });
      })
      .catch((err: unknown) => live && setState({ step: 'error', message: errorMessageKey(err) }));
    return () => {
      live = false;
    };
  }, [token]);

  const onConfirm = async () => {
    setBusy(true);
    try {
      const result = await unsubscribe(token);
      if (result?.ok) setState({ step: 'done', kind: result.data.kind });
      else setState({ step: 'error', message: 'errors.unsubscribeInvalid' });
    } catch (err) {
      setState({ step: 'error', message: errorMessageKey(err) });
    } finally {
      setBusy(false);
    }
  };

  const kindLabel = (kind: MailKind) => t(`emailNotifications.kinds.${kind}.label`);
  return (
    <section className="page" aria-labelledby="unsubscribe-heading">
      <h1 id="unsubscribe-heading" className="page__title">
        {t('emailNotifications.unsubscribe.heading')}
      </h1>
      {state.step === 'loading' ? <Spinner /> : null}
      {state.step === 'error' ? <Alert kind="error">{t(state.message)}</Alert> : null}
      {state.step === 'ask' ? (
        <>
          <p>{t('emailNotifications.unsubscribe.confirm', { kind: kindLabel(state.kind) })}</p>
          <Button
            className="btn--block"
            onClick={onConfirm}
            busy={busy}
            busyLabel={t('common.actions.sending')}
          >
            {t('emailNotifications.unsubscribe.button')}
          </Button>
        </>
      ) : null}
      {state.step === 'done' || state.step === 'already' ? (
        <div aria-live="polite">
          <Alert kind="success">
            {t(`emailNotifications.unsubscribe.${state.step}`, { kind: kindLabel(state.kind) })}
          </Alert>
          <p>{t('emailNotifications.unsubscribe.resume')}</p>
          <p>
            <LangLink to="/mypage/account">{t('emailNotifications.unsubscribe.settings')}</LangLink>
          </p>
        </div>
      ) : null}
    </section>
  );
}
