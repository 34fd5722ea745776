import { lineRecoveryVerifyRequest } from '@app/shared/schemas/auth';
import { authDeps } from '../../lib/auth-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { verifyLineRecovery } from '../../services/line-recovery.ts';

export const handler = httpHandler(
  'POST /auth/line-recovery/verify',
  { body: lineRecoveryVerifyRequest },
  async ({ body }) => verifyLineRecovery(await authDeps(), body.email, body.code),
);
