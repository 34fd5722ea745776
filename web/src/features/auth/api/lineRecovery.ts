import { type LineRecoveryRequest, okResponse } from '@app/shared/schemas/auth';
import { apiRequest } from '../../../lib/api.ts';

/** POST /auth/line-recovery: sends a code to the fan's notification e-mail. */
export const lineRecovery = (body: LineRecoveryRequest) =>
  apiRequest({
    method: 'POST',
    path: '/auth/line-recovery',
    body,
    auth: false,
    response: okResponse,
    loading: 2,
  });
