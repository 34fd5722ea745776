/** The library and sales status in the query cache: infinite lists per view/filter, one detail per line. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { pagedQuery, unwrap } from '../../lib/query.ts';
import {
  getLibrary,
  getPurchaseLog,
  getSalesStatus,
  type LibraryFilter,
  type LibraryView,
} from './api/library.ts';

export const libraryKeys = {
  all: ['library'] as const,
  list: (view: LibraryView, filter: LibraryFilter) => ['library', 'list', view, filter] as const,
  detail: (id: string) => ['library', 'detail', id] as const,
  sales: (id: string) => ['sales-status', id] as const,
};

export const useLibrary = (view: LibraryView, filter: LibraryFilter) =>
  useInfiniteQuery(
    pagedQuery({
      queryKey: libraryKeys.list(view, filter),
      page: (cursor) => getLibrary(view, filter, cursor),
    }),
  );

/**
 * A purchase and its files. The URLs live 5 minutes: the detail is read again (new URLs) a little
 * before they expire while the page is open, and whenever the page comes back into view.
 */
export const usePurchaseLog = (id: string) =>
  useQuery({
    queryKey: libraryKeys.detail(id),
    queryFn: async () => unwrap(await getPurchaseLog(id)),
    staleTime: 0,
    refetchInterval: (q) => {
      const at = q.state.data?.urls_expire_at;
      return at ? Math.max(30_000, Date.parse(at) - Date.now() - 30_000) : false;
    },
  });

export const useSalesStatus = (id: string, enabled = true) =>
  useInfiniteQuery({
    ...pagedQuery({ queryKey: libraryKeys.sales(id), page: (cursor) => getSalesStatus(id, cursor) }),
    enabled,
  });
