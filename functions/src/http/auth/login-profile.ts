import { loginProfileRequest } from '@app/shared/schemas/auth';
import { authDeps } from '../../lib/auth-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { loginWithUsername } from '../../services/accounts.ts';

export const handler = httpHandler(
  'POST /auth/login-profile',
  { body: loginProfileRequest },
  async ({ body }) => loginWithUsername(await authDeps(), body.username, body.password),
);
