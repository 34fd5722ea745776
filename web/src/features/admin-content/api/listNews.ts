import { adminNewsPage } from '@app/shared/schemas/admin-content';
import { apiRequest } from '../../../lib/api.ts';

/** GET /admin/news: every news, newest publication first, a page at a time. */
export const listNews = (cursor?: string) =>
  apiRequest({ method: 'GET', path: '/admin/news', query: { cursor }, auth: true, response: adminNewsPage });
