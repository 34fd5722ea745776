import { adminWithdrawalFailRequest } from '@app/shared/schemas/admin-withdrawals';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { failTransfer } from '../../services/admin/withdrawals.ts';

export const handler = httpHandler(
  'POST /admin/withdrawals/transfer-failed',
  { body: adminWithdrawalFailRequest },
  async ({ body, caller, clock }) => ({
    withdrawal: await failTransfer({ db: getDb(), clock }, signedIn(caller).profile, body),
  }),
);
