import { lineRecoveryRequest } from '@app/shared/schemas/auth';
import { authDeps } from '../../lib/auth-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { startLineRecovery } from '../../services/line-recovery.ts';

export const handler = httpHandler(
  'POST /auth/line-recovery',
  { body: lineRecoveryRequest },
  async ({ body, lang }) => {
    await startLineRecovery(await authDeps(), body.email, lang);
    return { ok: true };
  },
);
