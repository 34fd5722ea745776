import { notificationEmailVerifyRequest } from '@app/shared/schemas/mypage';
import { signedIn } from '../../lib/caller.ts';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { verifyNotificationEmail } from '../../services/notification-email.ts';

export const handler = httpHandler(
  'POST /mypage/notification-email/verify',
  { body: notificationEmailVerifyRequest },
  async (ctx) => verifyNotificationEmail(await appDeps(), signedIn(ctx.caller).profile, ctx.body.code),
);
