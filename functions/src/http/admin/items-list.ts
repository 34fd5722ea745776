import { adminItemsQuery } from '@app/shared/schemas/admin-review';
import { getDb } from '../../db/service.ts';
import { httpHandler } from '../../lib/http.ts';
import { listItems } from '../../services/admin/items.ts';

export const handler = httpHandler('GET /admin/items', { query: adminItemsQuery }, async ({ query }) =>
  listItems({ db: getDb() }, query.creator, query.cursor),
);
