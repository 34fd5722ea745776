import { itemDetailView } from '@app/shared/schemas/shop';
import { apiRequest } from '../../../lib/api.ts';

/** GET /item/{id}: the creator's own item, all of it, for the edit form. */
export const getItem = (id: string) =>
  apiRequest({
    method: 'GET',
    path: `/item/${encodeURIComponent(id)}`,
    auth: true,
    response: itemDetailView,
  });
