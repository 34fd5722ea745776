/**
 * /admin/news: every news (published, scheduled, withdrawn), newest first, page by page; the form
 * to create or edit one; withdrawal after a confirmation; and the home screen's banner.
 */
import type { AdminNewsPage, AdminNewsView } from '@app/shared/schemas/admin-content';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { errorMessageKey } from '../../../lib/api.ts';
import { queryErrorKey, unwrap } from '../../../lib/query.ts';
import { AdminPage } from '../../admin/components/AdminPage.tsx';
import { type AdminColumn, AdminTable } from '../../admin/components/AdminTable.tsx';
import { formatInstant } from '../../admin/format.ts';
import { listNews } from '../api/listNews.ts';
import { withdrawNews } from '../api/withdrawNews.ts';
import { BannerPanel } from '../components/BannerPanel.tsx';
import { NewsForm } from '../components/NewsForm.tsx';
import '../admin-content.css';

export const newsKeys = { list: ['admin', 'news'] as const };

export default function NewsPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const client = useQueryClient();
  const [editing, setEditing] = useState<AdminNewsView | 'new' | null>(null);
  const [withdrawing, setWithdrawing] = useState<AdminNewsView | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; key: string } | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);

  const list = useInfiniteQuery({
    queryKey: newsKeys.list,
    queryFn: async ({ pageParam }) => unwrap(await listNews(pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: AdminNewsPage) => last.next_cursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((p) => p.news) ?? [];
  const failure = queryErrorKey(list.error);

  const done = (key: string) => {
    setEditing(null);
    setMessage({ kind: 'success', key });
    void client.invalidateQueries({ queryKey: newsKeys.list });
    createButton.current?.focus();
  };

  async function confirmWithdraw() {
    if (!withdrawing) return;
    setBusy(true);
    try {
      const res = await withdrawNews({ id: withdrawing.id, version: withdrawing.version });
      if (res?.ok) done('admin.content.news.withdrawn');
    } catch (err) {
      setMessage({ kind: 'error', key: errorMessageKey(err) });
      void client.invalidateQueries({ queryKey: newsKeys.list });
    } finally {
      setBusy(false);
      setWithdrawing(null);
    }
  }

  const column = (key: string) => t(`admin.content.news.columns.${key}`);
  const columns: AdminColumn<AdminNewsView>[] = [
    { key: 'title', header: column('title'), rowHeader: true, cell: (n) => n.title[lang] },
    {
      key: 'status',
      header: column('status'),
      cell: (n) => (
        <span className={`admin-content__status admin-content__status--${n.status}`}>
          {t(`admin.content.news.status.${n.status}`)}
        </span>
      ),
    },
    {
      key: 'audiences',
      header: column('audiences'),
      cell: (n) => n.audiences.map((r) => t(`admin.content.roles.${r}`)).join(lang === 'ja' ? '、' : ', '),
    },
    { key: 'publishedAt', header: column('publishedAt'), cell: (n) => formatInstant(lang, n.published_at) },
    {
      key: 'actions',
      header: column('actions'),
      className: 'admin-content__actions',
      label: false,
      cell: (n) =>
        n.status !== 'withdrawn' ? (
          <>
            <Button
              variant="secondary"
              onClick={() => setEditing(n)}
              aria-label={`${t('admin.content.news.edit')}: ${n.title[lang]}`}
            >
              {t('admin.content.news.edit')}
            </Button>
            <Button
              variant="danger"
              onClick={() => setWithdrawing(n)}
              aria-label={`${t('admin.content.news.withdraw')}: ${n.title[lang]}`}
            >
              {t('admin.content.news.withdraw')}
            </Button>
          </>
        ) : null,
    },
  ];

  return (
    <AdminPage
      title={t('admin.access.nav.news')}
      actions={
        <button
          ref={createButton}
          type="button"
          className="btn btn--primary"
          onClick={() => setEditing('new')}
          disabled={editing !== null}
        >
          {t('admin.content.news.create')}
        </button>
      }
    >
      <p className="admin-content__lead">{t('admin.content.news.lead')}</p>
      {message ? <Alert kind={message.kind}>{t(message.key)}</Alert> : null}
      {editing ? (
        <div className="admin-content__panel">
          <NewsForm
            news={editing === 'new' ? null : editing}
            onDone={() =>
              done(editing === 'new' ? 'admin.content.news.created' : 'admin.content.news.updated')
            }
            onCancel={() => setEditing(null)}
          />
        </div>
      ) : null}
      <h2 className="section-title">{t('admin.content.news.listHeading')}</h2>
      {failure ? <Alert kind="error">{t(failure.key, { ...failure.params })}</Alert> : null}
      <AdminTable
        columns={columns}
        rows={rows}
        rowKey={(n) => n.id}
        stack
        className="admin-content__table"
        empty={list.isSuccess ? t('admin.content.news.empty') : undefined}
        more={{
          query: list,
          label: t('admin.content.news.more'),
          busyLabel: t('common.loading'),
          className: 'admin-content__more',
        }}
      />
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('admin.content.news.withdrawTitle')}
        confirmLabel={t('admin.content.news.withdraw')}
        busy={busy}
        onConfirm={() => void confirmWithdraw()}
        onCancel={() => setWithdrawing(null)}
      >
        <p>{t('admin.content.news.withdrawBody', { title: withdrawing?.title[lang] ?? '' })}</p>
      </ConfirmDialog>
      <BannerPanel />
    </AdminPage>
  );
}
