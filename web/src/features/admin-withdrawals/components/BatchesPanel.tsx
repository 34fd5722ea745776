import type { AdminBatchView, AdminWithdrawalsPage } from '@app/shared/schemas/admin-withdrawals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { type AdminColumn, AdminTable } from '../../admin/components/AdminTable.tsx';
import { formatDate } from '../../points/format.ts';
import { formatYen } from '../../withdrawals/format.ts';
import { createBatch } from '../api/createBatch.ts';
import { getBatchFile } from '../api/getBatchFile.ts';
import { markBatchTransferred } from '../api/markBatchTransferred.ts';

/** Saves the file's bytes under its name (application/octet-stream: the browser downloads it as is). */
function download(fileName: string, base64: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type Pending = { kind: 'generate' } | { kind: 'mark'; batch: AdminBatchView } | null;

/** The date's Zengin transfer files: create one, download, mark transferred. */
export function BatchesPanel({
  page,
  onChanged,
  onError,
}: {
  page: AdminWithdrawalsPage;
  onChanged: (notice: string) => Promise<void>;
  onError: (err: unknown) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const yen = (n: number) => formatYen(lang, n);

  const run = async (call: () => Promise<unknown>, notice: string) => {
    setBusy(true);
    try {
      const result = await call();
      if (result === null) return;
      setPending(null);
      await onChanged(notice);
    } catch (err) {
      setPending(null);
      onError(err);
    } finally {
      setBusy(false);
    }
  };

  // The one dialog asks for what is pending: a new transfer file, or a file marked transferred.
  const confirmation =
    pending?.kind === 'generate'
      ? {
          title: t('admin.withdrawals.batch.generateTitle'),
          label: t('admin.withdrawals.batch.generate'),
          body: t('admin.withdrawals.batch.generateBody', {
            count: page.totals.pending_count,
            amount: yen(page.totals.pending_net),
            date: formatDate(lang, page.date),
          }),
          send: () => void run(() => createBatch({ date: page.date }), t('admin.withdrawals.done.batch')),
        }
      : pending?.kind === 'mark'
        ? {
            title: t('admin.withdrawals.batch.markTitle'),
            label: t('admin.withdrawals.batch.markTransferred'),
            body: t('admin.withdrawals.batch.markBody', {
              id: pending.batch.id,
              count: pending.batch.count,
              date: formatDate(lang, pending.batch.transfer_date),
            }),
            send: () =>
              void run(
                () => markBatchTransferred({ batch_id: pending.batch.id, version: pending.batch.version }),
                t('admin.withdrawals.done.transferred'),
              ),
          }
        : null;

  const onDownload = async (batch: AdminBatchView) => {
    try {
      const result = await getBatchFile(batch.id);
      if (result?.ok) download(result.data.file_name, result.data.content_base64);
    } catch (err) {
      onError(err);
    }
  };

  const header = (key: string) => t(`admin.withdrawals.batch.${key}`);
  const columns: AdminColumn<AdminBatchView>[] = [
    { key: 'id', header: header('id'), cell: (b) => b.id },
    { key: 'count', header: header('count'), cell: (b) => b.count },
    { key: 'total', header: header('total'), cell: (b) => yen(b.total) },
    { key: 'checksum', header: header('checksum'), cell: (b) => <code className="aw-hash">{b.sha256}</code> },
    { key: 'status', header: header('status'), cell: (b) => header(b.status) },
    {
      key: 'actions',
      header: t('admin.withdrawals.columns.actions'),
      className: 'aw-actions',
      cell: (b) => (
        <>
          <Button
            variant="secondary"
            aria-label={t('admin.withdrawals.batch.downloadLabel', { id: b.id })}
            onClick={() => void onDownload(b)}
          >
            {t('admin.withdrawals.batch.download')}
          </Button>
          {b.status === 'generated' ? (
            <Button
              aria-label={t('admin.withdrawals.batch.markLabel', { id: b.id })}
              onClick={() => setPending({ kind: 'mark', batch: b })}
            >
              {t('admin.withdrawals.batch.markTransferred')}
            </Button>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <section className="aw-batches" aria-labelledby="aw-batches-heading">
      <h2 id="aw-batches-heading" className="aw-h2">
        {t('admin.withdrawals.batch.heading')}
      </h2>
      <p className="small">{t('admin.withdrawals.batch.explain')}</p>
      <Button disabled={page.totals.pending_count === 0} onClick={() => setPending({ kind: 'generate' })}>
        {t('admin.withdrawals.batch.generate')}
      </Button>
      <AdminTable
        columns={columns}
        rows={page.batches}
        rowKey={(b) => b.id}
        rowProps={() => ({ 'data-testid': 'aw-batch' })}
        empty={t('admin.withdrawals.batch.none')}
      />
      <ConfirmDialog
        open={confirmation !== null}
        title={confirmation?.title}
        confirmLabel={confirmation?.label}
        busy={busy}
        busyLabel={t('admin.withdrawals.dialog.sending')}
        onConfirm={() => confirmation?.send()}
        onCancel={() => setPending(null)}
      >
        <p>{confirmation?.body}</p>
      </ConfirmDialog>
    </section>
  );
}
