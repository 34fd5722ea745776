import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { mailDeps } from '../../lib/mail-deps.ts';
import { sendBankChangeCode } from '../../services/bank-account.ts';

/** Mails the code that allows one change of the stored bank details; answers the address used. */
export const handler = httpHandler('POST /mypage/bank/code', {}, async (ctx) =>
  sendBankChangeCode(await mailDeps(), signedIn(ctx.caller).profile, ctx.lang),
);
