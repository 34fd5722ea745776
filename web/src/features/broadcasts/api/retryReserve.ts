import { reserveResponse } from '@app/shared/schemas/broadcasts';
import { apiRequest } from '../../../lib/api.ts';

/** POST /broadcasting/reserve/retry {id}: sends again to the failed recipients of an errored broadcast. */
export const retryReserve = (id: string) =>
  apiRequest({
    method: 'POST',
    path: '/broadcasting/reserve/retry',
    body: { id },
    auth: true,
    response: reserveResponse,
  });
