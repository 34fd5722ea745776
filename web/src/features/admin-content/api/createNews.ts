import { adminNewsView, type NewsCreateInput } from '@app/shared/schemas/admin-content';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/news: a new news, published now or scheduled. */
export const createNews = (body: NewsCreateInput) =>
  apiRequest({ method: 'POST', path: '/admin/news', body, auth: true, response: adminNewsView, loading: 2 });
