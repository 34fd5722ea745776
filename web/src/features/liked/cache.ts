/**
 * The favorites and likes lists in the query cache: infinite queries over the API's cursors, keyed
 * by the signed-in profile (the cache is cleared when it changes).
 */
import type { LikedEntry } from '@app/shared/schemas/social';
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery } from '../../lib/query.ts';
import { getFavorites, getLikes } from '../profile/api/social.ts';

export type LikeList = 'liked' | 'liked-you';

export const socialKeys = {
  favorites: (me: string) => ['social', 'favorites', me] as const,
  likes: (kind: LikeList, me: string) => ['social', kind, me] as const,
};

export const useFavorites = (me: string) =>
  useInfiniteQuery(pagedQuery({ queryKey: socialKeys.favorites(me), page: (c) => getFavorites(me, c) }));

export const useLikes = (kind: LikeList, me: string) =>
  useInfiniteQuery(pagedQuery({ queryKey: socialKeys.likes(kind, me), page: (c) => getLikes(kind, me, c) }));

/** An entry of "liked you" liked back here: shown mutual at once. */
export function markLikedBack(client: QueryClient, me: string, personId: string): void {
  client.setQueryData<InfiniteData<{ entries: LikedEntry[]; next_cursor: string | null }>>(
    socialKeys.likes('liked-you', me),
    (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((p) => ({
              ...p,
              entries: p.entries.map((e) => (e.person.id === personId ? { ...e, mutual: true } : e)),
            })),
          }
        : data,
  );
  // "People you liked" gains them: read it again when shown.
  void client.invalidateQueries({ queryKey: socialKeys.likes('liked', me) });
}
