import { postListResponse } from '@app/shared/schemas/fanclub';
import { apiRequest } from '../../../lib/api.ts';

/** GET /fanclub/my-posts/{id}: the creator's own posts, scheduled ones first, a page at a time. */
export const getMyPosts = (profileId: string, cursor?: string) =>
  apiRequest({
    method: 'GET',
    path: `/fanclub/my-posts/${encodeURIComponent(profileId)}`,
    query: { cursor },
    auth: true,
    response: postListResponse,
  });
