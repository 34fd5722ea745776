/**
 * /admin/points: leaves granted to fans; any user's point history (`?profile=<id>`, the reports
 * screens link here) with the balance by kind; a movement's journal and the refund of a spend.
 */
import type { AdminPointHistory } from '@app/shared/schemas/admin-content';
import { pointKinds } from '@app/shared/schemas/points';
import { PROFILE_ID_RE } from '@app/shared/validation';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { queryErrorKey, unwrap } from '../../../lib/query.ts';
import { AdminPage } from '../../admin/components/AdminPage.tsx';
import { type AdminColumn, AdminTable } from '../../admin/components/AdminTable.tsx';
import { formatInstant, formatPoints } from '../../admin/format.ts';
import { getPointHistory } from '../api/getPointHistory.ts';
import { GrantForm } from '../components/GrantForm.tsx';
import { MovementPanel } from '../components/MovementPanel.tsx';
import '../admin-content.css';

const historyKey = (profile: string) => ['admin', 'points', profile] as const;
type PointLog = AdminPointHistory['logs'][number];

export default function PointsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const profile = params.get('profile') ?? '';
  const client = useQueryClient();
  return (
    <AdminPage title={t('admin.access.nav.points')}>
      <p className="admin-content__lead">{t('admin.content.points.lead')}</p>
      <div className="admin-content__panel">
        <GrantForm onGranted={() => void client.invalidateQueries({ queryKey: ['admin', 'points'] })} />
      </div>
      <ProfileLookup key={profile} initial={profile} onShow={(id) => setParams(id ? { profile: id } : {})} />
      {PROFILE_ID_RE.test(profile) ? <History profile={profile} /> : null}
    </AdminPage>
  );
}

function ProfileLookup({ initial, onShow }: { initial: string; onShow: (id: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(initial);
  return (
    <form
      className="form admin-content__panel"
      aria-labelledby={`${id}-h`}
      onSubmit={(e) => {
        e.preventDefault();
        onShow(value.trim());
      }}
    >
      <h2 id={`${id}-h`} className="section-title">
        {t('admin.content.points.history.heading')}
      </h2>
      <div className="admin-points__form-row">
        <TextField
          label={t('admin.content.points.history.profile')}
          value={value}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit">{t('admin.content.points.history.show')}</Button>
      </div>
    </form>
  );
}

function History({ profile }: { profile: string }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const client = useQueryClient();
  const [movement, setMovement] = useState<string | null>(null);
  const history = useInfiniteQuery({
    queryKey: historyKey(profile),
    queryFn: async ({ pageParam }) => unwrap(await getPointHistory(profile, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: AdminPointHistory) => last.next_cursor ?? undefined,
  });
  const first = history.data?.pages[0];
  const logs = history.data?.pages.flatMap((p) => p.logs) ?? [];
  const missing = history.error instanceof ApiError && history.error.status === 404;
  const failure = missing ? { key: 'admin.content.points.history.notFound' } : queryErrorKey(history.error);
  const column = (key: string) => t(`admin.content.points.history.columns.${key}`);
  const points = (l: PointLog) => (
    <>
      {l.type <= 2 ? '−' : '+'}
      {formatPoints(lang, l.points)}
      <br />
      <small>
        {l.parts
          .map((p) => `${t(`admin.content.points.history.kinds.${p.kind}`)} ${formatPoints(lang, p.points)}`)
          .join(' / ')}
      </small>
    </>
  );
  const columns: AdminColumn<PointLog>[] = [
    { key: 'at', header: column('at'), cell: (l) => formatInstant(lang, l.created_at) },
    {
      key: 'type',
      header: column('type'),
      cell: (l) => t(`admin.content.points.history.details.${l.detail}`),
    },
    { key: 'points', header: column('points'), cell: points },
    {
      key: 'counterparty',
      header: column('counterparty'),
      cell: (l) => (l.counterparty ? (l.counterparty.nickname ?? l.counterparty.id) : '—'),
    },
    {
      key: 'movement',
      header: column('movement'),
      cell: (l) =>
        l.movement_id ? (
          <Button variant="link" onClick={() => setMovement(l.movement_id)}>
            {t('admin.content.points.history.journal')}
          </Button>
        ) : null,
    },
  ];

  return (
    <section className="admin-content__panel" aria-live="polite">
      {failure ? <Alert kind="error">{t(failure.key, { ...failure.params })}</Alert> : null}
      {first ? (
        <>
          <p>
            <strong>
              {t('admin.content.points.history.user', {
                nickname: first.profile.nickname ?? first.profile.id,
                username: first.profile.username ?? '—',
              })}
            </strong>{' '}
            {t('admin.content.points.history.roleOf', {
              role: t(`admin.content.roles.${first.profile.role_id}`),
            })}
          </p>
          <h3>{t('admin.content.points.history.balance')}</h3>
          <ul className="admin-points__balance">
            {pointKinds.map((k) => (
              <li key={k}>
                {t(`admin.content.points.history.kinds.${k}`)}:{' '}
                <strong>{formatPoints(lang, first.balance[k])}</strong>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {movement ? (
        <MovementPanel
          key={movement}
          movementId={movement}
          onClose={() => setMovement(null)}
          onRefunded={() => void client.invalidateQueries({ queryKey: historyKey(profile) })}
        />
      ) : null}
      <AdminTable
        columns={columns}
        rows={logs}
        rowKey={(l) => l.id}
        className="admin-content__table"
        empty={history.isSuccess ? t('admin.content.points.history.empty') : undefined}
        more={{
          query: history,
          label: t('admin.content.points.history.more'),
          busyLabel: t('common.loading'),
          className: 'admin-content__more',
        }}
      />
    </section>
  );
}
