import { okResponse } from '@app/shared/schemas/shop';
import { apiRequest } from '../../../lib/api.ts';

/** POST /broadcasting/reserve/delete {id, version}: deletes a scheduled broadcast not sent yet. */
export const deleteReserve = (id: string, version: number) =>
  apiRequest({
    method: 'POST',
    path: '/broadcasting/reserve/delete',
    body: { id, version },
    auth: true,
    response: okResponse,
  });
