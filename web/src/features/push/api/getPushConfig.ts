import { pushConfigResponse } from '@app/shared/schemas/push';
import { apiRequest } from '../../../lib/api.ts';

/** GET /push/config: the VAPID public key and, on the local cloud, the push stand-in's URL. */
export const getPushConfig = () =>
  apiRequest({ method: 'GET', path: '/push/config', auth: true, response: pushConfigResponse });
