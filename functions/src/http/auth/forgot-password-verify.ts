import { forgotPasswordVerifyRequest } from '@app/shared/schemas/auth';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { completePasswordReset } from '../../services/accounts.ts';

export const handler = httpHandler(
  'POST /auth/forgot-password/verify',
  { body: forgotPasswordVerifyRequest },
  async ({ body }) => {
    await completePasswordReset(await appDeps(), body.email, body.code, body.password);
    return { ok: true };
  },
);
