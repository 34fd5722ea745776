import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { withdrawalHistory } from '../../services/business/withdrawals.ts';

export const handler = httpHandler('GET /mypage/withdraw-request-histories', {}, async ({ caller, clock }) =>
  withdrawalHistory({ db: getDb(), clock }, signedIn(caller).profileId),
);
