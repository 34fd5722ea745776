import { reWithdrawRequest } from '@app/shared/schemas/business';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { assertOwnRewards, reRequestWithdrawal } from '../../services/business/withdrawals.ts';

export const handler = httpHandler(
  'POST /mypage/re-request-withdraw',
  { body: reWithdrawRequest },
  async ({ caller, body, clock }) => {
    assertOwnRewards(signedIn(caller).profile);
    return reRequestWithdrawal({ db: getDb(), clock }, signedIn(caller).profileId, body.id);
  },
);
