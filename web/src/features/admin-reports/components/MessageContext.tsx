import type { ReportDetailResponse } from '@app/shared/schemas/admin-reports';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { formatDateTime } from '../../points/format.ts';

type Context = NonNullable<ReportDetailResponse['context']>;

/** The reported message among its neighbours, senders named; a deleted one shows why. */
export function MessageContext({ context }: { context: Context }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <section className="admin-card" aria-labelledby="report-context">
      <h2 id="report-context" className="admin-card__title">
        {t('admin.reports.detail.context')}
      </h2>
      <p className="admin-muted">{t('admin.reports.detail.room', { id: context.chatroom_id })}</p>
      {context.found ? null : <p>{t('admin.reports.detail.missing')}</p>}
      <ol className="admin-context">
        {context.messages.map((m) => (
          <li
            key={m.id}
            className={`admin-context__line${m.reported ? ' admin-context__line--reported' : ''}`}
            aria-current={m.reported ? 'true' : undefined}
          >
            <div className="admin-context__meta">
              <strong>{m.sender_name ?? t('admin.reports.detail.noSender')}</strong>
              <time dateTime={m.created_at}>{formatDateTime(lang, m.created_at)}</time>
              {m.reported ? (
                <span className="admin-badge admin-badge--reported">
                  {t('admin.reports.detail.reportedMark')}
                </span>
              ) : null}
            </div>
            <div className="admin-context__body">
              {m.deleted ? (
                <em>{t(m.deleted === 'terms' ? 'chat.room.deletedTerms' : 'chat.room.deletedSender')}</em>
              ) : m.kind === 'file' && m.file_url ? (
                <img
                  src={m.file_url}
                  alt={t('admin.reports.detail.image')}
                  className="admin-context__image"
                />
              ) : m.kind === 'stamp' ? (
                <span>
                  {t('admin.reports.detail.stamp')}: {m.stamp_id}
                </span>
              ) : (
                <span className="admin-context__text">{m.text}</span>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
