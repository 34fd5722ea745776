import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { adminMe } from '../../services/admin/auth.ts';

export const handler = httpHandler('GET /admin/me', {}, async ({ caller }) =>
  adminMe(signedIn(caller).profile),
);
