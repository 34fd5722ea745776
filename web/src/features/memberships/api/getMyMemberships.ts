import { myMembershipsResponse } from '@app/shared/schemas/fanclub';
import { apiRequest } from '../../../lib/api.ts';

/** GET /fanclub/memberships/{id}: the fan's own memberships and passes. */
export const getMyMemberships = (profileId: string) =>
  apiRequest({
    method: 'GET',
    path: `/fanclub/memberships/${encodeURIComponent(profileId)}`,
    auth: true,
    response: myMembershipsResponse,
  });
