import { okResponse } from '@app/shared/schemas/shop';
import { apiRequest } from '../../../lib/api.ts';

/** POST /fanclub/post/delete {id}: deletes the creator's post (and its schedule, and its files). */
export const deletePost = (id: string) =>
  apiRequest({
    method: 'POST',
    path: '/fanclub/post/delete',
    body: { id },
    auth: true,
    response: okResponse,
  });
