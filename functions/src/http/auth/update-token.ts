import { updateTokenRequest } from '@app/shared/schemas/auth';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { rotateSession } from '../../services/sessions.ts';

export const handler = httpHandler(
  'POST /auth/update_token',
  { body: updateTokenRequest },
  async ({ body }) => rotateSession(await appDeps(), body.refresh_token),
);
