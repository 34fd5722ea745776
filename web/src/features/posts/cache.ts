/**
 * Fan club posts as readers see them, in the query cache: the profile's list (infinite) and a
 * post's page. Their file URLs live `mediaConfig.privateUrlSeconds`: both are read again a little
 * before that while shown, and whenever a screen showing them comes back (`staleTime` 0), so a post
 * published meanwhile appears. What changes access (a post saved, a join, a pass) invalidates
 * `postKeys.all` (`invalidatePosts`).
 */
import { mediaConfig } from '@app/shared/media';
import { type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { pagedQuery, unwrap } from '../../lib/query.ts';
import { getPost, getProfilePosts } from './api/posts.ts';

export const postKeys = {
  all: ['fanclub-posts'] as const,
  list: (username: string) => ['fanclub-posts', 'list', username.toLowerCase()] as const,
  detail: (id: string) => ['fanclub-posts', 'detail', id] as const,
};

/** Read again 30 seconds before the URLs expire. */
const REFRESH_MS = Math.max(30_000, (mediaConfig.privateUrlSeconds - 30) * 1000);

export const useProfilePosts = (username: string) =>
  useInfiniteQuery({
    ...pagedQuery({ queryKey: postKeys.list(username), page: (cursor) => getProfilePosts(username, cursor) }),
    staleTime: 0,
    refetchInterval: REFRESH_MS,
  });

export const usePost = (id: string) =>
  useQuery({
    queryKey: postKeys.detail(id),
    queryFn: async () => unwrap(await getPost(id)),
    staleTime: 0,
    refetchInterval: REFRESH_MS,
  });

/** After anything that changes what a reader sees (a post saved or deleted, a join, a pass bought). */
export const invalidatePosts = (client: QueryClient) => client.invalidateQueries({ queryKey: postKeys.all });
