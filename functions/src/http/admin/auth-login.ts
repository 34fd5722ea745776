import { adminLoginRequest } from '@app/shared/schemas/admin';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { adminLogin } from '../../services/admin/auth.ts';

export const handler = httpHandler('POST /admin/auth/login', { body: adminLoginRequest }, async ({ body }) =>
  adminLogin(await appDeps(), body),
);
