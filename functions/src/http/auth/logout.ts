import { logoutRequest } from '@app/shared/schemas/auth';
import { authDeps } from '../../lib/auth-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { endSession } from '../../services/sessions.ts';

export const handler = httpHandler('POST /auth/logout', { body: logoutRequest }, async ({ body }) => {
  if (body.refresh_token) await endSession(await authDeps(), body.refresh_token);
  return { ok: true };
});
