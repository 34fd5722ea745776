import { libraryFilters, libraryViews } from '@app/shared/schemas/shop';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { pagedItems, queryErrorKey } from '../../../lib/query.ts';
import '../../points/points.css';
import '../library.css';
import type { LibraryFilter, LibraryView } from '../api/library.ts';
import { useLibrary } from '../cache.ts';
import { LogRow } from '../components/LogRow.tsx';

const isView = (v: string | null): v is LibraryView => (libraryViews as readonly string[]).includes(v ?? '');
const isFilter = (v: string | null): v is LibraryFilter =>
  (libraryFilters as readonly string[]).includes(v ?? '');

function Library() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: LibraryView = isView(params.get('view')) ? (params.get('view') as LibraryView) : 'library';
  const filter: LibraryFilter = isFilter(params.get('type')) ? (params.get('type') as LibraryFilter) : 'all';
  const query = useLibrary(view, filter);
  const logs = pagedItems(query.data, (p) => p.logs);
  const error = queryErrorKey(query.error);
  const go = (next: { view?: LibraryView; type?: LibraryFilter }) => {
    const v = next.view ?? view;
    const f = next.type ?? filter;
    setParams(
      { ...(v !== 'library' ? { view: v } : {}), ...(f !== 'all' ? { type: f } : {}) },
      { replace: true },
    );
  };
  return (
    <section className="page library" aria-labelledby="library-heading">
      <h1 id="library-heading" className="page__title">
        {t('library.heading')}
      </h1>
      <nav className="tabs" aria-label={t('library.tabs.label')}>
        {libraryViews.map((v) => (
          <button
            key={v}
            type="button"
            className="tabs__link tabs__button"
            aria-current={v === view ? 'page' : undefined}
            onClick={() => go({ view: v })}
          >
            {t(`library.tabs.${v}`)}
          </button>
        ))}
      </nav>
      {view === 'history' ? <p className="library__note">{t('library.historyNote')}</p> : null}
      <fieldset className="filter">
        <legend className="visually-hidden">{t('library.filter.legend')}</legend>
        <div className="filter__options">
          {libraryFilters.map((f) => (
            <label key={f} className="filter__option">
              <input
                type="radio"
                name="library-type"
                value={f}
                checked={filter === f}
                onChange={() => go({ type: f })}
              />
              <span>{t(`library.filter.${f}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Alert kind="error">{error ? t(error.key, error.params ?? {}) : null}</Alert>
      {logs === null ? (
        error ? null : (
          <Spinner />
        )
      ) : logs.length === 0 ? (
        <p className="empty">{t(filter === 'all' ? 'library.empty' : 'library.emptyFiltered')}</p>
      ) : (
        <>
          <ol className="library-list" aria-label={t('library.listLabel')}>
            {logs.map((log) => (
              <LogRow key={log.id} log={log} />
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
    </section>
  );
}

/** /library: what I bought (the library, kept forever, or the last year's history), by type. */
export default function LibraryPage() {
  return (
    <RequireAuth>
      <Library />
    </RequireAuth>
  );
}
