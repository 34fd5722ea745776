import { type PushTopicsRequest, pushDeviceResponse } from '@app/shared/schemas/push';
import { apiRequest } from '../../../lib/api.ts';

/** POST /push/topics: what one of the caller's devices is notified of. */
export const updatePushTopics = (body: PushTopicsRequest) =>
  apiRequest({ method: 'POST', path: '/push/topics', body, auth: true, response: pushDeviceResponse });
