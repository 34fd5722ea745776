import { postResponse } from '@app/shared/schemas/fanclub';
import { apiRequest } from '../../../lib/api.ts';

/** GET /fanclub/post/{id}/edit: the creator's own post for the edit form (with its file keys). */
export const getOwnPost = (id: string) =>
  apiRequest({
    method: 'GET',
    path: `/fanclub/post/${encodeURIComponent(id)}/edit`,
    auth: true,
    response: postResponse,
  });
