import { type PushSubscribeRequest, pushDeviceResponse } from '@app/shared/schemas/push';
import { apiRequest } from '../../../lib/api.ts';

/** POST /push/subscribe: this browser's push subscription, its topics and label. */
export const subscribePush = (body: PushSubscribeRequest) =>
  apiRequest({ method: 'POST', path: '/push/subscribe', body, auth: true, response: pushDeviceResponse });
