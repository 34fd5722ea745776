import type { ReserveView } from '@app/shared/schemas/broadcasts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { queryErrorKey } from '../../../lib/query.ts';
import { formatDateTime } from '../../points/format.ts';
import { invalidateBroadcasts, useReserve } from '../cache.ts';
import { CountsLine, StatusBadge, useConditionLabel } from '../components/BroadcastBits.tsx';
import { ReserveForm } from '../components/ReserveForm.tsx';
import type { BroadcastSavedState } from './ReserveListPage.tsx';
import '../../items/items.css';
import '../broadcasts.css';

/** A reserve whose sending started: what it was and how it went, read-only. */
function ReserveSummary({ reserve }: { reserve: ReserveView }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const condition = useConditionLabel();
  return (
    <div className="bcast-view">
      <p>
        <StatusBadge status={reserve.status} />{' '}
        {t('broadcasts.reserve.list.at', { date: formatDateTime(lang, reserve.reserved_at) })}
      </p>
      <Alert kind="info">{t('broadcasts.reserve.form.readOnly')}</Alert>
      <p className="bcast-row__meta">{condition('reserve', reserve.condition, reserve.hours)}</p>
      <CountsLine counts={reserve.counts} />
      <h2>{t('broadcasts.chats.legend')}</h2>
      <ol className="bcast__list">
        {reserve.chats.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the chats' order is their identity
          <li key={i} className="bcast-view__chat">
            {c.kind === 'text' ? (
              c.text
            ) : c.file_type === 'video' && c.file_url ? (
              // biome-ignore lint/a11y/useMediaCaption: the creator's own video
              <video className="chats-editor__preview" src={c.file_url} controls preload="metadata" />
            ) : c.file_url ? (
              <img
                className="chats-editor__preview"
                src={c.file_url}
                alt={t('broadcasts.chats.previewAlt', { n: i + 1 })}
              />
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * /home/broadcasting/reserve/create and /{reserve_id}: the form, new or of the creator's own
 * scheduled broadcast (another creator's id answers not found); one whose sending started opens
 * read-only with its counts. Saving or deleting goes back to the list.
 */
export default function ReserveFormPage() {
  const { t } = useTranslation();
  const { reserveId } = useParams();
  const { to } = useLang();
  const navigate = useNavigate();
  const reserve = useReserve(reserveId);
  const error = queryErrorKey(reserve.error);
  const editing = Boolean(reserveId);
  const current = reserve.data?.reserve ?? null;
  const back = (saved: string) => {
    void invalidateBroadcasts();
    const state: BroadcastSavedState = { saved };
    navigate(to('/home/broadcasting/reserve'), { state });
  };
  const title = !editing
    ? t('broadcasts.reserve.form.createTitle')
    : current && !current.editable
      ? t('broadcasts.reserve.form.viewTitle')
      : t('broadcasts.reserve.form.editTitle');
  return (
    <section className="page bcast-form-page" aria-labelledby="bcast-form-heading">
      <p className="bcast__back">
        <LangLink to="/home/broadcasting/reserve">{t('broadcasts.reserve.form.back')}</LangLink>
      </p>
      <h1 id="bcast-form-heading" className="page__title">
        {title}
      </h1>
      {error ? <Alert kind="error">{t(error.key, error.params ?? {})}</Alert> : null}
      {editing && !current ? (
        error ? null : (
          <Spinner />
        )
      ) : current && !current.editable ? (
        <ReserveSummary reserve={current} />
      ) : (
        <ReserveForm
          key={current ? `${current.id}-${current.version}` : 'new'}
          reserve={current}
          onSaved={() => back('broadcasts.reserve.form.saved')}
          onDeleted={() => back('broadcasts.reserve.list.deleted')}
        />
      )}
    </section>
  );
}
