import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { deleteProfileData } from '../../services/leave.ts';

export const handler = httpHandler('POST /auth/leave', {}, async ({ caller }) => {
  if (caller) await deleteProfileData(await appDeps(), caller.profile);
  return { ok: true };
});
