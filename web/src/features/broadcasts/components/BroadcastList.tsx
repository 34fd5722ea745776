/**
 * What both broadcast lists share: the head (title, create or the limit's reason, lead, slots, the
 * saved and action messages, a load error) and the rows' actions (one at a time, a message after,
 * the lists read again).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { errorMessage, type Message } from '../../store/messages.ts';
import { invalidateBroadcasts } from '../cache.ts';

export interface ListMessage {
  kind: 'success' | 'error';
  m: Message;
}

/** A row's action (delete, retry): `busyId` while it runs, the row to confirm, the outcome's message. */
export function useListAction<T extends { id: string }>() {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<T | null>(null);
  const [message, setMessage] = useState<ListMessage | null>(null);
  const act = async (row: T, call: () => Promise<{ ok: boolean } | null>, done: string) => {
    setBusyId(row.id);
    setMessage(null);
    try {
      const result = await call();
      if (result?.ok) setMessage({ kind: 'success', m: { key: done } });
    } catch (err) {
      setMessage({ kind: 'error', m: errorMessage(err) });
    } finally {
      setBusyId(null);
      setConfirm(null);
      await invalidateBroadcasts();
    }
  };
  return { busyId, confirm, setConfirm, message, act };
}

export function BroadcastListHead({
  kind,
  id,
  quota,
  saved,
  message,
  loadError,
}: {
  kind: 'reserve' | 'trigger';
  id: string;
  quota: { used: number; max: number } | null;
  saved: string | undefined;
  message: ListMessage | null;
  loadError: Message | null;
}) {
  const { t } = useTranslation();
  const full = quota !== null && quota.used >= quota.max;
  return (
    <>
      <div className="bcast__head">
        <h1 id={`${id}-h`} className="page__title">
          {t(`broadcasts.${kind}.list.title`)}
        </h1>
        {full ? (
          <button type="button" className="btn btn--primary" disabled aria-describedby={`${id}-full`}>
            {t(`broadcasts.${kind}.list.create`)}
          </button>
        ) : (
          <LangLink className="btn btn--primary" to={`/home/broadcasting/${kind}/create`}>
            {t(`broadcasts.${kind}.list.create`)}
          </LangLink>
        )}
      </div>
      <p className="bcast__lead">{t(`broadcasts.${kind}.list.lead`)}</p>
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
    </>
  );
}
