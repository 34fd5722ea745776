import type { AdminWithdrawalView } from '@app/shared/schemas/admin-withdrawals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { ApiError, errorMessageKey, errorParams } from '../../../lib/api.ts';
import { AdminPage } from '../../admin/components/AdminPage.tsx';
import { type AdminColumn, AdminTable } from '../../admin/components/AdminTable.tsx';
import { formatDate } from '../../points/format.ts';
import { formatMonth, formatYen } from '../../withdrawals/format.ts';
import { getWithdrawals } from '../api/getWithdrawals.ts';
import { reviewWithdrawals } from '../api/reviewWithdrawals.ts';
import { ActionDialog, type ActionKind } from '../components/ActionDialog.tsx';
import { BatchesPanel } from '../components/BatchesPanel.tsx';
import '../admin-withdrawals.css';

const REVIEWABLE = new Set(['unconfirmed', 'reapplying']);
const DECIDABLE = new Set(['checking']);
const FAILABLE = new Set(['approved', 'partially_approved', 'transferred']);

/** The operators' withdrawals: one transfer date's requests, the decisions, the transfer file. */
export default function WithdrawalsPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const dateId = useId();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? undefined;
  const queryKey = ['admin', 'withdrawals', date ?? 'next'];
  const query = useQuery({
    queryKey,
    queryFn: async () => {
      const result = await getWithdrawals(date);
      if (!result?.ok) throw new Error('withdrawals');
      return result.data;
    },
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [action, setAction] = useState<{ kind: ActionKind; withdrawal: AdminWithdrawalView } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const yen = (n: number) => formatYen(lang, n);

  const refresh = async (message: string) => {
    setError(null);
    setNotice(message);
    setSelected(new Set());
    await client.invalidateQueries({ queryKey: ['admin', 'withdrawals'] });
  };
  const showError = (err: unknown) => {
    setNotice(null);
    const params = errorParams(err) ?? {};
    // The transfer file names the request and the field it could not write.
    const field =
      err instanceof ApiError && err.code === 'transfer_file_invalid' && typeof params.field === 'string'
        ? t(`admin.withdrawals.zenginField.${params.field}`)
        : params.field;
    setError(t(errorMessageKey(err), { ...params, field }));
    void client.invalidateQueries({ queryKey: ['admin', 'withdrawals'] });
  };

  const startReview = async (rows: AdminWithdrawalView[]) => {
    setReviewing(true);
    try {
      const result = await reviewWithdrawals({ items: rows.map((w) => ({ id: w.id, version: w.version })) });
      if (!result) return;
      if (!result.ok) {
        setError(t(result.body.issues?.[0]?.message ?? 'errors.validation'));
        return;
      }
      const refused = result.data.results.filter((r) => r.error).length;
      const done = result.data.results.length - refused;
      await refresh(
        [
          done ? t('admin.withdrawals.done.review', { count: done }) : '',
          refused ? t('admin.withdrawals.done.reviewRefused', { count: refused }) : '',
        ]
          .filter(Boolean)
          .join(' '),
      );
    } catch (err) {
      showError(err);
    } finally {
      setReviewing(false);
    }
  };

  const page = query.data;
  const rows = page?.withdrawals ?? [];
  const reviewable = rows.filter((w) => REVIEWABLE.has(w.status));
  const chosen = reviewable.filter((w) => selected.has(w.id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const column = (key: string) => t(`admin.withdrawals.columns.${key}`);
  const nameOf = (w: AdminWithdrawalView) => w.creator_nickname ?? t('admin.withdrawals.noNickname');
  const monthOf = (w: AdminWithdrawalView) => formatMonth(lang, w.year, w.month);
  const columns: AdminColumn<AdminWithdrawalView>[] = [
    {
      key: 'select',
      header: column('select'),
      cell: (w) =>
        REVIEWABLE.has(w.status) ? (
          <input
            type="checkbox"
            aria-label={t('admin.withdrawals.selectRow', { name: nameOf(w), month: monthOf(w) })}
            checked={selected.has(w.id)}
            onChange={() => toggle(w.id)}
          />
        ) : null,
    },
    {
      key: 'status',
      header: column('status'),
      cell: (w) => (
        <>
          <span className={`aw-badge aw-badge--${w.status}`}>
            {t(`admin.withdrawals.status.${w.status}`)}
          </span>
          {w.batch_id ? (
            <div className="small">{t('admin.withdrawals.inBatch', { id: w.batch_id })}</div>
          ) : null}
        </>
      ),
    },
    {
      key: 'creator',
      header: column('creator'),
      cell: (w) => <LangLink to={`/admin/users/${w.creator_id}`}>{nameOf(w)}</LangLink>,
    },
    { key: 'month', header: column('month'), cell: monthOf },
    { key: 'requested', header: column('requested'), cell: (w) => yen(w.requested_amount) },
    {
      key: 'finalized',
      header: column('finalized'),
      cell: (w) => (w.finalized_amount === null ? '—' : yen(w.finalized_amount)),
    },
    {
      key: 'bank',
      header: column('bank'),
      className: 'aw-bank',
      cell: ({ bank }) => (
        <>
          {bank.bank_name}（{bank.bank_code}） {bank.branch_name}（{bank.branch_code}）
          <br />
          {t(`admin.withdrawals.accountType.${bank.account_type}`)} {bank.account_number} {bank.account_owner}
        </>
      ),
    },
    {
      key: 'actions',
      header: column('actions'),
      className: 'aw-actions',
      cell: (w) => (
        <>
          {REVIEWABLE.has(w.status) ? (
            <Button variant="secondary" busy={reviewing} onClick={() => void startReview([w])}>
              {t('admin.withdrawals.actions.review')}
            </Button>
          ) : null}
          {DECIDABLE.has(w.status) ? (
            <>
              <Button onClick={() => setAction({ kind: 'approve', withdrawal: w })}>
                {t('admin.withdrawals.actions.approve')}
              </Button>
              <Button variant="secondary" onClick={() => setAction({ kind: 'partial', withdrawal: w })}>
                {t('admin.withdrawals.actions.partial')}
              </Button>
              <Button variant="danger" onClick={() => setAction({ kind: 'reject', withdrawal: w })}>
                {t('admin.withdrawals.actions.reject')}
              </Button>
            </>
          ) : null}
          {w.batch_id && FAILABLE.has(w.status) ? (
            <Button variant="danger" onClick={() => setAction({ kind: 'fail', withdrawal: w })}>
              {t('admin.withdrawals.actions.fail')}
            </Button>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <AdminPage title={t('admin.withdrawals.title')}>
      {query.isError ? <Alert kind="error">{t('admin.withdrawals.loadFailed')}</Alert> : null}
      {page ? (
        <>
          <div className="aw-toolbar">
            <label htmlFor={dateId} className="field__label">
              {t('admin.withdrawals.date')}
            </label>
            <select
              id={dateId}
              className="input aw-date"
              value={page.date}
              onChange={(e) => {
                setSelected(new Set());
                setNotice(null);
                setError(null);
                setParams({ date: e.target.value });
              }}
            >
              {page.dates.map((d) => (
                <option key={d.date} value={d.date}>
                  {t('admin.withdrawals.dateOption', { date: formatDate(lang, d.date), count: d.count })}
                </option>
              ))}
            </select>
          </div>
          <Alert kind="success">{notice}</Alert>
          <Alert kind="error">{error}</Alert>
          <section aria-label={t('admin.withdrawals.totals.heading')} className="aw-totals">
            <dl>
              <div>
                <dt>{t('admin.withdrawals.totals.count')}</dt>
                <dd>{page.totals.count}</dd>
              </div>
              <div>
                <dt>{t('admin.withdrawals.totals.requested')}</dt>
                <dd>{yen(page.totals.requested)}</dd>
              </div>
              <div>
                <dt>{t('admin.withdrawals.totals.finalized')}</dt>
                <dd>{yen(page.totals.finalized)}</dd>
              </div>
              <div>
                <dt>{t('admin.withdrawals.totals.pending')}</dt>
                <dd>
                  {t('admin.withdrawals.totals.pendingValue', {
                    count: page.totals.pending_count,
                    amount: yen(page.totals.pending_net),
                  })}
                </dd>
              </div>
            </dl>
          </section>
          {rows.length === 0 ? (
            <p>{t('admin.withdrawals.empty')}</p>
          ) : (
            <>
              <Button
                variant="secondary"
                disabled={chosen.length === 0}
                busy={reviewing}
                onClick={() => void startReview(chosen)}
              >
                {t('admin.withdrawals.actions.reviewSelected', { count: chosen.length })}
              </Button>
              <AdminTable
                columns={columns}
                rows={rows}
                rowKey={(w) => w.id}
                className="aw-table"
                rowProps={(w) => ({ 'data-testid': 'aw-row', 'data-id': w.id })}
              />
            </>
          )}
          <BatchesPanel page={page} onChanged={refresh} onError={showError} />
        </>
      ) : null}
      {action ? (
        <ActionDialog
          key={`${action.kind}-${action.withdrawal.id}`}
          kind={action.kind}
          withdrawal={action.withdrawal}
          onCancel={() => setAction(null)}
          onDone={() => {
            const kind = action.kind;
            setAction(null);
            void refresh(t(`admin.withdrawals.done.${kind}`));
          }}
        />
      ) : null}
    </AdminPage>
  );
}
