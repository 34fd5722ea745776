import { type LineRecoveryVerifyRequest, lineRecoveryVerifyResponse } from '@app/shared/schemas/auth';
import { apiRequest } from '../../../lib/api.ts';

/** POST /auth/line-recovery/verify: the code gives a recovery token for LINE authorize. */
export const lineRecoveryVerify = (body: LineRecoveryVerifyRequest) =>
  apiRequest({
    method: 'POST',
    path: '/auth/line-recovery/verify',
    body,
    auth: false,
    response: lineRecoveryVerifyResponse,
    loading: 2,
  });
