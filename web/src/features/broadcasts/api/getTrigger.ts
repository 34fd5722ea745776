import { triggerResponse } from '@app/shared/schemas/broadcasts';
import { apiRequest } from '../../../lib/api.ts';

/** GET /broadcasting/trigger/{id}: one of the creator's trigger broadcasts. */
export const getTrigger = (id: string) =>
  apiRequest({
    method: 'GET',
    path: `/broadcasting/trigger/${encodeURIComponent(id)}`,
    auth: true,
    response: triggerResponse,
  });
