import type { CastView } from '@app/shared/schemas/organizations';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useCopyLink } from '../../../lib/copy-link.ts';

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { notice, copy } = useCopyLink(value, 'casts.created.copied', 'casts.created.copyFailed');
  return (
    <div className="cast-created__row">
      <dt id={id}>{label}</dt>
      <dd>
        <span className="cast-created__value" data-testid={testId}>
          {value}
        </span>
        <Button variant="secondary" aria-label={t('casts.created.copyLabel', { label })} onClick={copy}>
          {t('casts.created.copy')}
        </Button>
      </dd>
      <div aria-live="polite">{notice ? <Alert kind={notice.kind}>{t(notice.key)}</Alert> : null}</div>
    </div>
  );
}

/**
 * The login details to hand over after a cast was created: its username and the cast login page
 * in the owner's language, each with a copy button; the password is the one the owner just chose
 * (not shown again), and the cast chooses its own at the first login.
 */
export function CreatedCast({ cast, onAnother }: { cast: CastView; onAnother: () => void }) {
  const { t } = useTranslation();
  const { to } = useLang();
  const loginUrl = `${window.location.origin}${to('/creator/login/cast')}`;
  return (
    <section className="cast-created" aria-labelledby="cast-created-heading">
      <h2 id="cast-created-heading" className="section-title" tabIndex={-1}>
        {t('casts.created.title')}
      </h2>
      <p>{t('casts.created.lead')}</p>
      <dl className="cast-created__rows">
        <CopyRow label={t('casts.created.username')} value={cast.username} testId="created-username" />
        <CopyRow label={t('casts.created.loginUrl')} value={loginUrl} testId="created-login-url" />
        <div className="cast-created__row">
          <dt>{t('casts.created.password')}</dt>
          <dd>{t('casts.created.passwordNote')}</dd>
        </div>
      </dl>
      <Alert kind="info">{t('casts.created.firstLogin')}</Alert>
      <div className="cast-created__links">
        <LangLink className="btn btn--primary btn--block" to="/organization/casts">
          {t('casts.created.list')}
        </LangLink>
        <Button variant="secondary" className="btn--block" onClick={onAnother}>
          {t('casts.created.another')}
        </Button>
      </div>
    </section>
  );
}
