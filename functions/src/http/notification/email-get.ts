import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { getEmailPreferences } from '../../services/email-notifications/preferences.ts';

export const handler = httpHandler('GET /notification/email', {}, async ({ caller, clock }) =>
  getEmailPreferences({ db: getDb(), clock }, signedIn(caller).profile),
);
