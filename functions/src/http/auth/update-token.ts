import { updateTokenRequest } from '@app/shared/schemas/auth';
import { authDeps } from '../../lib/auth-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { rotateSession } from '../../services/sessions.ts';

export const handler = httpHandler(
  'POST /auth/update_token',
  { body: updateTokenRequest },
  async ({ body }) => rotateSession(await authDeps(), body.refresh_token),
);
