import { type CastPasswordResetRequest, castResponse } from '@app/shared/schemas/organizations';
import { apiRequest } from '../../../lib/api.ts';

/** POST /organizations/casts/password: a new first password; the cast's sessions end. */
export const resetCastPassword = (body: CastPasswordResetRequest) =>
  apiRequest({
    method: 'POST',
    path: '/organizations/casts/password',
    body,
    auth: true,
    response: castResponse,
    loading: 2,
  });
