import { bankRequest } from '@app/shared/schemas/mypage';
import { signedIn } from '../../lib/caller.ts';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { updateBank } from '../../services/bank-account.ts';

export const handler = httpHandler('POST /mypage/bank', { body: bankRequest }, async (ctx) =>
  updateBank(await appDeps(), signedIn(ctx.caller).profile, ctx.body),
);
