import { registerRequest } from '@app/shared/schemas/auth';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { startRegistration } from '../../services/accounts.ts';

export const handler = httpHandler(
  'POST /auth/register',
  { body: registerRequest },
  async ({ body, lang }) => {
    await startRegistration(await appDeps(), body.email, body.role_id, lang);
    return { ok: true };
  },
);
