import { type LineCallbackRequest, tokenResponse } from '@app/shared/schemas/auth';
import { apiRequest } from '../../../lib/api.ts';

/** POST /auth/line/callback: exchanges LINE's code for a session. */
export const lineCallback = (body: LineCallbackRequest) =>
  apiRequest({
    method: 'POST',
    path: '/auth/line/callback',
    body,
    auth: false,
    response: tokenResponse,
    loading: 1,
  });
