import { memberListResponse } from '@app/shared/schemas/fanclub';
import { apiRequest } from '../../../lib/api.ts';

/** GET /fanclub/members/{id}: the creator's members (current ones, then ended ones), a page at a time. */
export const getMembers = (profileId: string, cursor?: string) =>
  apiRequest({
    method: 'GET',
    path: `/fanclub/members/${encodeURIComponent(profileId)}`,
    query: { cursor },
    auth: true,
    response: memberListResponse,
  });
