import { notificationEmailVerifyRequest } from '@app/shared/schemas/mypage';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { mailDeps } from '../../lib/mail-deps.ts';
import { verifyNotificationEmail } from '../../services/notification-email.ts';

export const handler = httpHandler(
  'POST /mypage/notification-email/verify',
  { body: notificationEmailVerifyRequest },
  async (ctx) => verifyNotificationEmail(await mailDeps(), signedIn(ctx.caller).profile, ctx.body.code),
);
