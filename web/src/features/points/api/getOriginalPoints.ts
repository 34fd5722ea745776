import { originalPointsResponse } from '@app/shared/schemas/points';
import { apiRequest } from '../../../lib/api.ts';

/** GET /mypage/original-points: original points per issuer with their nearest expiry. */
export const getOriginalPoints = () =>
  apiRequest({
    method: 'GET',
    path: '/mypage/original-points',
    auth: true,
    response: originalPointsResponse,
  });
