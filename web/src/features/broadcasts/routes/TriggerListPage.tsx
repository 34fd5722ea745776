import type { TriggerView } from '@app/shared/schemas/broadcasts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { queryErrorKey } from '../../../lib/query.ts';
import { useAuth } from '../../../lib/session.ts';
import { errorMessage, type Message } from '../../store/messages.ts';
import { deleteTrigger } from '../api/deleteTrigger.ts';
import { invalidateBroadcasts, useTriggers } from '../cache.ts';
import { CountsLine, useConditionLabel } from '../components/BroadcastBits.tsx';
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
  const full = quota !== null && quota.used >= quota.max;
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<TriggerView | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; m: Message } | null>(null);
  const loadError = queryErrorKey(query.error);
  const saved = (useLocation().state as BroadcastSavedState | null)?.saved;

  const remove = async (x: TriggerView) => {
    setBusyId(x.id);
    setMessage(null);
    try {
      const result = await deleteTrigger(x.id, x.version);
      if (result?.ok) setMessage({ kind: 'success', m: { key: 'broadcasts.trigger.list.deleted' } });
    } catch (err) {
      setMessage({ kind: 'error', m: errorMessage(err) });
    } finally {
      setBusyId(null);
      setConfirm(null);
      await invalidateBroadcasts();
    }
  };

  return (
    <section className="page bcast" aria-labelledby={`${id}-h`}>
      <div className="bcast__head">
        <h1 id={`${id}-h`} className="page__title">
          {t('broadcasts.trigger.list.title')}
        </h1>
        {full ? (
          <button type="button" className="btn btn--primary" disabled aria-describedby={`${id}-full`}>
            {t('broadcasts.trigger.list.create')}
          </button>
        ) : (
          <LangLink className="btn btn--primary" to="/home/broadcasting/trigger/create">
            {t('broadcasts.trigger.list.create')}
          </LangLink>
        )}
      </div>
      <p className="bcast__lead">{t('broadcasts.trigger.list.lead')}</p>
      {quota ? <p className="bcast__quota">{t('broadcasts.quota', quota)}</p> : null}
      {full ? (
        <p id={`${id}-full`} className="alert alert--warning">
          {t('broadcasts.limitReached')}
        </p>
      ) : null}
      {saved && !message ? <Alert kind="success">{t(saved)}</Alert> : null}
      <div aria-live="polite">
        {message ? <Alert kind={message.kind}>{t(message.m.key, message.m.params ?? {})}</Alert> : null}
      </div>
      {loadError ? <Alert kind="error">{t(loadError.key, loadError.params ?? {})}</Alert> : null}
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
        onConfirm={() => confirm && void remove(confirm)}
        onCancel={() => setConfirm(null)}
      >
        <p>{t('broadcasts.trigger.list.deleteBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
