import { loginRequest } from '@app/shared/schemas/auth';
import { authDeps } from '../../lib/auth-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { login } from '../../services/accounts.ts';

export const handler = httpHandler('POST /auth/login', { body: loginRequest }, async ({ body }) =>
  login(await authDeps(), body.email, body.password),
);
