import { journalQuery } from '@app/shared/schemas/admin-content';
import { getDb } from '../../db/service.ts';
import { httpHandler } from '../../lib/http.ts';
import { movement } from '../../services/admin/points.ts';

export const handler = httpHandler(
  'GET /admin/points/journal',
  { query: journalQuery },
  async ({ query, clock }) => movement({ db: getDb(), clock }, query.movement),
);
