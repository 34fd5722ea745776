import { okResponse } from '@app/shared/schemas/auth';
import type { CastPasswordRequest } from '@app/shared/schemas/organizations';
import { apiRequest } from '../../../lib/api.ts';

/** POST /auth/cast-password: a cast chooses its own password (first login, or after a reset). */
export const castPassword = (body: CastPasswordRequest) =>
  apiRequest({
    method: 'POST',
    path: '/auth/cast-password',
    body,
    auth: true,
    response: okResponse,
    loading: 2,
  });
