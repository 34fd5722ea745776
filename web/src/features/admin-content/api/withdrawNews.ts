import { adminNewsView } from '@app/shared/schemas/admin-content';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/news/withdraw: the news leaves home (its page answers not found). */
export const withdrawNews = (body: { id: string; version: number }) =>
  apiRequest({
    method: 'POST',
    path: '/admin/news/withdraw',
    body,
    auth: true,
    response: adminNewsView,
    loading: 2,
  });
