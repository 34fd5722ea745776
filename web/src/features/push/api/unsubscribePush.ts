import { type PushUnsubscribeRequest, pushUnsubscribeResponse } from '@app/shared/schemas/push';
import { apiRequest } from '../../../lib/api.ts';

/** POST /push/unsubscribe: this browser's device (by endpoint) or one of the list (by id). */
export const unsubscribePush = (body: PushUnsubscribeRequest) =>
  apiRequest({
    method: 'POST',
    path: '/push/unsubscribe',
    body,
    auth: true,
    response: pushUnsubscribeResponse,
  });
