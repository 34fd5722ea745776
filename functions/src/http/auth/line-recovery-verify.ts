import { lineRecoveryVerifyRequest } from '@app/shared/schemas/auth';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { verifyLineRecovery } from '../../services/line-recovery.ts';

export const handler = httpHandler(
  'POST /auth/line-recovery/verify',
  { body: lineRecoveryVerifyRequest },
  async ({ body }) => verifyLineRecovery(await appDeps(), body.email, body.code),
);
