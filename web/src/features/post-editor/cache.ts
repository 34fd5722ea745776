/** The creator's posts in the query cache: the list (infinite) and the post being edited. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { pagedQuery, queryClient, unwrap } from '../../lib/query.ts';
import { getMyPosts } from './api/getMyPosts.ts';
import { getOwnPost } from './api/getOwnPost.ts';

export const postKeys = {
  all: ['fanclub-posts'] as const,
  list: (profileId: string) => ['fanclub-posts', 'list', profileId] as const,
  one: (id: string) => ['fanclub-posts', 'one', id] as const,
};

export const useMyPosts = (profileId: string) =>
  useInfiniteQuery(
    pagedQuery({ queryKey: postKeys.list(profileId), page: (cursor) => getMyPosts(profileId, cursor) }),
  );

/** The edit form's post: read fresh each time the form opens (private file URLs are short-lived). */
export const useOwnPost = (id: string | undefined) =>
  useQuery({
    queryKey: postKeys.one(id ?? ''),
    queryFn: async () => unwrap(await getOwnPost(id ?? '')),
    enabled: Boolean(id),
    staleTime: 0,
    gcTime: 0,
  });

/** After any change of a post: the list is read again. */
export const invalidatePosts = () => queryClient.invalidateQueries({ queryKey: postKeys.all });
