import { movementView } from '@app/shared/schemas/admin-content';
import { apiRequest } from '../../../lib/api.ts';

/** GET /admin/points/journal?movement=: a movement's journal lines and whether it may be refunded. */
export const getMovement = (movement: string) =>
  apiRequest({
    method: 'GET',
    path: '/admin/points/journal',
    query: { movement },
    auth: true,
    response: movementView,
  });
