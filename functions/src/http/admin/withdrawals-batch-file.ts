import { adminBatchFileQuery } from '@app/shared/schemas/admin-withdrawals';
import { getDb } from '../../db/service.ts';
import { httpHandler } from '../../lib/http.ts';
import { batchFile } from '../../services/admin/withdrawals.ts';

export const handler = httpHandler(
  'GET /admin/withdrawals/batch-file',
  { query: adminBatchFileQuery },
  async ({ query, clock }) => batchFile({ db: getDb(), clock }, query.batch_id),
);
