import { pushDevicesResponse } from '@app/shared/schemas/push';
import { apiRequest } from '../../../lib/api.ts';

/** GET /push/subscriptions: the caller's devices that get notifications. */
export const getPushDevices = () =>
  apiRequest({ method: 'GET', path: '/push/subscriptions', auth: true, response: pushDevicesResponse });
