/** /admin/users: find a person by e-mail, username or user id. */
import { type UserFindQuery, userFindQuery } from '@app/shared/schemas/admin-reports';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/Field.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { queryErrorKey } from '../../../lib/query.ts';
import { AdminPage } from '../../admin/components/AdminPage.tsx';
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
        query.data.users.length === 0 ? (
          <p role="status">{t('admin.reports.users.none')}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">{t('admin.reports.users.results')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.reports.person.nickname')}</th>
                  <th scope="col">{t('admin.reports.person.username')}</th>
                  <th scope="col">{t('admin.reports.person.role')}</th>
                  <th scope="col">{t('admin.reports.person.status')}</th>
                  <th scope="col">{t('admin.reports.person.reportsAgainst')}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.users.map((u) => (
                  <tr key={u.id}>
                    <td>
                      <LangLink to={`/admin/users/${u.id}`}>{nameOf(u)}</LangLink>
                    </td>
                    <td>{u.username ? `@${u.username}` : '—'}</td>
                    <td>{u.role_id ? t(`admin.reports.roles.${u.role_id}`) : '—'}</td>
                    <td>{t(`admin.reports.accountStatus.${u.status ?? 'active'}`)}</td>
                    <td>{t('admin.reports.person.reportsCount', { count: u.reports_against })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
    </AdminPage>
  );
}
