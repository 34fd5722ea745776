import { type AdminSampleDeleteRequest, adminItemResponse } from '@app/shared/schemas/admin-review';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/items/sample-delete: removes one sample file (the creator gets its notice). */
export const deleteSample = (body: AdminSampleDeleteRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/items/sample-delete',
    body,
    auth: true,
    response: adminItemResponse,
    loading: 2,
  });
