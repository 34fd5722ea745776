import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { discover } from '../../services/social/discovery.ts';

export const handler = httpHandler('GET /like/discovery', {}, async ({ caller, clock }) =>
  discover({ db: getDb(), clock }, signedIn(caller).profile),
);
