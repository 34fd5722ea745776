import { lineAuthorizeRequest } from '@app/shared/schemas/auth';
import { authDeps } from '../../lib/auth-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { authorizeUrl } from '../../services/line-login.ts';

export const handler = httpHandler(
  'POST /auth/line/authorize',
  { body: lineAuthorizeRequest },
  async ({ body }) => authorizeUrl(await authDeps(), body.redirect_uri, body.recovery_token, body.invited_by),
);
