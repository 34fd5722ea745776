import type { EmailPreferencesResponse, MailKind } from '@app/shared/schemas/notification';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessageKey } from '../../../lib/api.ts';
import { queryErrorKey, unwrap } from '../../../lib/query.ts';
import { getEmailPreferences } from '../api/getEmailPreferences.ts';
import { setEmailPreference } from '../api/setEmailPreference.ts';
import '../email-notifications.css';

export const emailPreferencesKey = ['notification', 'email'] as const;

/**
 * The account screen's "E-mail notifications": one switch per kind the account receives (creators:
 * the reply digest; fans: messages and important notices), each saved as it is switched. A fan
 * whose notification e-mail is not confirmed sees why nothing can be sent and where to confirm it.
 */
export function EmailNotificationSettings() {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const [saved, setSaved] = useState(false);
  const query = useQuery({
    queryKey: emailPreferencesKey,
    queryFn: async () => unwrap(await getEmailPreferences()),
  });
  const mutation = useMutation({
    mutationFn: async (body: { kind: MailKind; enabled: boolean }) => unwrap(await setEmailPreference(body)),
    onMutate: () => setSaved(false),
    onSuccess: (data: EmailPreferencesResponse) => {
      client.setQueryData(emailPreferencesKey, data);
      setSaved(true);
    },
  });

  const data = query.data;
  const loadError = queryErrorKey(query.error);
  const blocked = data ? !data.email || !data.email_confirmed : false;
  return (
    <section className="email-notifications" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-title">
        {t('emailNotifications.heading')}
      </h2>
      {loadError ? (
        <Alert kind="error">{t(loadError.key, loadError.params ?? {})}</Alert>
      ) : !data ? (
        <Spinner />
      ) : data.kinds.length === 0 ? (
        <p className="field__hint">{t('emailNotifications.noKinds')}</p>
      ) : (
        <>
          <p className="field__hint">{t('emailNotifications.lead')}</p>
          {blocked ? (
            <Alert kind="warning">
              {t(data.email ? 'emailNotifications.unconfirmed' : 'emailNotifications.noAddress')}{' '}
              <LangLink to="/mypage/account/user">{t('emailNotifications.confirmLink')}</LangLink>
            </Alert>
          ) : data.email ? (
            <p className="email-notifications__to">{t('emailNotifications.sendTo', { email: data.email })}</p>
          ) : null}
          <ul className="email-notifications__list">
            {data.kinds.map(({ kind, enabled }) => {
              const pending = mutation.isPending && mutation.variables?.kind === kind;
              return (
                <li key={kind} className="email-notifications__item">
                  <label className="choice">
                    <input
                      type="checkbox"
                      role="switch"
                      name={`email-${kind}`}
                      checked={pending ? (mutation.variables?.enabled ?? enabled) : enabled}
                      aria-checked={pending ? (mutation.variables?.enabled ?? enabled) : enabled}
                      aria-describedby={`${id}-${kind}`}
                      // Turning on needs a confirmed address; turning off always works.
                      disabled={mutation.isPending || (blocked && !enabled)}
                      onChange={(e) => mutation.mutate({ kind, enabled: e.currentTarget.checked })}
                    />
                    <span className="choice__label">{t(`emailNotifications.kinds.${kind}.label`)}</span>
                  </label>
                  <p className="field__hint" id={`${id}-${kind}`}>
                    {t(`emailNotifications.kinds.${kind}.hint`)}
                  </p>
                </li>
              );
            })}
          </ul>
          <div aria-live="polite">
            {mutation.error ? (
              <Alert kind="error">{t(errorMessageKey(mutation.error))}</Alert>
            ) : saved ? (
              <Alert kind="success">{t('emailNotifications.saved')}</Alert>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
