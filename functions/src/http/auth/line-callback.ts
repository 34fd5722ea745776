import { lineCallbackRequest } from '@app/shared/schemas/auth';
import { authDeps } from '../../lib/auth-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { completeLineLogin } from '../../services/line-login.ts';

export const handler = httpHandler(
  'POST /auth/line/callback',
  { body: lineCallbackRequest },
  async ({ body }) => completeLineLogin(await authDeps(), body.code, body.state, body.redirect_uri),
);
