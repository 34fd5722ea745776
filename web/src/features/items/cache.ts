/** The creator's items in the query cache: the list (infinite), the setting (counters, limits), one item. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { pagedQuery, queryClient, unwrap } from '../../lib/query.ts';
import { getItem } from './api/getItem.ts';
import { getItemSetting } from './api/getItemSetting.ts';
import { getMyItems } from './api/getMyItems.ts';

export const itemKeys = {
  all: ['items'] as const,
  list: (profileId: string) => ['items', 'list', profileId] as const,
  setting: ['items', 'setting'] as const,
  one: (id: string) => ['items', 'one', id] as const,
};

export const useMyItems = (profileId: string) =>
  useInfiniteQuery(
    pagedQuery({ queryKey: itemKeys.list(profileId), page: (cursor) => getMyItems(profileId, cursor) }),
  );

export const useItemSetting = () =>
  useQuery({ queryKey: itemKeys.setting, queryFn: async () => unwrap(await getItemSetting()) });

/** The edit form's item: read fresh each time the form opens (private file URLs are short-lived). */
export const useItem = (id: string | undefined) =>
  useQuery({
    queryKey: itemKeys.one(id ?? ''),
    queryFn: async () => unwrap(await getItem(id ?? '')),
    enabled: Boolean(id),
    staleTime: 0,
    gcTime: 0,
  });

/** After any change of an item: the list and the counters are read again. */
export const invalidateItems = () => queryClient.invalidateQueries({ queryKey: itemKeys.all });
