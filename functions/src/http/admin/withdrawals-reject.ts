import { adminWithdrawalRejectRequest } from '@app/shared/schemas/admin-withdrawals';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { reject } from '../../services/admin/withdrawals.ts';

export const handler = httpHandler(
  'POST /admin/withdrawals/reject',
  { body: adminWithdrawalRejectRequest },
  async ({ body, caller, clock }) => ({
    withdrawal: await reject({ db: getDb(), clock }, signedIn(caller).profile, body),
  }),
);
