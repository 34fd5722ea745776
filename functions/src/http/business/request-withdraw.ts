import { withdrawRequest } from '@app/shared/schemas/business';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { assertOwnRewards, requestWithdrawal } from '../../services/business/withdrawals.ts';

export const handler = httpHandler(
  'POST /mypage/request-withdraw',
  { body: withdrawRequest },
  async ({ caller, body, clock }) => {
    assertOwnRewards(signedIn(caller).profile);
    return requestWithdrawal({ db: getDb(), clock }, signedIn(caller).profileId, body);
  },
);
