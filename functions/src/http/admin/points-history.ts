import { adminPointHistoryQuery } from '@app/shared/schemas/admin-content';
import { getDb } from '../../db/service.ts';
import { httpHandler } from '../../lib/http.ts';
import { adminPointHistory } from '../../services/admin/points.ts';

export const handler = httpHandler(
  'GET /admin/points/history',
  { query: adminPointHistoryQuery },
  async ({ query, clock }) => adminPointHistory({ db: getDb(), clock }, query.profile, query.cursor),
);
