import { unsubscribeInfoResponse } from '@app/shared/schemas/notification';
import { apiRequest } from '../../../lib/api.ts';

/** GET /notification/unsubscribe?token=: what the mail's link turns off (no login). */
export const getUnsubscribeInfo = (token: string) =>
  apiRequest({
    method: 'GET',
    path: '/notification/unsubscribe',
    query: { token },
    auth: false,
    response: unsubscribeInfoResponse,
    loading: 1,
  });
