/**
 * /admin/audit: the operators' audit log (issue 17), newest first. The filters live in the URL
 * (`?from=&to=&action=&actor_id=&target_id=`), so a filtered view can be shared as a link.
 */
import { businessConfig } from '@app/shared/config';
import {
  AUDIT_SYSTEM_CLI,
  type AuditEntryView,
  type AuditQuery,
  auditActions,
} from '@app/shared/schemas/admin';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { pagedQuery } from '../../../lib/query.ts';
import { getAudit } from '../api/getAudit.ts';
import { AdminPage } from '../components/AdminPage.tsx';
import { type AdminColumn, AdminTable } from '../components/AdminTable.tsx';
import '../audit.css';

const FILTERS = ['from', 'to', 'action', 'actor_id', 'target_id'] as const;
type Filters = Omit<AuditQuery, 'cursor'>;

export default function AuditPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters: Filters = Object.fromEntries(
    FILTERS.flatMap((k) => (params.get(k) ? [[k, params.get(k)]] : [])),
  ) as Filters;
  const query = useInfiniteQuery(
    pagedQuery({ queryKey: ['admin-audit', filters], page: (cursor) => getAudit(filters, cursor) }),
  );
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  const failure = query.error instanceof ApiError ? `errors.${query.error.code}` : null;
  const columns = useAuditColumns();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const k of FILTERS) {
      const v = String(data.get(k) ?? '').trim();
      if (v) next.set(k, v);
    }
    setParams(next);
  };

  return (
    <AdminPage title={t('admin.access.audit.title')}>
      <AuditFilters
        key={params.toString()}
        filters={filters}
        onSubmit={onSubmit}
        onClear={() => setParams({})}
      />
      {query.isError ? (
        <Alert kind="error">
          {t(failure ?? 'errors.communication', { defaultValue: t('errors.communication') })}
        </Alert>
      ) : null}
      <AdminTable
        columns={columns}
        rows={entries}
        rowKey={(e) => e.id}
        stack
        className="audit-table"
        caption={t('admin.access.audit.caption')}
        empty={query.isSuccess ? t('admin.access.audit.empty') : undefined}
        more={{
          query,
          className: 'audit-more',
          label: t('admin.access.audit.more'),
          busyLabel: t('common.loading'),
        }}
      />
    </AdminPage>
  );
}

function AuditFilters({
  filters,
  onSubmit,
  onClear,
}: {
  filters: Filters;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const field = (name: (typeof FILTERS)[number], type: 'date' | 'text') => (
    <div className="audit-filters__field">
      <label htmlFor={`${id}-${name}`}>{t(`admin.access.audit.filters.${name}`)}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        className="input"
        defaultValue={filters[name] ?? ''}
        {...(type === 'text' ? { maxLength: 200, autoComplete: 'off', spellCheck: false } : {})}
      />
    </div>
  );
  return (
    <form className="audit-filters" onSubmit={onSubmit} aria-label={t('admin.access.audit.filters.label')}>
      {field('from', 'date')}
      {field('to', 'date')}
      <div className="audit-filters__field">
        <label htmlFor={`${id}-action`}>{t('admin.access.audit.filters.action')}</label>
        <select id={`${id}-action`} name="action" className="input" defaultValue={filters.action ?? ''}>
          <option value="">{t('admin.access.audit.filters.anyAction')}</option>
          {auditActions.map((a) => (
            <option key={a} value={a}>
              {actionLabel(t, a)}
            </option>
          ))}
        </select>
      </div>
      {field('actor_id', 'text')}
      {field('target_id', 'text')}
      <p className="audit-filters__hint">{t('admin.access.audit.filters.hint', { days: DEFAULT_DAYS })}</p>
      <div className="audit-filters__actions">
        <Button type="submit">{t('admin.access.audit.filters.apply')}</Button>
        <Button type="button" variant="secondary" onClick={onClear}>
          {t('admin.access.audit.filters.clear')}
        </Button>
      </div>
    </form>
  );
}

/** The log's default range when no dates are given (services/admin/audit.ts). */
const DEFAULT_DAYS = 7;

type TFn = ReturnType<typeof useTranslation>['t'];
const actionLabel = (t: TFn, action: string) =>
  t(`admin.access.audit.actions.${action.replace('.', '_')}`, { defaultValue: action });

/** The log's columns: when, who, what, on what, and the changed fields. */
function useAuditColumns(): AdminColumn<AuditEntryView>[] {
  const { t } = useTranslation();
  const { lang } = useLang();
  const when = new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: businessConfig.timeZone,
  });
  const header = (key: string) => t(`admin.access.audit.${key}`);
  return [
    {
      key: 'when',
      header: header('when'),
      cell: (entry) => <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>,
    },
    {
      key: 'who',
      header: header('who'),
      cell: (entry) => (
        <>
          {entry.actor_id === AUDIT_SYSTEM_CLI
            ? `${t('admin.access.audit.systemCli')} (${entry.actor_name})`
            : entry.actor_name}
          <br />
          <code className="audit-id">{entry.actor_id}</code>
        </>
      ),
    },
    { key: 'action', header: header('action'), cell: (entry) => actionLabel(t, entry.action) },
    {
      key: 'target',
      header: header('target'),
      cell: (entry) => (
        <>
          {t(`admin.access.audit.targets.${entry.target_type}`, { defaultValue: entry.target_type })}
          <br />
          <code className="audit-id">{entry.target_id}</code>
        </>
      ),
    },
    {
      key: 'change',
      header: header('change'),
      cell: (entry) => <Changes before={entry.before} after={entry.after} />,
    },
  ];
}

/** A value as the operator reads it: states and yes/no in words, the rest as stored. */
function useShown() {
  const { t } = useTranslation();
  const word = (v: string) => t(`admin.access.audit.values.${v}`, { defaultValue: v });
  return (v: unknown): string => {
    if (v === undefined || v === null) return '—';
    if (typeof v === 'boolean') return word(String(v));
    if (typeof v === 'string') return /^[a-z_]+$/.test(v) ? word(v) : v;
    if (Array.isArray(v) && v.every((x) => typeof x !== 'object')) return v.join(', ');
    return JSON.stringify(v);
  };
}

/** The changed fields, one line each: `field: before → after`. */
function Changes({ before, after }: Pick<AuditEntryView, 'before' | 'after'>) {
  const { t } = useTranslation();
  const shown = useShown();
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return <span>—</span>;
  return (
    <dl className="audit-changes">
      {keys.map((k) => (
        <div key={k}>
          <dt>{t(`admin.access.audit.fields.${k}`, { defaultValue: k })}</dt>
          <dd>
            {before ? (
              <del>
                <span className="visually-hidden">{t('admin.access.audit.before')} </span>
                {shown(before[k])}
              </del>
            ) : null}
            {before ? ' → ' : null}
            <ins>
              <span className="visually-hidden">{t('admin.access.audit.after')} </span>
              {shown(after?.[k])}
            </ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}
