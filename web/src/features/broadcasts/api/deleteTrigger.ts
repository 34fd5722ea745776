import { okResponse } from '@app/shared/schemas/shop';
import { apiRequest } from '../../../lib/api.ts';

/** POST /broadcasting/trigger/delete {id, version}: deletes a trigger broadcast. */
export const deleteTrigger = (id: string, version: number) =>
  apiRequest({
    method: 'POST',
    path: '/broadcasting/trigger/delete',
    body: { id, version },
    auth: true,
    response: okResponse,
  });
