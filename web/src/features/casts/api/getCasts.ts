import { castListResponse } from '@app/shared/schemas/organizations';
import { apiRequest } from '../../../lib/api.ts';

/** GET /organizations/casts: the owner's casts with this and last JST month's sales. */
export const getCasts = () =>
  apiRequest({ method: 'GET', path: '/organizations/casts', auth: true, response: castListResponse });
