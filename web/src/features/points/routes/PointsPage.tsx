import { canBuyPoints, ROLE } from '@app/shared/roles';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { pagedItems, queryErrorKey } from '../../../lib/query.ts';
import { useAuth } from '../../../lib/session.ts';
import { useHistory } from '../cache.ts';
import { BalanceSummary } from '../components/BalanceSummary.tsx';
import { HistoryRow } from '../components/HistoryRow.tsx';

const FILTERS = ['all', 1, 2, 3, 4] as const;
type Filter = (typeof FILTERS)[number];

function Points() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const query = useHistory(filter);
  const balance = query.data?.pages[0]?.balance ?? null;
  const logs = pagedItems(query.data, (p) => p.logs);
  const error = queryErrorKey(query.error)?.key ?? null;
  const listRef = useRef<HTMLOListElement>(null);
  /** Creators and admins cannot buy: no 'buy mushrooms' for them. */
  const buys = canBuyPoints(useAuth().profile?.role_id ?? ROLE.FAN);

  const more = async () => {
    const before = logs?.length ?? 0;
    await query.fetchNextPage();
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
          {buys ? (
            <div className="balance__actions">
              <LangLink to="/store" className="btn btn--primary btn--block">
                {t('points.balance.buy')}
              </LangLink>
            </div>
          ) : null}
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
          {filter === 'all' && buys ? (
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
          {query.hasNextPage ? (
            <div className="history__more">
              <Button
                variant="secondary"
                onClick={() => void more()}
                busy={query.isFetchingNextPage}
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
