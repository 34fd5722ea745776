import type { TriggerView } from '@app/shared/schemas/broadcasts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { queryErrorKey } from '../../../lib/query.ts';
import { useAuth } from '../../../lib/session.ts';
import { deleteTrigger } from '../api/deleteTrigger.ts';
import { useTriggers } from '../cache.ts';
import { CountsLine, useConditionLabel } from '../components/BroadcastBits.tsx';
import { BroadcastListHead, useListAction } from '../components/BroadcastList.tsx';
import type { BroadcastSavedState } from './ReserveListPage.tsx';
import '../../items/items.css';
import '../broadcasts.css';

function TriggerRow({
  trigger,
  busy,
  onDelete,
}: {
  trigger: TriggerView;
  busy: boolean;
  onDelete: (x: TriggerView) => void;
}) {
  const { t } = useTranslation();
  const condition = useConditionLabel()('trigger', trigger.condition, trigger.hours);
  const wholeDay = trigger.window_start === 0 && trigger.window_end === 24;
  return (
    <li className="bcast-row" data-testid="trigger-row">
      <p className="bcast-row__title">{condition}</p>
      <p className="bcast-row__meta">
        {t('broadcasts.trigger.list.interval', { hours: trigger.interval_hours })}
        {' · '}
        {wholeDay
          ? t('broadcasts.trigger.list.wholeDay')
          : t('broadcasts.trigger.list.window', { start: trigger.window_start, end: trigger.window_end })}
        {trigger.exclude_duplicated ? ` · ${t('broadcasts.trigger.list.excludeDuplicated')}` : ''}
      </p>
      <p className="bcast-row__meta">
        {t('broadcasts.trigger.list.chatCount', { count: trigger.chats.length })}
      </p>
      <CountsLine counts={trigger.counts} />
      <fieldset
        className="bcast-row__actions"
        aria-label={t('broadcasts.trigger.list.actionsLabel', { condition })}
      >
        <LangLink className="btn btn--secondary" to={`/home/broadcasting/trigger/${trigger.id}`}>
          {t('broadcasts.trigger.list.edit')}
        </LangLink>
        <Button variant="danger" disabled={busy} onClick={() => onDelete(trigger)}>
          {t('broadcasts.trigger.list.delete')}
        </Button>
      </fieldset>
    </li>
  );
}

/**
 * /home/broadcasting/trigger: the creator's trigger broadcasts (at most the limit) with their
 * condition, interval, delivery window and counts; edit, delete after a confirmation.
 */
export default function TriggerListPage() {
  const { t } = useTranslation();
  const id = useId();
  const me = useAuth().profile?.id ?? '';
  const query = useTriggers(me);
  const quota = query.data?.quota ?? null;
  const { busyId, confirm, setConfirm, message, act } = useListAction<TriggerView>();
  const loadError = queryErrorKey(query.error);
  const saved = (useLocation().state as BroadcastSavedState | null)?.saved;

  return (
    <section className="page bcast" aria-labelledby={`${id}-h`}>
      <BroadcastListHead
        kind="trigger"
        id={id}
        quota={quota}
        saved={saved}
        message={message}
        loadError={loadError}
      />
      {!query.data ? (
        loadError ? null : (
          <Spinner />
        )
      ) : query.data.triggers.length === 0 ? (
        <p className="bcast__empty">{t('broadcasts.trigger.list.empty')}</p>
      ) : (
        <ul className="bcast__list" aria-label={t('broadcasts.trigger.list.listLabel')}>
          {query.data.triggers.map((x) => (
            <TriggerRow key={x.id} trigger={x} busy={busyId === x.id} onDelete={setConfirm} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t('broadcasts.trigger.list.deleteTitle')}
        confirmLabel={t('broadcasts.trigger.list.delete')}
        busy={busyId !== null && busyId === confirm?.id}
        busyLabel={t('broadcasts.form.deleting')}
        onConfirm={() =>
          confirm &&
          void act(
            confirm,
            () => deleteTrigger(confirm.id, confirm.version),
            'broadcasts.trigger.list.deleted',
          )
        }
        onCancel={() => setConfirm(null)}
      >
        <p>{t('broadcasts.trigger.list.deleteBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
