/**
 * The campaigns part of /admin/catalog: every code with its chat rate, end (Japan time) and state;
 * add, edit (rate and end) and end now (a confirmation first). A paged infinite query.
 */
import type { AdminCampaignPage, AdminCampaignView } from '@app/shared/schemas/admin-catalog';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { errorMessageKey } from '../../../lib/api.ts';
import { queryErrorKey, unwrap } from '../../../lib/query.ts';
import { type AdminColumn, AdminTable } from '../../admin/components/AdminTable.tsx';
import { formatInstant } from '../../admin/format.ts';
import { endCampaign, listCampaigns } from '../api/catalog-campaigns.ts';
import { CampaignForm } from './catalog-campaign-form.tsx';

export const campaignsKey = ['admin', 'catalog', 'campaigns'] as const;

type Editing = { campaign: AdminCampaignView | null } | null;

export function CatalogCampaigns() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: campaignsKey,
    queryFn: async ({ pageParam }) => unwrap(await listCampaigns(pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<AdminCampaignView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  /** Puts a saved campaign into the loaded pages (a new one at the top of the first page). */
  const write = (campaign: AdminCampaignView) =>
    client.setQueryData<InfiniteData<AdminCampaignPage>>(campaignsKey, (data) => {
      if (!data) return data;
      const known = data.pages.some((p) => p.campaigns.some((c) => c.code === campaign.code));
      return {
        ...data,
        pages: data.pages.map((p, i) => ({
          ...p,
          campaigns: known
            ? p.campaigns.map((c) => (c.code === campaign.code ? campaign : c))
            : i === 0
              ? [campaign, ...p.campaigns]
              : p.campaigns,
        })),
      };
    });

  const end = useMutation({
    mutationFn: async (c: AdminCampaignView) =>
      unwrap(await endCampaign({ code: c.code, version: c.version })),
    onSuccess: ({ campaign }) => {
      write(campaign);
      setConfirming(null);
      setNotice(t('admin.catalog.campaigns.endedDone', { code: campaign.code }));
    },
    onError: () => {
      setConfirming(null);
      void client.invalidateQueries({ queryKey: campaignsKey });
    },
  });

  const campaigns = query.data?.pages.flatMap((p) => p.campaigns) ?? [];
  const failure = queryErrorKey(query.error);
  const endError = end.error ? errorMessageKey(end.error) : null;
  const header = (key: string) => t(`admin.catalog.campaigns.${key}`);
  const columns: AdminColumn<AdminCampaignView>[] = [
    { key: 'code', header: header('code'), rowHeader: true, cell: (c) => <code>{c.code}</code> },
    {
      key: 'rate',
      header: header('rate'),
      cell: (c) => t('admin.catalog.campaigns.ratePercent', { rate: c.rate_percent }),
    },
    {
      key: 'endsAt',
      header: header('endsAt'),
      cell: (c) => <time dateTime={c.ends_at}>{formatInstant(lang, c.ends_at)}</time>,
    },
    {
      key: 'state',
      header: header('state'),
      cell: (c) => (
        <span className={`catalog-badge catalog-badge--${c.state === 'running' ? 'on' : 'off'}`}>
          {t(`admin.catalog.campaigns.${c.state}`)}
        </span>
      ),
    },
    {
      key: 'actions',
      header: header('actions'),
      className: 'catalog-campaigns__actions',
      label: false,
      cell: (c) => (
        <>
          <Button
            variant="secondary"
            disabled={editing !== null}
            onClick={() => {
              setNotice(null);
              setEditing({ campaign: c });
            }}
            aria-label={`${t('admin.catalog.campaigns.edit')}: ${c.code}`}
          >
            {t('admin.catalog.campaigns.edit')}
          </Button>
          {c.state === 'running' ? (
            <Button
              variant="secondary"
              onClick={() => {
                end.reset();
                setNotice(null);
                setConfirming(c);
              }}
              aria-label={`${t('admin.catalog.campaigns.end')}: ${c.code}`}
            >
              {t('admin.catalog.campaigns.end')}
            </Button>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <section className="catalog-section" aria-labelledby="catalog-campaigns-h">
      <div className="catalog-section__head">
        <h2 id="catalog-campaigns-h" className="catalog-section__title">
          {t('admin.catalog.campaigns.heading')}
        </h2>
        <Button
          variant="secondary"
          disabled={!query.data || editing !== null}
          onClick={() => {
            setNotice(null);
            setEditing({ campaign: null });
          }}
        >
          {t('admin.catalog.campaigns.add')}
        </Button>
      </div>
      <p className="catalog-section__lead">{t('admin.catalog.campaigns.lead')}</p>
      <Alert kind="success">{notice}</Alert>
      <Alert kind="error">{endError ? t(endError) : null}</Alert>
      <Alert kind="error">{failure ? t(failure.key, { ...failure.params }) : null}</Alert>
      {editing ? (
        <CampaignForm
          key={editing.campaign?.code ?? 'new'}
          campaign={editing.campaign}
          onSaved={(campaign, created) => {
            write(campaign);
            setEditing(null);
            setNotice(
              t(created ? 'admin.catalog.campaigns.form.created' : 'admin.catalog.campaigns.form.saved', {
                code: campaign.code,
              }),
            );
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {query.isPending ? <Spinner /> : null}
      <AdminTable
        columns={columns}
        rows={campaigns}
        rowKey={(c) => c.code}
        stack
        className="catalog-campaigns"
        rowProps={(c) => ({ 'data-testid': `campaign-${c.code}` })}
        empty={query.data ? t('admin.catalog.campaigns.empty') : undefined}
        more={{
          query,
          label: t('admin.catalog.campaigns.more'),
          busyLabel: t('common.actions.sending'),
          className: 'catalog-section__more',
        }}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t('admin.catalog.campaigns.endTitle', { code: confirming.code }) : ''}
        confirmLabel={t('admin.catalog.campaigns.endConfirm')}
        busy={end.isPending}
        busyLabel={t('common.actions.sending')}
        onConfirm={() => confirming && end.mutate(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <p>{t('admin.catalog.campaigns.endBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
