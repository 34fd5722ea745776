import { registerRequest } from '@app/shared/schemas/auth';
import { authDeps } from '../../lib/auth-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { startRegistration } from '../../services/accounts.ts';

export const handler = httpHandler(
  'POST /auth/register',
  { body: registerRequest },
  async ({ body, lang }) => {
    await startRegistration(await authDeps(), body.email, body.role_id, lang);
    return { ok: true };
  },
);
