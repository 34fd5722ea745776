import { adminNewsQuery } from '@app/shared/schemas/admin-content';
import { getDb } from '../../db/service.ts';
import { httpHandler } from '../../lib/http.ts';
import { listNews } from '../../services/admin/news.ts';

export const handler = httpHandler('GET /admin/news', { query: adminNewsQuery }, async ({ query, clock }) =>
  listNews({ db: getDb(), clock }, query.cursor),
);
