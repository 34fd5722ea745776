import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { mailDeps } from '../../lib/mail-deps.ts';
import { sendNotificationEmailCode } from '../../services/notification-email.ts';

export const handler = httpHandler('POST /mypage/notification-email/code', {}, async (ctx) => {
  await sendNotificationEmailCode(await mailDeps(), signedIn(ctx.caller).profile, ctx.lang);
  return { ok: true };
});
