import { triggerListResponse } from '@app/shared/schemas/broadcasts';
import { apiRequest } from '../../../lib/api.ts';

/** GET /broadcasting/trigger/list/{id}: the creator's trigger broadcasts (at most the limit). */
export const getTriggers = (profileId: string) =>
  apiRequest({
    method: 'GET',
    path: `/broadcasting/trigger/list/${encodeURIComponent(profileId)}`,
    auth: true,
    response: triggerListResponse,
  });
