import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { queryErrorKey } from '../../../lib/query.ts';
import { invalidateBroadcasts, useTrigger } from '../cache.ts';
import { TriggerForm } from '../components/TriggerForm.tsx';
import type { BroadcastSavedState } from './ReserveListPage.tsx';
import '../../items/items.css';
import '../broadcasts.css';

/**
 * /home/broadcasting/trigger/create and /{trigger_id}: the form, new or of the creator's own
 * trigger broadcast (another creator's id answers not found). Saving or deleting goes back to the
 * list.
 */
export default function TriggerFormPage() {
  const { t } = useTranslation();
  const { triggerId } = useParams();
  const { to } = useLang();
  const navigate = useNavigate();
  const trigger = useTrigger(triggerId);
  const error = queryErrorKey(trigger.error);
  const editing = Boolean(triggerId);
  const current = trigger.data?.trigger ?? null;
  const back = (saved: string) => {
    void invalidateBroadcasts();
    const state: BroadcastSavedState = { saved };
    navigate(to('/home/broadcasting/trigger'), { state });
  };
  return (
    <section className="page bcast-form-page" aria-labelledby="bcast-form-heading">
      <p className="bcast__back">
        <LangLink to="/home/broadcasting/trigger">{t('broadcasts.trigger.form.back')}</LangLink>
      </p>
      <h1 id="bcast-form-heading" className="page__title">
        {editing ? t('broadcasts.trigger.form.editTitle') : t('broadcasts.trigger.form.createTitle')}
      </h1>
      {error ? <Alert kind="error">{t(error.key, error.params ?? {})}</Alert> : null}
      {editing && !current ? (
        error ? null : (
          <Spinner />
        )
      ) : (
        <TriggerForm
          key={current ? `${current.id}-${current.version}` : 'new'}
          trigger={current}
          onSaved={() => back('broadcasts.trigger.form.saved')}
          onDeleted={() => back('broadcasts.trigger.list.deleted')}
        />
      )}
    </section>
  );
}
