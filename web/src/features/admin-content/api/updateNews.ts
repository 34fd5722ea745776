import { adminNewsView, type NewsUpdateInput } from '@app/shared/schemas/admin-content';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/news/update: the news as edited, under the version read. */
export const updateNews = (body: NewsUpdateInput) =>
  apiRequest({
    method: 'POST',
    path: '/admin/news/update',
    body,
    auth: true,
    response: adminNewsView,
    loading: 2,
  });
