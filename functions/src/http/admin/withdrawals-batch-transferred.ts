import { adminBatchTransferredRequest } from '@app/shared/schemas/admin-withdrawals';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { markBatchTransferred } from '../../services/admin/withdrawals.ts';

export const handler = httpHandler(
  'POST /admin/withdrawals/batches/transferred',
  { body: adminBatchTransferredRequest },
  async ({ body, caller, clock }) => ({
    batch: await markBatchTransferred({ db: getDb(), clock }, signedIn(caller).profile, body),
  }),
);
