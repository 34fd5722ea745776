import type { PointHistoryResponse, PointLogType, PointLogView } from '@app/shared/schemas/points';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { errorMessageKey } from '../../../lib/api.ts';
import { getPointHistory } from '../api/getPointHistory.ts';
import { BalanceSummary } from '../components/BalanceSummary.tsx';
import { HistoryRow } from '../components/HistoryRow.tsx';

const FILTERS = ['all', 1, 2, 3, 4] as const;
type Filter = (typeof FILTERS)[number];

function Points() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const [balance, setBalance] = useState<PointHistoryResponse['balance'] | null>(null);
  const [logs, setLogs] = useState<PointLogView[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Answers to an older filter are dropped. */
  const request = useRef(0);
  const listRef = useRef<HTMLOListElement>(null);

  const load = useCallback(async (type: Filter, after: string | null) => {
    const id = ++request.current;
    setError(null);
    try {
      const result = await getPointHistory({
        type: type === 'all' ? undefined : (type as PointLogType),
        cursor: after ?? undefined,
      });
      if (id !== request.current || result === null) return;
      if (!result.ok) {
        setError('errors.validation');
        return;
      }
      setBalance(result.data.balance);
      setLogs((prev) => (after && prev ? [...prev, ...result.data.logs] : result.data.logs));
      setCursor(result.data.next_cursor);
    } catch (err) {
      if (id === request.current) setError(errorMessageKey(err));
    }
  }, []);

  useEffect(() => {
    setLogs(null);
    setCursor(null);
    void load(filter, null);
  }, [filter, load]);

  const more = async () => {
    if (!cursor) return;
    const before = logs?.length ?? 0;
    setLoadingMore(true);
    await load(filter, cursor);
    setLoadingMore(false);
    // Keyboard users continue at the first new row.
    requestAnimationFrame(() => {
      listRef.current?.querySelectorAll<HTMLElement>('li')[before]?.focus();
    });
  };

  return (
    <section className="page" aria-labelledby="points-heading">
      <h1 id="points-heading" className="page__title">
        {t('points.history.heading')}
      </h1>
      {balance ? (
        <BalanceSummary balance={balance}>
          <div className="balance__actions">
            <LangLink to="/store" className="btn btn--primary btn--block">
              {t('points.balance.buy')}
            </LangLink>
          </div>
        </BalanceSummary>
      ) : null}
      <fieldset className="filter">
        <legend className="visually-hidden">{t('points.history.filter')}</legend>
        <div className="filter__options">
          {FILTERS.map((f) => (
            <label key={f} className="filter__option">
              <input
                type="radio"
                name="point-type"
                value={String(f)}
                checked={filter === f}
                onChange={() => setFilter(f)}
              />
              <span>{t(`points.history.types.${f}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Alert kind="error">{error ? t(error) : null}</Alert>
      {logs === null ? (
        error ? null : (
          <Spinner />
        )
      ) : logs.length === 0 ? (
        <div className="empty">
          <p>{t(filter === 'all' ? 'points.history.empty' : 'points.history.emptyFiltered')}</p>
          {filter === 'all' ? (
            <LangLink to="/store" className="btn btn--secondary">
              {t('points.balance.buy')}
            </LangLink>
          ) : null}
        </div>
      ) : (
        <>
          <ol ref={listRef} className="history" aria-label={t('points.history.listLabel')}>
            {logs.map((log) => (
              <HistoryRow key={log.id} log={log} />
            ))}
          </ol>
          {cursor ? (
            <div className="history__more">
              <Button
                variant="secondary"
                onClick={more}
                busy={loadingMore}
                busyLabel={t('points.history.loadingMore')}
              >
                {t('points.history.more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/** /mypage/points: balances, the point log filtered by type, page by page. */
export default function PointsPage() {
  return (
    <RequireAuth>
      <Points />
    </RequireAuth>
  );
}
