import { type CastCreateRequest, castResponse } from '@app/shared/schemas/organizations';
import { apiRequest } from '../../../lib/api.ts';

/** POST /organizations/casts: a new cast (nickname, username, first password). */
export const createCast = (body: CastCreateRequest) =>
  apiRequest({
    method: 'POST',
    path: '/organizations/casts',
    body,
    auth: true,
    response: castResponse,
    loading: 2,
  });
