import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { newsDetail } from '../../services/social/home.ts';

export const handler = httpHandler('GET /home/news/{id}', {}, async ({ caller, params, clock }) =>
  newsDetail({ db: getDb(), clock }, signedIn(caller).profile, params.id as string),
);
