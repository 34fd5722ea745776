import { getDb } from '../../db/service.ts';
import { httpHandler } from '../../lib/http.ts';
import { publicProfile } from '../../services/social/profile.ts';

export const handler = httpHandler('GET /profile/{id}', {}, async ({ caller, params, clock }) =>
  publicProfile({ db: getDb(), clock }, caller?.profile ?? null, params.id as string),
);
