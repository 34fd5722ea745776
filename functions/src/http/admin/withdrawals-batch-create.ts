import { adminBatchCreateRequest } from '@app/shared/schemas/admin-withdrawals';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { createBatch } from '../../services/admin/transfer-file.ts';

export const handler = httpHandler(
  'POST /admin/withdrawals/batches',
  { body: adminBatchCreateRequest },
  async ({ body, caller, clock }) => ({
    batch: await createBatch({ db: getDb(), clock }, signedIn(caller).profile, body.date),
  }),
);
