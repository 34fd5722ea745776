import { newsDetail } from '@app/shared/schemas/social';
import { apiRequest } from '../../../lib/api.ts';

/** GET /home/news/{id}: one news item in both languages; an unknown id is `news_not_found` (404). */
export const getNews = (id: string) =>
  apiRequest({
    method: 'GET',
    path: `/home/news/${encodeURIComponent(id)}`,
    auth: true,
    response: newsDetail,
  });
