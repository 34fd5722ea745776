import { okResponse } from '@app/shared/schemas/auth';
import { apiRequest } from '../../../lib/api.ts';

/** POST /mypage/notification-email/code: mails a code to the saved notification e-mail (fans). */
export const sendNotificationEmailCode = () =>
  apiRequest({
    method: 'POST',
    path: '/mypage/notification-email/code',
    body: {},
    auth: true,
    response: okResponse,
    loading: 2,
  });
