import { castResponse } from '@app/shared/schemas/organizations';
import { apiRequest } from '../../../lib/api.ts';

/** POST /organizations/casts/resume: a suspended cast may log in again. */
export const resumeCast = (castId: string) =>
  apiRequest({
    method: 'POST',
    path: '/organizations/casts/resume',
    body: { cast_id: castId },
    auth: true,
    response: castResponse,
    loading: 2,
  });
