import { forgotPasswordRequest } from '@app/shared/schemas/auth';
import { authDeps } from '../../lib/auth-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { startPasswordReset } from '../../services/accounts.ts';

export const handler = httpHandler(
  'POST /auth/forgot-password',
  { body: forgotPasswordRequest },
  async ({ body, lang }) => {
    await startPasswordReset(await authDeps(), body.email, lang);
    return { ok: true };
  },
);
