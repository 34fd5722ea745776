import { type AdminItemReviewRequest, adminItemResponse } from '@app/shared/schemas/admin-review';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/items/review: puts the item (as read: its version) under review, or takes it off. */
export const setItemReview = (body: AdminItemReviewRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/items/review',
    body,
    auth: true,
    response: adminItemResponse,
    loading: 2,
  });
