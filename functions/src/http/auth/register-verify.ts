import { registerVerifyRequest } from '@app/shared/schemas/auth';
import { authDeps } from '../../lib/auth-deps.ts';
import { env } from '../../lib/env.ts';
import { httpHandler } from '../../lib/http.ts';
import { completeRegistration } from '../../services/accounts.ts';

export const handler = httpHandler(
  'POST /auth/register/verify',
  { body: registerVerifyRequest },
  async ({ body }) =>
    completeRegistration(await authDeps(), body.email, body.code, body.password, {
      termsVersion: env().CREATOR_TERMS_VERSION,
      campaignCode: body.campaign_code,
    }),
);
