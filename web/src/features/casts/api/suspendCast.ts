import { castResponse } from '@app/shared/schemas/organizations';
import { apiRequest } from '../../../lib/api.ts';

/** POST /organizations/casts/suspend: the cast is logged out and hidden until resumed. */
export const suspendCast = (castId: string) =>
  apiRequest({
    method: 'POST',
    path: '/organizations/casts/suspend',
    body: { cast_id: castId },
    auth: true,
    response: castResponse,
    loading: 2,
  });
