import { logoutRequest } from '@app/shared/schemas/auth';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { endSession } from '../../services/sessions.ts';

export const handler = httpHandler('POST /auth/logout', { body: logoutRequest }, async ({ body }) => {
  if (body.refresh_token) await endSession(await appDeps(), body.refresh_token);
  return { ok: true };
});
