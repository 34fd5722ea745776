import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { getOrganization } from '../../services/organizations/registration.ts';

export const handler = httpHandler('GET /organizations', {}, async ({ caller }) =>
  getOrganization({ db: getDb() }, signedIn(caller).profile),
);
