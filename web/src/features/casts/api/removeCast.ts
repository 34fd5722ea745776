import { okResponse } from '@app/shared/schemas/auth';
import { apiRequest } from '../../../lib/api.ts';

/** POST /organizations/casts/remove: the cast's account leaves the product (its sales stay). */
export const removeCast = (castId: string) =>
  apiRequest({
    method: 'POST',
    path: '/organizations/casts/remove',
    body: { cast_id: castId },
    auth: true,
    response: okResponse,
    loading: 2,
  });
