import { authDeps } from '../../lib/auth-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { deleteProfileData } from '../../services/leave.ts';

export const handler = httpHandler('POST /auth/leave', {}, async ({ caller }) => {
  if (caller) await deleteProfileData(await authDeps(), caller.profile);
  return { ok: true };
});
