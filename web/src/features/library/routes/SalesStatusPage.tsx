import { businessConfig } from '@app/shared/config';
import { ROLE } from '@app/shared/roles';
import type { SalesLineView, SalesStatusResponse } from '@app/shared/schemas/shop';
import type { InfiniteData } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { pagedItems, queryErrorKey } from '../../../lib/query.ts';
import { useAuth } from '../../../lib/session.ts';
import { formatDateTime, formatNumber } from '../../points/format.ts';
import { errorMessage, type Message } from '../../store/messages.ts';
import '../../points/points.css';
import '../library.css';
import { completeAllSales, completeSale } from '../api/library.ts';
import { libraryKeys, useSalesStatus } from '../cache.ts';
import { GiftForm } from '../components/GiftForm.tsx';
import { GrantPointsButton } from '../components/GrantPointsDialog.tsx';

type Pages = InfiniteData<SalesStatusResponse, string | undefined>;

function SaleRow({
  line,
  onChange,
  onError,
}: {
  line: SalesLineView;
  onChange: (line: SalesLineView) => void;
  onError: (m: Message) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [busy, setBusy] = useState(false);
  // The state asked for, shown at once while the call runs (back to the line's own on failure).
  const [asked, setAsked] = useState<boolean | null>(null);
  const [giftOpen, setGiftOpen] = useState(false);
  const buyer = line.buyer.nickname ?? t('library.sales.anonymous');
  const toggle = async (completed: boolean) => {
    setBusy(true);
    setAsked(completed);
    try {
      const res = await completeSale(line.id, completed);
      if (res?.ok) onChange(res.data);
    } catch (err) {
      onError(errorMessage(err));
    } finally {
      setBusy(false);
      setAsked(null);
    }
  };
  return (
    <li className="sale-row">
      <div className="sale-row__head">
        <span className="library-row__name">{line.item.name}</span>
        <span className="library-row__meta">
          {t('library.sales.buyer', { name: buyer })} · {t(`library.types.${line.item.item_type}`)}
        </span>
        <span className="library-row__meta">
          <time dateTime={line.purchased_at}>{formatDateTime(lang, line.purchased_at)}</time> ·{' '}
          {t('library.points', { points: formatNumber(lang, line.points) })} ·{' '}
          {t('library.quantity', { count: line.quantity })}
        </span>
      </div>
      {line.item.item_type === 'physical' ? (
        <label className="sale-row__toggle">
          <input
            type="checkbox"
            checked={asked ?? line.provided}
            aria-busy={busy || undefined}
            onChange={(e) => {
              if (!busy) void toggle(e.target.checked);
            }}
            aria-label={t('library.sales.providedToggle', { item: line.item.name })}
          />
          <span aria-hidden="true">{t('library.sales.provided')}</span>
        </label>
      ) : (
        <p className="library-row__meta">{t('library.sales.digital')}</p>
      )}
      <div className="sale-row__actions">
        {line.gift ? (
          <span className="badge badge--gift">{t('library.sales.giftSent')}</span>
        ) : (
          <Button variant="secondary" onClick={() => setGiftOpen((o) => !o)} aria-expanded={giftOpen}>
            {t(giftOpen ? 'library.sales.giftClose' : 'library.sales.giftOpen')}
          </Button>
        )}
        <GrantPointsButton fanId={line.buyer.id} fanName={buyer} />
      </div>
      {giftOpen && !line.gift ? (
        <GiftForm
          line={line}
          onSent={(l) => {
            setGiftOpen(false);
            onChange(l);
          }}
        />
      ) : null}
      {line.gift ? (
        <div className="sale-row__gift">
          {line.gift.message ? <p className="library-gift__message">{line.gift.message}</p> : null}
          {line.gift.file?.kind === 'photo' ? (
            <img
              className="sale-row__gift-photo"
              src={line.gift.file.url}
              alt={t('library.detail.giftPhoto')}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function SalesStatus() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const queryClient = useQueryClient();
  const role = useAuth().profile?.role_id;
  const allowed = role !== undefined && role !== ROLE.FAN;
  const query = useSalesStatus('all', allowed);
  const lines = pagedItems(query.data, (p) => p.lines);
  const pending = query.data?.pages[0]?.pending ?? 0;
  const [actionError, setActionError] = useState<Message | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busyAll, setBusyAll] = useState(false);
  const [doneAll, setDoneAll] = useState<number | null>(null);
  const error = actionError ?? queryErrorKey(query.error);

  const replace = (line: SalesLineView) => {
    queryClient.setQueryData<Pages>(libraryKeys.sales('all'), (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((p) => ({
              ...p,
              lines: p.lines.map((l) => (l.id === line.id ? line : l)),
            })),
          }
        : data,
    );
    void queryClient.invalidateQueries({ queryKey: libraryKeys.sales('all') });
  };
  const completeAll = async () => {
    setBusyAll(true);
    setActionError(null);
    try {
      let total = 0;
      // The API marks a bounded batch a call: call again while a batch comes back full.
      for (;;) {
        const res = await completeAllSales();
        if (!res?.ok) break;
        total += res.data.updated;
        if (res.data.updated < businessConfig.shop.completeAllBatch) break;
      }
      setDoneAll(total);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: libraryKeys.sales('all') });
    } catch (err) {
      setActionError(errorMessage(err));
      setConfirming(false);
    } finally {
      setBusyAll(false);
    }
  };

  if (role === ROLE.FAN)
    return (
      <section className="page" aria-labelledby="sales-heading">
        <h1 id="sales-heading" className="page__title">
          {t('library.sales.heading')}
        </h1>
      </section>
    );
  return (
    <section className="page sales" aria-labelledby="sales-heading">
      <h1 id="sales-heading" className="page__title">
        {t('library.sales.heading')}
      </h1>
      <div className="sales__summary">
        <p aria-live="polite">
          {pending > 0
            ? t('library.sales.pending', { count: pending, formatted: formatNumber(lang, pending) })
            : t('library.sales.nonePending')}
        </p>
        <Button variant="secondary" disabled={pending === 0} onClick={() => setConfirming(true)}>
          {t('library.sales.completeAll')}
        </Button>
        {doneAll !== null ? (
          <p role="status" className="grant-done">
            {t('library.sales.completeAllDone', { count: doneAll })}
          </p>
        ) : null}
      </div>
      <Alert kind="error">{error ? t(error.key, error.params ?? {}) : null}</Alert>
      {lines === null ? (
        error ? null : (
          <Spinner />
        )
      ) : lines.length === 0 ? (
        <p className="empty">{t('library.sales.empty')}</p>
      ) : (
        <>
          <ol className="sales-list" aria-label={t('library.sales.listLabel')}>
            {lines.map((line) => (
              <SaleRow key={line.id} line={line} onChange={replace} onError={setActionError} />
            ))}
          </ol>
          <LoadMore
            query={query}
            label={t('library.more')}
            busyLabel={t('library.loadingMore')}
            className="library-list__more"
          />
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('library.sales.completeAll')}
        confirmLabel={t('library.sales.completeAll')}
        busy={busyAll}
        onConfirm={() => void completeAll()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('library.sales.completeAllConfirm')}</p>
      </ConfirmDialog>
    </section>
  );
}

/** /home/shop/sales-status: my shop's order lines, handed over or not, return gifts, point grants. */
export default function SalesStatusPage() {
  return (
    <RequireAuth>
      <SalesStatus />
    </RequireAuth>
  );
}
