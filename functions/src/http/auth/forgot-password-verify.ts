import { forgotPasswordVerifyRequest } from '@app/shared/schemas/auth';
import { authDeps } from '../../lib/auth-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { completePasswordReset } from '../../services/accounts.ts';

export const handler = httpHandler(
  'POST /auth/forgot-password/verify',
  { body: forgotPasswordVerifyRequest },
  async ({ body }) => {
    await completePasswordReset(await authDeps(), body.email, body.code, body.password);
    return { ok: true };
  },
);
