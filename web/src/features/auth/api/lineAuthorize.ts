import { type LineAuthorizeRequest, lineAuthorizeResponse } from '@app/shared/schemas/auth';
import { apiRequest } from '../../../lib/api.ts';

/** POST /auth/line/authorize: the LINE Login URL and its state. */
export const lineAuthorize = (body: LineAuthorizeRequest) =>
  apiRequest({
    method: 'POST',
    path: '/auth/line/authorize',
    body,
    auth: false,
    response: lineAuthorizeResponse,
    loading: 2,
  });
