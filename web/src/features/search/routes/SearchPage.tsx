import { businessConfig } from '@app/shared/config';
import { type SearchRequest, type SearchResponse, searchRequest } from '@app/shared/schemas/social';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { CreatorCard } from '../../../components/CreatorCard.tsx';
import { describedBy, FieldShell } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { pagedItems, queryErrorKey, unwrap } from '../../../lib/query.ts';
import { areaCodes } from '../../mypage/components/ProfileForm.tsx';
import { searchProfiles } from '../api/searchProfiles.ts';
import '../search.css';

const S = businessConfig.social;
/** The areas a search can filter by: every prefecture and abroad ('not shown' is never listed). */
export const searchAreas = areaCodes.filter((code) => code !== businessConfig.areas.private);

type Pages = InfiniteData<SearchResponse, string | undefined>;

/** The conditions as sent: an empty keyword is no condition. */
function conditionsOf(body: SearchRequest): SearchRequest {
  const keyword = body.keyword?.trim();
  return { ...(keyword ? { keyword } : {}), ...(body.area !== undefined ? { area: body.area } : {}) };
}
const searchKey = (conditions: SearchRequest) => ['search', conditions] as const;

/** /home/search: creators by keyword and/or area, 20 a page, with "show more". */
export default function SearchPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const keywordId = useId();
  const areaId = useId();
  const [conditions, setConditions] = useState<SearchRequest | null>(null);
  const { form, submit, errorOf, formError, busy } = useApiForm(searchRequest, {
    keyword: '',
    area: undefined,
  } as SearchRequest);

  const results = useInfiniteQuery({
    queryKey: searchKey(conditions ?? {}),
    queryFn: async ({ pageParam }) => unwrap(await searchProfiles(conditions ?? {}, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: SearchResponse) => last.next_cursor ?? undefined,
    enabled: conditions !== null,
    staleTime: 60_000,
  });

  // The first page is the submit's own call (its 422 lands on the fields); later pages go on from it.
  const onSubmit = submit(
    (body) => searchProfiles(conditionsOf(body)),
    (first, body) => {
      const pages: Pages = { pages: [first], pageParams: [undefined] };
      queryClient.setQueryData(searchKey(conditionsOf(body)), pages);
      setConditions(conditionsOf(body));
    },
  );

  const keywordError = errorOf('keyword');
  const areaError = errorOf('area');
  const cards = pagedItems(results.data, (page) => page.profiles);
  const loadError = queryErrorKey(results.error);

  return (
    <div className="search">
      <h1 className="page__title">{t('search.heading')}</h1>
      <search>
        <form className="form search__form" onSubmit={onSubmit} noValidate>
          <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
          <FieldShell id={keywordId} label={t('search.keyword')} hint={t('search.hint')} error={undefined}>
            <input
              id={keywordId}
              className="input"
              type="search"
              enterKeyHint="search"
              maxLength={S.searchKeywordMax * 2}
              placeholder={t('search.keywordPlaceholder')}
              aria-invalid={keywordError ? true : undefined}
              aria-describedby={describedBy(keywordId, true, keywordError)}
              {...form.register('keyword')}
            />
            {keywordError ? (
              <p id={`${keywordId}-error`} className="field__error" role="alert">
                {t(keywordError, { max: S.searchKeywordMax })}
              </p>
            ) : null}
          </FieldShell>
          <FieldShell id={areaId} label={t('search.area')} error={areaError}>
            <select
              id={areaId}
              className="select"
              aria-invalid={areaError ? true : undefined}
              aria-describedby={describedBy(areaId, false, areaError)}
              {...form.register('area', {
                setValueAs: (v: string) => (v === '' || v === undefined ? undefined : Number(v)),
              })}
            >
              <option value="">{t('search.anyArea')}</option>
              {searchAreas.map((code) => (
                <option key={code} value={code}>
                  {t(`areas.${code}`)}
                </option>
              ))}
            </select>
          </FieldShell>
          <Button type="submit" className="btn--block" busy={busy} busyLabel={t('search.searching')}>
            {t('search.submit')}
          </Button>
        </form>
      </search>

      {cards !== null ? (
        <section className="search__results" aria-labelledby="search-results" aria-live="polite">
          <h2 id="search-results" className="section-title">
            {t('search.results')}
          </h2>
          {cards.length === 0 && !results.hasNextPage ? (
            <p className="search__empty">{t('search.empty')}</p>
          ) : (
            <ul className="search__list">
              {cards.map((card) => (
                <li key={card.id}>
                  <CreatorCard card={card} />
                </li>
              ))}
            </ul>
          )}
          <Alert kind="error">{loadError ? t(loadError.key, loadError.params ?? {}) : null}</Alert>
          {results.hasNextPage ? (
            <Button
              variant="secondary"
              className="btn--block"
              busy={results.isFetchingNextPage}
              busyLabel={t('search.loadingMore')}
              onClick={() => void results.fetchNextPage()}
            >
              {t('search.more')}
            </Button>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
