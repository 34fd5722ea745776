import { mypageResponse, type NotificationEmailVerifyRequest } from '@app/shared/schemas/mypage';
import { apiRequest } from '../../../lib/api.ts';

/** POST /mypage/notification-email/verify {code}: confirms the saved notification e-mail (fans). */
export const verifyNotificationEmail = (body: NotificationEmailVerifyRequest) =>
  apiRequest({
    method: 'POST',
    path: '/mypage/notification-email/verify',
    body,
    auth: true,
    response: mypageResponse,
    loading: 2,
  });
