import { type AdminItemRequest, adminItemResponse } from '@app/shared/schemas/admin-review';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/items/thumbnail-delete: removes the thumbnail (the creator gets its notice). */
export const deleteThumbnail = (body: AdminItemRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/items/thumbnail-delete',
    body,
    auth: true,
    response: adminItemResponse,
    loading: 2,
  });
