/** /admin/users: find a person by e-mail, username or user id. */
import { type UserFindQuery, type UserSummary, userFindQuery } from '@app/shared/schemas/admin-reports';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/Field.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { queryErrorKey } from '../../../lib/query.ts';
import { AdminPage } from '../../admin/components/AdminPage.tsx';
import { type AdminColumn, AdminTable } from '../../admin/components/AdminTable.tsx';
import { useUserSearch } from '../cache.ts';
import { nameOf } from '../components/labels.ts';
import '../reports.css';

export default function UsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const { form, errorOf } = useApiForm<UserFindQuery, UserFindQuery>(userFindQuery as never, { q });
  const query = useUserSearch(q);
  const error = queryErrorKey(query.error);
  const onSubmit = form.handleSubmit((values) => setParams({ q: values.q }, { replace: true }));
  const person = (key: string) => t(`admin.reports.person.${key}`);
  const columns: AdminColumn<UserSummary>[] = [
    {
      key: 'nickname',
      header: person('nickname'),
      cell: (u) => <LangLink to={`/admin/users/${u.id}`}>{nameOf(u)}</LangLink>,
    },
    { key: 'username', header: person('username'), cell: (u) => (u.username ? `@${u.username}` : '—') },
    {
      key: 'role',
      header: person('role'),
      cell: (u) => (u.role_id ? t(`admin.reports.roles.${u.role_id}`) : '—'),
    },
    {
      key: 'status',
      header: person('status'),
      cell: (u) => t(`admin.reports.accountStatus.${u.status ?? 'active'}`),
    },
    {
      key: 'reports',
      header: person('reportsAgainst'),
      cell: (u) => t('admin.reports.person.reportsCount', { count: u.reports_against }),
    },
  ];
  return (
    <AdminPage title={t('admin.reports.users.title')}>
      <form className="admin-inline-form" noValidate onSubmit={onSubmit}>
        <TextField
          label={t('admin.reports.users.search')}
          type="search"
          autoComplete="off"
          spellCheck={false}
          error={errorOf('q')}
          {...form.register('q')}
        />
        <Button type="submit">{t('admin.reports.users.submit')}</Button>
      </form>
      {error ? <Alert kind="error">{t(error.key, error.params ?? {})}</Alert> : null}
      {q && query.data ? (
        <AdminTable
          columns={columns}
          rows={query.data.users}
          rowKey={(u) => u.id}
          caption={t('admin.reports.users.results')}
          empty={<p role="status">{t('admin.reports.users.none')}</p>}
        />
      ) : null}
    </AdminPage>
  );
}
