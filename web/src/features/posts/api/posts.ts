/** Reading fan club posts (shared/src/schemas/fanclub.ts): public reads, with the token when signed in. */
import { postListResponse, postResponse } from '@app/shared/schemas/fanclub';
import { apiRequest } from '../../../lib/api.ts';
import { hasSession } from '../../../lib/session.ts';

/** GET /fanclub/posts/{id}?cursor=: a creator's published posts, newest first (locked ones as teasers). */
export const getProfilePosts = (username: string, cursor: string | undefined) =>
  apiRequest({
    method: 'GET',
    path: `/fanclub/posts/${encodeURIComponent(username)}`,
    query: { cursor },
    auth: hasSession(),
    response: postListResponse,
  });

/** GET /fanclub/post/{id}: one post and its creator. */
export const getPost = (id: string) =>
  apiRequest({
    method: 'GET',
    path: `/fanclub/post/${encodeURIComponent(id)}`,
    auth: hasSession(),
    response: postResponse,
  });
