import { reserveResponse } from '@app/shared/schemas/broadcasts';
import { apiRequest } from '../../../lib/api.ts';

/** GET /broadcasting/reserve/{id}: one of the creator's scheduled broadcasts. */
export const getReserve = (id: string) =>
  apiRequest({
    method: 'GET',
    path: `/broadcasting/reserve/${encodeURIComponent(id)}`,
    auth: true,
    response: reserveResponse,
  });
