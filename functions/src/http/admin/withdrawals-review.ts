import { adminWithdrawalReviewRequest } from '@app/shared/schemas/admin-withdrawals';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { reviewWithdrawals } from '../../services/admin/withdrawals.ts';

export const handler = httpHandler(
  'POST /admin/withdrawals/review',
  { body: adminWithdrawalReviewRequest },
  async ({ body, caller, clock }) =>
    reviewWithdrawals({ db: getDb(), clock }, signedIn(caller).profile, body.items),
);
