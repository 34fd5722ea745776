import { type SearchRequest, searchResponse } from '@app/shared/schemas/social';
import { apiRequest } from '../../../lib/api.ts';

/** POST /profile {keyword?, area?} (`?cursor=` for the next page): creators, 20 a page. */
export const searchProfiles = (body: SearchRequest, cursor?: string) =>
  apiRequest({
    method: 'POST',
    path: '/profile',
    body,
    query: { cursor },
    auth: true,
    response: searchResponse,
  });
