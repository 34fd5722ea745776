import { signedIn } from '../../lib/caller.ts';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { sendNotificationEmailCode } from '../../services/notification-email.ts';

export const handler = httpHandler('POST /mypage/notification-email/code', {}, async (ctx) => {
  await sendNotificationEmailCode(await appDeps(), signedIn(ctx.caller).profile, ctx.lang);
  return { ok: true };
});
