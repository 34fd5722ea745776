import { adminItemPage } from '@app/shared/schemas/admin-review';
import { apiRequest } from '../../../lib/api.ts';

/** GET /admin/items?creator=: a creator's items newest first; without a creator, the items under review. */
export const getItems = (creator: string | null, cursor?: string) =>
  apiRequest({
    method: 'GET',
    path: '/admin/items',
    query: { creator: creator ?? undefined, cursor },
    auth: true,
    response: adminItemPage,
  });
