import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { home } from '../../services/social/home.ts';

export const handler = httpHandler('GET /home', {}, async ({ caller, clock }) =>
  home({ db: getDb(), clock }, signedIn(caller).profile),
);
