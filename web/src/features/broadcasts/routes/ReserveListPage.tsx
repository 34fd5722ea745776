import type { ReserveView } from '@app/shared/schemas/broadcasts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { pagedItems, queryErrorKey } from '../../../lib/query.ts';
import { useAuth } from '../../../lib/session.ts';
import { formatDateTime } from '../../points/format.ts';
import { deleteReserve } from '../api/deleteReserve.ts';
import { retryReserve } from '../api/retryReserve.ts';
import { useReserves } from '../cache.ts';
import { CountsLine, StatusBadge, useConditionLabel } from '../components/BroadcastBits.tsx';
import { BroadcastListHead, useListAction } from '../components/BroadcastList.tsx';
import '../../items/items.css';
import '../broadcasts.css';

/** What the list says after a form saved (navigation state). */
export interface BroadcastSavedState {
  saved?: string;
}

function ReserveRow({
  reserve,
  busy,
  onDelete,
  onRetry,
}: {
  reserve: ReserveView;
  busy: boolean;
  onDelete: (r: ReserveView) => void;
  onRetry: (r: ReserveView) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const condition = useConditionLabel();
  const date = formatDateTime(lang, reserve.reserved_at);
  return (
    <li className={`bcast-row bcast-row--${reserve.status}`} data-testid="reserve-row">
      <StatusBadge status={reserve.status} />
      <p className="bcast-row__title">{t('broadcasts.reserve.list.at', { date })}</p>
      <p className="bcast-row__meta">{condition('reserve', reserve.condition, reserve.hours)}</p>
      <p className="bcast-row__meta">
        {t('broadcasts.reserve.list.chatCount', { count: reserve.chats.length })}
      </p>
      {reserve.status === 0 ? null : <CountsLine counts={reserve.counts} />}
      <fieldset
        className="bcast-row__actions"
        aria-label={t('broadcasts.reserve.list.actionsLabel', { date })}
      >
        <LangLink className="btn btn--secondary" to={`/home/broadcasting/reserve/${reserve.id}`}>
          {reserve.editable ? t('broadcasts.reserve.list.edit') : t('broadcasts.reserve.list.view')}
        </LangLink>
        {reserve.editable ? (
          <Button variant="danger" disabled={busy} onClick={() => onDelete(reserve)}>
            {t('broadcasts.reserve.list.delete')}
          </Button>
        ) : null}
        {reserve.status === 3 && reserve.counts.failed > 0 ? (
          <Button
            variant="primary"
            busy={busy}
            busyLabel={t('broadcasts.reserve.list.retrying')}
            onClick={() => onRetry(reserve)}
          >
            {t('broadcasts.reserve.list.retry')}
          </Button>
        ) : null}
      </fieldset>
    </li>
  );
}

/**
 * /home/broadcasting/reserve: the creator's scheduled broadcasts, newest first, with their status,
 * time, condition and counts; edit or delete (after a confirmation) until sending starts, retry
 * the failed recipients of one that ended with an error. At the limit, creating is disabled with
 * the reason.
 */
export default function ReserveListPage() {
  const { t } = useTranslation();
  const id = useId();
  const me = useAuth().profile?.id ?? '';
  const query = useReserves(me);
  const reserves = pagedItems(query.data, (p) => p.reserves);
  const quota = query.data?.pages[0]?.quota ?? null;
  const { busyId, confirm, setConfirm, message, act } = useListAction<ReserveView>();
  const loadError = queryErrorKey(query.error);
  const saved = (useLocation().state as BroadcastSavedState | null)?.saved;

  return (
    <section className="page bcast" aria-labelledby={`${id}-h`}>
      <BroadcastListHead
        kind="reserve"
        id={id}
        quota={quota}
        saved={saved}
        message={message}
        loadError={loadError}
      />
      {reserves === null ? (
        loadError ? null : (
          <Spinner />
        )
      ) : reserves.length === 0 ? (
        <p className="bcast__empty">{t('broadcasts.reserve.list.empty')}</p>
      ) : (
        <>
          <ul className="bcast__list" aria-label={t('broadcasts.reserve.list.listLabel')}>
            {reserves.map((r) => (
              <ReserveRow
                key={r.id}
                reserve={r}
                busy={busyId === r.id}
                onDelete={setConfirm}
                onRetry={(x) => void act(x, () => retryReserve(x.id), 'broadcasts.reserve.list.retried')}
              />
            ))}
          </ul>
          <LoadMore
            query={query}
            className="bcast__more"
            label={t('broadcasts.reserve.list.more')}
            busyLabel={t('broadcasts.reserve.list.loadingMore')}
          />
        </>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t('broadcasts.reserve.list.deleteTitle')}
        confirmLabel={t('broadcasts.reserve.list.delete')}
        busy={busyId !== null && busyId === confirm?.id}
        busyLabel={t('broadcasts.form.deleting')}
        onConfirm={() =>
          confirm &&
          void act(
            confirm,
            () => deleteReserve(confirm.id, confirm.version),
            'broadcasts.reserve.list.deleted',
          )
        }
        onCancel={() => setConfirm(null)}
      >
        <p>{t('broadcasts.reserve.list.deleteBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
