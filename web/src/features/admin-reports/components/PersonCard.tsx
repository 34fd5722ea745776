import type { UserSummary } from '@app/shared/schemas/admin-reports';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { LangLink } from '../../../components/LangLink.tsx';
import { formatDateTime } from '../../points/format.ts';
import { nameOf } from './labels.ts';

/** A reporter or reported person: who they are, their account's state, reports about them. */
export function PersonCard({ heading, person }: { heading: string; person: UserSummary }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <section className="admin-card" aria-label={heading}>
      <h2 className="admin-card__title">{heading}</h2>
      {person.exists ? (
        <dl className="admin-facts">
          <dt>{t('admin.reports.person.nickname')}</dt>
          <dd>{person.nickname ?? '—'}</dd>
          <dt>{t('admin.reports.person.username')}</dt>
          <dd>{person.username ? `@${person.username}` : '—'}</dd>
          <dt>{t('admin.reports.person.role')}</dt>
          <dd>{person.role_id ? t(`admin.reports.roles.${person.role_id}`) : '—'}</dd>
          <dt>{t('admin.reports.person.status')}</dt>
          <dd>
            <span className={`admin-badge admin-badge--${person.status}`}>
              {t(`admin.reports.accountStatus.${person.status ?? 'active'}`)}
            </span>
          </dd>
          <dt>{t('admin.reports.person.created')}</dt>
          <dd>{person.created_at ? formatDateTime(lang, person.created_at) : '—'}</dd>
          <dt>{t('admin.reports.person.reportsAgainst')}</dt>
          <dd>{t('admin.reports.person.reportsCount', { count: person.reports_against })}</dd>
        </dl>
      ) : (
        <p>{t('admin.reports.person.gone')}</p>
      )}
      {person.exists ? (
        <LangLink
          to={`/admin/users/${person.id}`}
          aria-label={`${t('admin.reports.person.page')}: ${nameOf(person)}`}
        >
          {t('admin.reports.person.page')}
        </LangLink>
      ) : null}
    </section>
  );
}
