/**
 * /admin/users/:profileId: a person's summary, pictures (delete, the person is told), suspend,
 * resume or warn, the reports about them, and their point history (the points section).
 */

import { ROLE } from '@app/shared/roles';
import {
  type AdminUserResponse,
  type UserStatusRequest,
  type UserWarnRequest,
  userStatusRequest,
  userWarnRequest,
} from '@app/shared/schemas/admin-reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { type FormMessage, failureMessage } from '../../../lib/apiForm.ts';
import { queryErrorKey, unwrap } from '../../../lib/query.ts';
import { AdminPage } from '../../admin/components/AdminPage.tsx';
import { formatDateTime } from '../../points/format.ts';
import { deleteUserImage } from '../api/deleteUserImage.ts';
import { setUserStatus } from '../api/setUserStatus.ts';
import { warnUser } from '../api/warnUser.ts';
import { reportKeys, useAdminUser } from '../cache.ts';
import { nameOf, typeLabel } from '../components/labels.ts';
import { ModerationDialog } from '../components/ModerationDialog.tsx';
import '../reports.css';

type ImageKind = 'avatar' | 'background';
type Pending = { kind: ImageKind } | { kind: 'suspend' | 'resume' } | { kind: 'warn' };

export default function UserPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const id = useParams().profileId ?? '';
  const client = useQueryClient();
  const query = useAdminUser(id);
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<FormMessage | null>(null);
  const error = queryErrorKey(query.error);

  const saved = (data: AdminUserResponse, message: string) => {
    client.setQueryData(reportKeys.user(id), data);
    void client.invalidateQueries({ queryKey: reportKeys.all });
    setPending(null);
    setFailure(null);
    setDone(message);
  };
  const mutation = useMutation({
    mutationFn: async (p: { kind: ImageKind }) =>
      unwrap(await deleteUserImage({ profile_id: id, kind: p.kind })),
    onSuccess: (data) => saved(data, t('admin.reports.user.deleted')),
    onError: (err) => setFailure(failureMessage(err)),
  });

  const data = query.data;
  const user = data?.user;
  const name = user ? nameOf(user) : '';
  return (
    <AdminPage
      title={user ? `${t('admin.reports.user.heading')}: ${name}` : t('admin.reports.user.heading')}
      actions={<LangLink to="/admin/users">{t('admin.reports.user.back')}</LangLink>}
    >
      {error ? <Alert kind="error">{t(error.key, error.params ?? {})}</Alert> : null}
      {done ? <Alert kind="success">{done}</Alert> : null}
      {failure ? <Alert kind="error">{t(failure.key, failure.params ?? {})}</Alert> : null}
      {!data || !user ? (
        query.isPending ? (
          <p role="status">{t('admin.reports.loading')}</p>
        ) : null
      ) : (
        <div className="admin-report">
          <section className="admin-card" aria-label={t('admin.reports.user.heading')}>
            <dl className="admin-facts">
              <dt>{t('admin.reports.user.id')}</dt>
              <dd className="admin-mono">{user.id}</dd>
              <dt>{t('admin.reports.person.nickname')}</dt>
              <dd>{user.nickname ?? '—'}</dd>
              <dt>{t('admin.reports.person.username')}</dt>
              <dd>{user.username ? `@${user.username}` : '—'}</dd>
              <dt>{t('admin.reports.user.email')}</dt>
              <dd>{user.email ?? '—'}</dd>
              <dt>{t('admin.reports.person.role')}</dt>
              <dd>{user.role_id ? t(`admin.reports.roles.${user.role_id}`) : '—'}</dd>
              <dt>{t('admin.reports.person.status')}</dt>
              <dd>
                <span className={`admin-badge admin-badge--${user.status}`}>
                  {t(`admin.reports.accountStatus.${user.status ?? 'active'}`)}
                </span>
              </dd>
              <dt>{t('admin.reports.user.setup')}</dt>
              <dd>
                {t(user.setup_complete ? 'admin.reports.user.setupDone' : 'admin.reports.user.setupPending')}
              </dd>
              <dt>{t('admin.reports.person.created')}</dt>
              <dd>{user.created_at ? formatDateTime(lang, user.created_at) : '—'}</dd>
              {user.organization_id ? (
                <>
                  <dt>{t('admin.reports.user.organization')}</dt>
                  <dd className="admin-mono">{user.organization_id}</dd>
                </>
              ) : null}
            </dl>
            <LangLink to={`/admin/points?profile=${encodeURIComponent(user.id)}`}>
              {t('admin.reports.user.points')}
            </LangLink>
          </section>

          <div className="admin-report__people">
            {(['avatar', 'background'] as const).map((kind) => {
              const url = kind === 'avatar' ? user.profile_image : user.background_image;
              const label = t(`admin.reports.user.${kind}`);
              return (
                <section key={kind} className="admin-card" aria-label={label}>
                  <h2 className="admin-card__title">{label}</h2>
                  {url ? (
                    <>
                      <img src={url} alt={label} className={`admin-picture admin-picture--${kind}`} />
                      <Button variant="danger" onClick={() => setPending({ kind })}>
                        {t('admin.reports.user.deleteImage')}
                      </Button>
                    </>
                  ) : (
                    <p className="admin-muted">{t('admin.reports.user.noImage')}</p>
                  )}
                </section>
              );
            })}
          </div>

          {user.role_id === ROLE.ADMIN ? null : (
            <section className="admin-card" aria-labelledby="user-actions">
              <h2 id="user-actions" className="admin-card__title">
                {t('admin.reports.user.actions')}
              </h2>
              <div className="admin-buttons">
                <Button variant="secondary" onClick={() => setPending({ kind: 'warn' })}>
                  {t('admin.reports.user.warn')}
                </Button>
                {user.status === 'suspended' ? (
                  <Button variant="secondary" onClick={() => setPending({ kind: 'resume' })}>
                    {t('admin.reports.user.resume')}
                  </Button>
                ) : (
                  <Button variant="danger" onClick={() => setPending({ kind: 'suspend' })}>
                    {t('admin.reports.user.suspend')}
                  </Button>
                )}
              </div>
            </section>
          )}

          <section className="admin-card" aria-labelledby="user-reports">
            <h2 id="user-reports" className="admin-card__title">
              {t('admin.reports.user.reports')}
            </h2>
            {data.reports.length === 0 ? (
              <p className="admin-muted">{t('admin.reports.user.noReports')}</p>
            ) : (
              <ul className="admin-list">
                {data.reports.map((r) => (
                  <li key={r.id}>
                    <LangLink to={`/admin/reports/${r.id}`}>{formatDateTime(lang, r.created_at)}</LangLink>{' '}
                    {typeLabel(t, r.type)} · {t(`admin.reports.statuses.${r.status}`)}
                    {r.resolution ? ` (${t(`admin.reports.resolutions.${r.resolution}`)})` : ''}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}

      {pending?.kind === 'avatar' || pending?.kind === 'background' ? (
        <ConfirmDialog
          open
          title={t(
            pending.kind === 'avatar'
              ? 'admin.reports.user.deleteAvatarTitle'
              : 'admin.reports.user.deleteBackgroundTitle',
          )}
          confirmLabel={t('admin.reports.user.deleteImage')}
          busy={mutation.isPending}
          busyLabel={t('admin.reports.actions.working')}
          onConfirm={() => mutation.mutate(pending)}
          onCancel={() => setPending(null)}
        >
          <p>{t('admin.reports.user.deleteImageBody')}</p>
        </ConfirmDialog>
      ) : null}
      {pending?.kind === 'warn' && user ? (
        <ModerationDialog<UserWarnRequest, AdminUserResponse>
          idPrefix="user-warn"
          title={t('admin.reports.confirm.warnTitle', { name })}
          body={t('admin.reports.confirm.warnBody')}
          confirmLabel={t('admin.reports.confirm.warn')}
          schema={userWarnRequest}
          defaults={{ profile_id: user.id, message: '' }}
          fields={['message']}
          send={warnUser}
          onCancel={() => setPending(null)}
          onDone={(d) => saved(d, t('admin.reports.user.warned'))}
        />
      ) : null}
      {(pending?.kind === 'suspend' || pending?.kind === 'resume') && user ? (
        <ModerationDialog<UserStatusRequest, AdminUserResponse>
          key={pending.kind}
          idPrefix="user-status"
          title={t(`admin.reports.confirm.${pending.kind}Title`, { name })}
          body={t(`admin.reports.confirm.${pending.kind}Body`)}
          confirmLabel={t(`admin.reports.confirm.${pending.kind}`)}
          schema={userStatusRequest}
          defaults={{ profile_id: user.id, action: pending.kind }}
          fields={[]}
          send={setUserStatus}
          onCancel={() => setPending(null)}
          onDone={(d) =>
            saved(
              d,
              t(pending.kind === 'suspend' ? 'admin.reports.user.suspended' : 'admin.reports.user.resumed'),
            )
          }
        />
      ) : null}
    </AdminPage>
  );
}
