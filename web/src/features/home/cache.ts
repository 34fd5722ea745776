/**
 * Home's server state in the query cache: GET /home (one read for the whole screen) and the news
 * items opened from it. A help modal seen here is written into the cached `confirmed` at once, so
 * coming back to home in the same tab does not show it again while POST /confirmation runs.
 */
import type { HomeResponse } from '@app/shared/schemas/social';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../lib/query.ts';
import type { ConfirmationType } from './api/confirm.ts';
import { getHome } from './api/getHome.ts';
import { getNews } from './api/getNews.ts';

export const homeKeys = {
  home: ['home'] as const,
  news: (id: string) => ['home', 'news', id] as const,
};

export const useHome = () =>
  useQuery({ queryKey: homeKeys.home, queryFn: async () => unwrap(await getHome()) });

/** A news item; a missing one is an error (`news_not_found`). */
export const useNews = (id: string) =>
  useQuery({ queryKey: homeKeys.news(id), queryFn: async () => unwrap(await getNews(id)) });

/** The help modal `type` has been seen. */
export function markConfirmed(client: QueryClient, type: ConfirmationType): void {
  client.setQueryData<HomeResponse>(homeKeys.home, (home) =>
    home ? { ...home, confirmed: { ...home.confirmed, [type]: true } } : home,
  );
}
