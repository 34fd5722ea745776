import { type PostSaveRequest, postResponse } from '@app/shared/schemas/fanclub';
import { apiRequest } from '../../../lib/api.ts';

/** POST /fanclub/post: creates (no id) or edits the creator's post (now, or at a time). */
export const savePost = (body: PostSaveRequest) =>
  apiRequest({ method: 'POST', path: '/fanclub/post', body, auth: true, response: postResponse, loading: 2 });
