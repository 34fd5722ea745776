import { reserveListResponse } from '@app/shared/schemas/broadcasts';
import { apiRequest } from '../../../lib/api.ts';

/** GET /broadcasting/reserve/list/{id}: the creator's scheduled broadcasts, newest first, a page at a time. */
export const getReserves = (profileId: string, cursor?: string) =>
  apiRequest({
    method: 'GET',
    path: `/broadcasting/reserve/list/${encodeURIComponent(profileId)}`,
    query: { cursor },
    auth: true,
    response: reserveListResponse,
  });
