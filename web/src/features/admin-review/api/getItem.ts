import { adminItemResponse } from '@app/shared/schemas/admin-review';
import { apiRequest } from '../../../lib/api.ts';

/** GET /admin/items/{id}: any item with all its files (private ones as short-lived URLs). */
export const getItem = (id: string) =>
  apiRequest({
    method: 'GET',
    path: `/admin/items/${encodeURIComponent(id)}`,
    auth: true,
    response: adminItemResponse,
  });
