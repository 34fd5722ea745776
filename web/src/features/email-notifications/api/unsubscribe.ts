import { unsubscribeInfoResponse } from '@app/shared/schemas/notification';
import { apiRequest } from '../../../lib/api.ts';

/** POST /notification/unsubscribe {token}: turns the link's kind of mail off (no login). */
export const unsubscribe = (token: string) =>
  apiRequest({
    method: 'POST',
    path: '/notification/unsubscribe',
    body: { token },
    auth: false,
    response: unsubscribeInfoResponse,
    loading: 2,
  });
