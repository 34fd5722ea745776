import { skipStepRequest } from '@app/shared/schemas/mypage';
import { signedIn } from '../../lib/caller.ts';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { skipBankStep } from '../../services/mypage.ts';

export const handler = httpHandler('POST /mypage/skip-step', { body: skipStepRequest }, async (ctx) =>
  skipBankStep(await appDeps(), signedIn(ctx.caller).profile),
);
