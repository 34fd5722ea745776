/**
 * Points in the query cache: the point log (an infinite query per type filter, whose pages also
 * carry the balance) and the original points. Anything that moves points (a purchase, a paid
 * message or stamp) calls `pointsMoved`, so every screen showing a balance reads it again.
 */
import type { PointLogType } from '@app/shared/schemas/points';
import { type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { pagedQuery, unwrap } from '../../lib/query.ts';
import { getOriginalPoints } from './api/getOriginalPoints.ts';
import { getPointHistory } from './api/getPointHistory.ts';

export type HistoryFilter = 'all' | PointLogType;

export const pointKeys = {
  all: ['points'] as const,
  history: (filter: HistoryFilter) => ['points', 'history', filter] as const,
  originals: ['points', 'originals'] as const,
};

export const useHistory = (filter: HistoryFilter) =>
  useInfiniteQuery(
    pagedQuery({
      queryKey: pointKeys.history(filter),
      page: (cursor) => getPointHistory({ cursor, type: filter === 'all' ? undefined : filter }),
    }),
  );

export const useOriginalPoints = () =>
  useQuery({ queryKey: pointKeys.originals, queryFn: async () => unwrap(await getOriginalPoints()) });

/**
 * Every cached fact that holds a balance: the point log, the original points, the store and each
 * chat room's usable points. Areas that hold one list their key here.
 */
export const balanceKeys = [pointKeys.all, ['store'], ['chat', 'room']] as const;

/** Points moved: every balance shown anywhere is read again (at once where it is on screen). */
export function pointsMoved(client: QueryClient): Promise<void> {
  return Promise.all(balanceKeys.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => {});
}
