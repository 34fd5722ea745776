import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { listCasts } from '../../services/organizations/casts.ts';

export const handler = httpHandler('GET /organizations/casts', {}, async ({ caller, clock }) =>
  listCasts({ db: getDb(), clock }, signedIn(caller).profile),
);
