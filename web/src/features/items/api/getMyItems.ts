import { itemListResponse } from '@app/shared/schemas/shop';
import { apiRequest } from '../../../lib/api.ts';

/** GET /item/my-items/{id}: the creator's own items, newest first, a page at a time. */
export const getMyItems = (profileId: string, cursor?: string) =>
  apiRequest({
    method: 'GET',
    path: `/item/my-items/${encodeURIComponent(profileId)}`,
    query: { cursor },
    auth: true,
    response: itemListResponse,
  });
