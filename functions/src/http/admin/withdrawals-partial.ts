import { adminWithdrawalPartialRequest } from '@app/shared/schemas/admin-withdrawals';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { partiallyApprove } from '../../services/admin/withdrawals.ts';

export const handler = httpHandler(
  'POST /admin/withdrawals/partial',
  { body: adminWithdrawalPartialRequest },
  async ({ body, caller, clock }) => ({
    withdrawal: await partiallyApprove({ db: getDb(), clock }, signedIn(caller).profile, body),
  }),
);
