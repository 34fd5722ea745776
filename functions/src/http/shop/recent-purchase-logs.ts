import { getDb } from '../../db/service.ts';
import { httpHandler } from '../../lib/http.ts';
import { recentPurchaseLogs } from '../../services/shop/purchase-log.ts';

export const handler = httpHandler('GET /shop/recent-purchase-logs/{id}', {}, async ({ params }) =>
  recentPurchaseLogs(getDb(), params.id as string),
);
