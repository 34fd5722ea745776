import { adminWithdrawalApproveRequest } from '@app/shared/schemas/admin-withdrawals';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { approve } from '../../services/admin/withdrawals.ts';

export const handler = httpHandler(
  'POST /admin/withdrawals/approve',
  { body: adminWithdrawalApproveRequest },
  async ({ body, caller, clock }) => ({
    withdrawal: await approve({ db: getDb(), clock }, signedIn(caller).profile, body),
  }),
);
